// streams-marble-pictures DIRECTORY: draws the marble diagram of every operator in
// OperatorMarbles (Tests/StreamsOperatorMarbles) into DIRECTORY, a copy of Streams' DocC
// catalog: NAME.svg, and NAME-marbles.md, a documentation extension adding the picture to
// the operator's page. scripts/docs.sh runs it before `docc convert`. A diagram that
// disagrees with its marble test is not drawn: the command fails, naming it.
import Foundation
import StreamsOperatorMarbles
import StreamsTesting

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: streams-marble-pictures CATALOG-DIRECTORY\n".utf8))
    exit(2)
}
let directory = URL(fileURLWithPath: CommandLine.arguments[1]).appendingPathComponent("Marbles")
do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var wrong: [String] = []
    for marble in OperatorMarbles.all {
        let diagram = marble.draw()
        guard diagram.rendered() == marble.expected else {
            wrong.append("\(marble.name): expected\n\(marble.expected)\ngot\n\(diagram.rendered())")
            continue
        }
        try Data(diagram.svg.utf8).write(to: directory.appendingPathComponent(marble.name + ".svg"))
        let page = """
            # ``Streams/\(marble.symbol)``

            ## Marble diagram

            ![\(marble.summary)](\(marble.name).svg)

            \(marble.summary) Drawn from the operator's marble test in `OperatorMarbles` \
            (Tests/StreamsOperatorMarbles), which `swift test` checks:

            ```
            \(marble.expected)
            ```

            """
        try Data(page.utf8).write(to: directory.appendingPathComponent(marble.name + "-marbles.md"))
    }
    guard wrong.isEmpty else {
        FileHandle.standardError.write(
            Data(
                ("streams-marble-pictures: diagrams that disagree with their tests:\n" + wrong.joined(separator: "\n\n")
                    + "\n").utf8))
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("streams-marble-pictures: \(error)\n".utf8))
    exit(1)
}
