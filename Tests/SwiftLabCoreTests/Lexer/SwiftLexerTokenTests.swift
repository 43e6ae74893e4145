import Testing

@testable import SwiftLabCore

/// The kinds and texts of the tokens of `source`, for compact expectations.
private func lexed(_ source: String) -> [(SwiftToken.Kind, String)] {
    SwiftLexer.tokenize(source).map { ($0.kind, $0.text) }
}

private func expectTokens(
    _ source: String, _ expected: [(SwiftToken.Kind, String)],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = lexed(source)
    #expect(actual.map(\.0) == expected.map(\.0), sourceLocation: sourceLocation)
    #expect(actual.map(\.1) == expected.map(\.1), sourceLocation: sourceLocation)
}

@Suite("SwiftLexer.tokenize")
struct SwiftLexerTokenTests {
    @Test func identifiersKeywordsAndPunctuation() {
        expectTokens(
            "let xs = [1, 2]",
            [
                (.keyword, "let"), (.identifier, "xs"), (.operator, "="), (.punctuation, "["),
                (.integerLiteral, "1"), (.punctuation, ","), (.integerLiteral, "2"), (.punctuation, "]"),
            ])
        expectTokens(
            "`class` $0 $R12 _ café 🐶",
            [
                (.identifier, "`class`"), (.identifier, "$0"), (.identifier, "$R12"), (.keyword, "_"),
                (.identifier, "café"), (.identifier, "🐶"),
            ])
    }

    @Test func numbers() {
        expectTokens(
            "42 1_000 0xFF 0o17 0b1010 3.14 1e-9 2E+3 0x1p4 0x1.8p1",
            [
                (.integerLiteral, "42"), (.integerLiteral, "1_000"), (.integerLiteral, "0xFF"),
                (.integerLiteral, "0o17"), (.integerLiteral, "0b1010"), (.floatLiteral, "3.14"),
                (.floatLiteral, "1e-9"), (.floatLiteral, "2E+3"), (.floatLiteral, "0x1p4"),
                (.floatLiteral, "0x1.8p1"),
            ])
        // A dot after an integer is member access or a range, not a fraction.
        expectTokens(
            "1.description 1...3 0..<n",
            [
                (.integerLiteral, "1"), (.punctuation, "."), (.identifier, "description"),
                (.integerLiteral, "1"), (.operator, "..."), (.integerLiteral, "3"),
                (.integerLiteral, "0"), (.operator, "..<"), (.identifier, "n"),
            ])
    }

    @Test func operators() {
        expectTokens(
            "a+b -> c?.d ?? e! == f && !g",
            [
                (.identifier, "a"), (.operator, "+"), (.identifier, "b"), (.operator, "->"),
                (.identifier, "c"), (.operator, "?"), (.punctuation, "."), (.identifier, "d"),
                (.operator, "??"), (.identifier, "e"), (.operator, "!"), (.operator, "=="),
                (.identifier, "f"), (.operator, "&&"), (.operator, "!"), (.identifier, "g"),
            ])
        // An operator stops where a comment starts.
        expectTokens(
            "a+/* c */b",
            [
                (.identifier, "a"), (.operator, "+"), (.blockComment, "/* c */"), (.identifier, "b"),
            ])
    }

    @Test func attributesAndPoundKeywords() {
        expectTokens(
            "@MainActor #if DEBUG #expect(x)",
            [
                (.attribute, "@MainActor"), (.poundKeyword, "#if"), (.identifier, "DEBUG"),
                (.poundKeyword, "#expect"), (.punctuation, "("), (.identifier, "x"), (.punctuation, ")"),
            ])
    }

