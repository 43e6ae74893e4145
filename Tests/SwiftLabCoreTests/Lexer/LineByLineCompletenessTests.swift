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
