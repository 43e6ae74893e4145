import Testing

@testable import SwiftLabCore

/// Random inputs built from the characters that matter to the lexer: whatever they
/// are, it must not crash or hang, and what it reports must point into the source.
@Suite("SwiftLexer on random input")
struct SwiftLexerRobustnessTests {
    /// A small deterministic generator, so a failure can be replayed.
    private struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static let pieces: [String] = [
        "\"", "\"\"\"", "#", "##", "\\", "\\(", "\\#(", "(", ")", "[", "]", "{", "}", "/", "*",
        "/*", "*/", "//", "\n", "\r\n", " ", "'", "`", "@", "$0", ".", ",", ";", ":", "+", "?",
        "let", "x", "else", "1", "0x1p", "é", "👍🏽", "e\u{301}", "\u{FFFD}", "#/", "/#", "#if", "#endif",
    ]

    /// The source from a 1-based line and column (in `Character`s) on.
    private static func text(of source: String, fromLine line: Int, column: Int) -> Substring {
        var (currentLine, currentColumn) = (1, 1)
        var index = source.startIndex
        while index < source.endIndex, (currentLine, currentColumn) != (line, column) {
            let character = source[index]
            if character == "\n" || character == "\r\n" || character == "\r" {
                (currentLine, currentColumn) = (currentLine + 1, 1)
            } else {
                currentColumn += 1
            }
            index = source.index(after: index)
        }
        return source[index...]
    }

    @Test func tokensAndItemsPointIntoTheSource() {
        var generator = SplitMix64(state: 20_261_121)
        for _ in 0..<3000 {
            let count = Int.random(in: 0...40, using: &generator)
            let source = (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let utf8 = Array(source.utf8)

            var previousOffset = -1
            for token in SwiftLexer.tokenize(source) {
                #expect(token.utf8Offset > previousOffset, "tokens in order in \(source.debugDescription)")
                previousOffset = token.utf8Offset
                let bytes = Array(token.text.utf8)
                #expect(!bytes.isEmpty)
                #expect(
                    Array(utf8[token.utf8Offset..<min(utf8.count, token.utf8Offset + bytes.count)]) == bytes,
                    "token \(token.text.debugDescription) at its offset in \(source.debugDescription)")
            }

            _ = SwiftLexer.completeness(of: source)
            let lineCount = source.filter { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.count + 1
            for item in SwiftLexer.topLevelItems(in: source) {
                #expect(!item.text.isEmpty)
                #expect(item.line >= 1 && item.line <= lineCount && item.column >= 1)
                #expect(
                    Self.text(of: source, fromLine: item.line, column: item.column).hasPrefix(item.text),
                    "item \(item.text.debugDescription) at \(item.line):\(item.column) of \(source.debugDescription)")
            }
        }
    }
}