    @Test func singleLineString() {
        expectTokens(
            #"print("a \"quoted\" \\ word")"#,
            [
                (.identifier, "print"), (.punctuation, "("),
                (.stringLiteral, #""a \"quoted\" \\ word""#), (.punctuation, ")"),
            ])
        expectTokens(#""" + x"#, [(.stringLiteral, #""""#), (.operator, "+"), (.identifier, "x")])
    }

    @Test func interpolationWithNestedStringsAndParentheses() {
        let literal = #""sum: \(f("a)", (1 + 2))) and \("nested \("deeper")")""#
        expectTokens(
            literal + " + 1",
            [
                (.stringLiteral, literal), (.operator, "+"), (.integerLiteral, "1"),
            ])
        // A comment inside an interpolation may hold a quote.
        let commented = #""\(x /* " */)" y"#
        expectTokens(commented, [(.stringLiteral, #""\(x /* " */)""#), (.identifier, "y")])
    }

    @Test func unterminatedSingleLineStringEndsAtLineBreak() {
        expectTokens("\"abc\nlet x", [(.stringLiteral, "\"abc"), (.keyword, "let"), (.identifier, "x")])
    }

    @Test func multiLineString() {
        let literal = "\"\"\"\n  one \"quote\" and \"\" two\n  \\(x) \\\"\"\"\n  \"\"\""
        expectTokens(
            literal + ".count",
            [
                (.stringLiteral, literal), (.punctuation, "."), (.identifier, "count"),
            ])
    }

    @Test func multiLineStringWithInterpolationSpanningLines() {
        let literal = "\"\"\"\nvalue: \\(max(\n  1,\n  \"x\".count))\n\"\"\""
        expectTokens(literal, [(.stringLiteral, literal)])
    }

    @Test func rawStrings() {
        expectTokens(
            ##"#"C:\path "quoted" \(notInterpolated)"#"##,
            [
                (.stringLiteral, ##"#"C:\path "quoted" \(notInterpolated)"#"##)
            ])
        expectTokens(
            ###"##"has "# inside"## x"###,
            [
                (.stringLiteral, ###"##"has "# inside"##"###), (.identifier, "x"),
            ])
        // `\#(` interpolates in a one-hash raw string, and may hold a string of its own.
        expectTokens(
            ##"#"a \#(f(")"#)) b"# + c"##,
            [
                (.stringLiteral, ##"#"a \#(f(")"#)) b"#"##), (.operator, "+"), (.identifier, "c"),
            ])
        let multiline = "#\"\"\"\nraw \"\"\" still inside\n\"\"\"#"
        expectTokens(multiline, [(.stringLiteral, multiline)])
    }

    @Test func regexLiterals() {
        expectTokens(
            "let r = /a+b\\/c/",
            [
                (.keyword, "let"), (.identifier, "r"), (.operator, "="), (.regexLiteral, "/a+b\\/c/"),
            ])
        expectTokens(
            "s.contains(#/x/y/#)",
            [
                (.identifier, "s"), (.punctuation, "."), (.identifier, "contains"), (.punctuation, "("),
                (.regexLiteral, "#/x/y/#"), (.punctuation, ")"),
            ])
        // After a value, `/` divides.
        expectTokens(
            "a / b / c",
            [
                (.identifier, "a"), (.operator, "/"), (.identifier, "b"), (.operator, "/"), (.identifier, "c"),
            ])
        expectTokens(
            "x = y/2/z",
            [
                (.identifier, "x"), (.operator, "="), (.identifier, "y"), (.operator, "/"),
                (.integerLiteral, "2"), (.operator, "/"), (.identifier, "z"),
            ])
    }

    @Test func singleQuotedTextIsOneTokenEndingAtItsLine() {
        expectTokens(
            "let c = 'a' + 'b",
            [
                (.keyword, "let"), (.identifier, "c"), (.operator, "="), (.singleQuotedText, "'a'"),
                (.operator, "+"), (.singleQuotedText, "'b"),
            ])
        expectTokens("'it\\'s'\nx", [(.singleQuotedText, "'it\\'s'"), (.identifier, "x")])
    }

    @Test func comments() {
        expectTokens(
            "x // a \"comment /*\ny",
            [
                (.identifier, "x"), (.lineComment, "// a \"comment /*"), (.identifier, "y"),
            ])
        let nested = "/* outer /* inner */ still \"outer\" */"
        expectTokens(nested + " z", [(.blockComment, nested), (.identifier, "z")])
    }

    @Test func unknownCharactersNeverStopTheLexer() {
        expectTokens(
            "a \u{FFFD} # \u{0} b",
            [
                (.identifier, "a"), (.unknown, "\u{FFFD}"), (.unknown, "#"), (.unknown, "\u{0}"),
                (.identifier, "b"),
            ])
    }

    @Test func positionsCountCharactersAndUTF8Bytes() {
        let tokens = SwiftLexer.tokenize("let é = \"👍🏽\"\n  é += 1")
        let positions = tokens.map { [$0.line, $0.column, $0.utf8Offset] }
        #expect(
            positions == [
                [1, 1, 0], [1, 5, 4], [1, 7, 7], [1, 9, 9],
                [2, 3, 22], [2, 5, 25], [2, 8, 28],
            ])
    }

    @Test func crlfCountsAsOneLineBreak() {
        let tokens = SwiftLexer.tokenize("a\r\nb\rc")
        #expect(tokens.map(\.line) == [1, 2, 3])
        #expect(tokens.map(\.column) == [1, 1, 1])
    }

    @Test func textsOfAllTokensCoverTheSourceExceptBlanks() {
        let source = #"func f(_ s: String) -> Int { /*c*/ s.count + "\(1)".count } //end"#
        let joined = SwiftLexer.tokenize(source).map(\.text).joined()
        #expect(joined == source.filter { $0 != " " })
    }
}
