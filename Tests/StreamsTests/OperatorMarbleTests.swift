import StreamsOperatorMarbles
import StreamsTesting
import Testing

/// The marble tests whose diagrams the documentation shows (Tests/StreamsOperatorMarbles):
/// each operator draws exactly the diagram its page will show.
@Suite struct OperatorMarbleTests {
    @Test(arguments: OperatorMarbles.all)
    func theOperatorDrawsTheDiagramItsPageShows(_ marble: OperatorMarble) {
        let diagram = marble.draw()
        #expect(diagram.mistakes.isEmpty)
        #expect(diagram.outputCompleted)
        #expect(diagram.rendered() == marble.expected)
    }

    @Test func everyTimeAndCombiningOperatorHasOne() {
        let symbols = Set(OperatorMarbles.all.map(\.symbol))
        #expect(symbols.count == OperatorMarbles.all.count)
        for name in [
            "delay", "debounce", "throttle", "timeout", "measureInterval", "merge", "combineLatest", "zip", "flatMap",
            "switchToLatest",
        ] {
            #expect(OperatorMarbles.all.contains { $0.name == name }, "\(name)")
        }
    }
}
