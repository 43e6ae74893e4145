import Testing

@testable import SwiftLabCore

@Suite("Completion")
struct CompletionTests {
    @Test func contextFindsTheWordAndItsPosition() {
        #expect(
            CompletionContext(textBeforeCursor: ":hi")
                == CompletionContext(textBeforeCursor: ":hi", word: ":hi", position: .command))
        #expect(CompletionContext(textBeforeCursor: "  :").position == .command)
        #expect(
            CompletionContext(textBeforeCursor: "xs.fil")
                == CompletionContext(textBeforeCursor: "xs.fil", word: "fil", position: .member))
        #expect(CompletionContext(textBeforeCursor: "let café = ca").word == "ca")
        #expect(CompletionContext(textBeforeCursor: "a ? b :c").position == .name)
        #expect(CompletionContext(textBeforeCursor: "f($0").word == "$0")
    }

    @Test func combinesProvidersAndInsertsTheCommonPrefix() {
        let engine = CompletionEngine(providers: [
            CommandCompletionProvider(registry: .standard),
            KeywordCompletionProvider(),
            NameCompletionProvider { ["numbers", "numberOfItems", "letters"] },
            NameCompletionProvider(positions: [.member]) { ["filter", "flatMap", "map"] },
        ])
        let command = engine.complete(textBeforeCursor: ":hi")
        #expect(command.candidates == [":history"])
        #expect(command.insertion == "story ")

        let names = engine.complete(textBeforeCursor: "print(num")
        #expect(names.candidates == ["numberOfItems", "numbers"])
        #expect(names.insertion == "ber")

        let keywordsAndNames = engine.complete(textBeforeCursor: "le")
        #expect(keywordsAndNames.candidates == ["let", "letters"])
        #expect(keywordsAndNames.insertion == "t")

        let members = engine.complete(textBeforeCursor: "xs.f")
        #expect(members.candidates == ["filter", "flatMap"])
        #expect(members.insertion == "")

        #expect(engine.complete(textBeforeCursor: "zzz").candidates.isEmpty)
    }

    @Test func listingFillsColumnsDownward() {
        let text = CompletionListing.columns(["a", "bb", "c", "d", "e"], width: 12)
        #expect(text == "a   c   e\nbb  d\n")
    }

    @Test func keyDecoderHandlesSplitAndBrokenSequences() {
        var decoder = UTF8KeyDecoder()
        var scalars: [Unicode.Scalar] = []
        for byte in Array("é👍".utf8) + [0xE2, 0x41, 0xFF] {
            decoder.append(byte)
            while let scalar = decoder.takeBufferedScalar() { scalars.append(scalar) }
        }
        #expect(scalars == ["é", "👍", "\u{FFFD}", "A", "\u{FFFD}"])
    }
}
