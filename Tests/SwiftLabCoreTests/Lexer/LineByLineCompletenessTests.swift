import Testing

@testable import SwiftLabCore

@Suite("LineByLineCompleteness")
struct LineByLineCompletenessTests {
    /// After every line, the incremental answer equals the lexer's on all lines so far.
    @Test(arguments: [
        "func f() {\n  let s = \"}\"\n  print(s)\n}",
        "let s = \"\"\"\n  { [ (\n  \\(f(\n  1))\n  \"\"\"",
        "/* one\n /* two\n */ still\n*/ x",
        "let xs = [\n  1,\n  2\n]",
        "x)\n(\n]\n)",
        "#\"\"\"\n\"\"\" not yet\n\"\"\"#\nf(",
        "let r = #/\n  (a\n/#\n[",
        "if a {\n} else {\n  '}'\n}",
        "class C\n{ unowned var c: C? }",
        "struct S: Equatable\n{\n  var a = 1\n}",
    ])
    func agreesWithTheLexerAfterEveryLine(_ source: String) {
        var incremental = LineByLineCompleteness()
        var lines: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(line)
            let expected = SwiftLexer.completeness(of: lines.joined(separator: "\n"))
            #expect(incremental.append(line: String(line)) == expected, "after \(lines.count) lines")
        }
    }

    @Test func tenThousandLinesInsideOneBracket() {
        var incremental = LineByLineCompleteness()
        #expect(incremental.append(line: "let xs = [") == .incomplete)
        for value in 0..<10_000 {
            #expect(incremental.append(line: "  \(value),") == .incomplete)
        }
        #expect(incremental.append(line: "]") == .complete)
        incremental.reset()
        #expect(incremental.append(line: "1 + 1") == .complete)
    }
}

@Suite("LineByLineCompleteness: what a Swift file reads on")
struct LineContinuationTests {
    /// Feeds `lines`; all but the last leave the input incomplete, the last completes it.
    func expectCompleteOnlyAtTheEnd(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        var incremental = LineByLineCompleteness()
        for (index, line) in lines.enumerated() {
            let expected: InputCompleteness = index == lines.count - 1 ? .complete : .incomplete
            #expect(incremental.append(line: line) == expected, "after \(line)", sourceLocation: sourceLocation)
        }
        #expect(SwiftLexer.completeness(of: lines.joined(separator: "\n")) == .complete)
    }

    @Test func functionHeadersWaitForTheirBody() {
        expectCompleteOnlyAtTheEnd(["func f()", "{ }"])
        expectCompleteOnlyAtTheEnd(["func f<T>(_ x: T) -> T", "where T: Equatable", "{ x }"])
        expectCompleteOnlyAtTheEnd(["func f<A,", "  B>(_ a: A, _ b: B)", "{}"])
        expectCompleteOnlyAtTheEnd(["extension Array", "where Element: Equatable {", "}"])
    }

    @Test func aValueOnTheNextLine() {
        expectCompleteOnlyAtTheEnd(["var x =", "  5"])
        expectCompleteOnlyAtTheEnd(["let sum = 1 +", "  2"])
    }

    @Test func attributesAloneOnTheirLine() {
        expectCompleteOnlyAtTheEnd(["@inline(never)", "func f() {}"])
        expectCompleteOnlyAtTheEnd(["@MainActor", "@discardableResult", "func g() -> Int { 1 }"])
    }

    @Test func conditionalBlocks() {
        expectCompleteOnlyAtTheEnd(["#if false", "print(1)", "#if os(Linux)", "#endif", "#endif"])
    }

    /// A header whose body never comes does not swallow the next statement.
    @Test func aHeaderWithoutBodyEndsAtTheNextStatement() {
        expectCompleteOnlyAtTheEnd(["class C", "C()"])
    }

    @Test func ordinaryLinesStayComplete() {
        for line in ["x = -1", "a!", "let r = 0...", "print(1) // ends with a comment: ,", "f(x) { $0 }"] {
            var incremental = LineByLineCompleteness()
            #expect(incremental.append(line: line) == .complete, "\(line)")
        }
    }
}
