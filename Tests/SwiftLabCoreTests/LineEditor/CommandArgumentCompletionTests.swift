import Testing

@testable import SwiftLabCore

/// After a `:` command only what that command takes is offered, not Swift names.
@Suite struct CommandArgumentCompletionTests {
    let engine = CompletionEngine(providers: [
        CommandCompletionProvider(registry: .standard),
        KeywordCompletionProvider(),
        NameCompletionProvider { ["sum", "subject"] },
        LessonCompletionProvider(library: LessonFixtures.library()),
    ])

    @Test func lessonOffersOnlyLessonNamesAndNumbers() {
        #expect(engine.complete(textBeforeCursor: ":lesson ").candidates == ["1", "2", "basics", "sums"])
        #expect(engine.complete(textBeforeCursor: ":lesson su").candidates == ["sums"])
        #expect(engine.complete(textBeforeCursor: "  :l  b").candidates == ["basics"])
        #expect(engine.complete(textBeforeCursor: ":lesson sums su").candidates.isEmpty)
    }

    @Test func otherCommandsOfferTheirOwnArgumentsOrNothing() {
        #expect(engine.complete(textBeforeCursor: ":help hi").candidates == ["history"])
        #expect(engine.complete(textBeforeCursor: ":progress r").candidates == ["reset"])
        #expect(engine.complete(textBeforeCursor: ":history su").candidates.isEmpty)
        #expect(engine.complete(textBeforeCursor: ":run su").candidates.isEmpty)
    }

    @Test func swiftStillCompletesInCodeAndAfterType() {
        #expect(engine.complete(textBeforeCursor: "su").candidates == ["subject", "subscript", "sum", "super"])
        #expect(engine.complete(textBeforeCursor: ":type su").candidates == ["subject", "subscript", "sum", "super"])
        #expect(engine.complete(textBeforeCursor: "let x = a ? b :su").candidates.contains("sum"))
    }
}
