import Testing

@testable import SwiftLabCore

private func itemTexts(_ source: String) -> [String] {
    SwiftLexer.topLevelItems(in: source).map(\.text)
}

@Suite("SwiftLexer.topLevelItems")
struct SwiftLexerTopLevelItemTests {
    @Test func splitsAtLineBreaksAndSemicolons() {
        #expect(
            itemTexts("let a = 1\nlet b = 2; print(a + b)\n\n") == [
                "let a = 1", "let b = 2", "print(a + b)",
            ])
        #expect(itemTexts("") == [])
        #expect(itemTexts(" ;; // only a comment\n") == [])
    }

    @Test func reportsLineAndColumnOfEachItem() {
        let items = SwiftLexer.topLevelItems(in: "/* é */ let a = 1;  b()\n\n   c")
        #expect(
            items == [
                TopLevelItem(text: "let a = 1", line: 1, column: 9),
                TopLevelItem(text: "b()", line: 1, column: 21),
                TopLevelItem(text: "c", line: 3, column: 4),
            ])
    }

    @Test func bracketsKeepLinesTogether() {
        let source = "func f() {\n  let x = 1; print(x)\n}\nf()"
        #expect(itemTexts(source) == ["func f() {\n  let x = 1; print(x)\n}", "f()"])
        #expect(
            itemTexts("let s = \"\"\"\na;\nb\n\"\"\"\nprint(s)") == [
                "let s = \"\"\"\na;\nb\n\"\"\"", "print(s)",
            ])
    }

    @Test func continuationLinesStayInTheItem() {
        let chain = "let ys = xs\n  .map { $0 * 2 }\n  .filter { $0 > 2 }\nprint(ys)"
        #expect(itemTexts(chain) == ["let ys = xs\n  .map { $0 * 2 }\n  .filter { $0 > 2 }", "print(ys)"])

        let ifElse = "if a {\n  x()\n}\nelse if b {\n}\nelse {\n}\ny()"
        #expect(itemTexts(ifElse) == ["if a {\n  x()\n}\nelse if b {\n}\nelse {\n}", "y()"])

        let doCatch = "do {\n  try f()\n}\ncatch {\n  print(error)\n}"
        #expect(itemTexts(doCatch).count == 1)

        let generic = "func f<T>(_ t: T)\n  where T: Equatable {\n}"
        #expect(itemTexts(generic).count == 1)

        let binary = "let total = a\n  + b\n  - c"
        #expect(itemTexts(binary) == [binary])

        let ternary = "let v = flag\n  ? 1\n  : 2"
        #expect(itemTexts(ternary) == [ternary])

        let trailingOperator = "let w = a +\n  b ==\n  c"
        #expect(itemTexts(trailingOperator) == [trailingOperator])

        let trailingComma = "let (p, q) = (1,\n 2), r = 3,\n  s = 4"
        #expect(itemTexts(trailingComma) == [trailingComma])

        let repeatWhile = "repeat {\n  n -= 1\n}\nwhile n > 0"
        #expect(itemTexts(repeatWhile + "\nwhile false {}") == [repeatWhile, "while false {}"])

        let allman = "if ok\n{\n  go()\n}"
        #expect(itemTexts(allman) == [allman])
    }

    @Test func prefixOperatorOnANewLineStartsANewItem() {
        #expect(itemTexts("x = y!\n-z\n!flag") == ["x = y!", "-z", "!flag"])
    }

    @Test func attributesStayWithTheirDeclaration() {
        let source = "@discardableResult\n@available(*, deprecated)\nfunc f() -> Int { 1 }\nf()"
        #expect(
            itemTexts(source) == [
                "@discardableResult\n@available(*, deprecated)\nfunc f() -> Int { 1 }", "f()",
            ])
    }

    @Test func conditionalCompilationBlockIsOneItem() {
        let block = "#if DEBUG\nlet mode = 1\n#else\nlet mode = 2\n#endif"
        #expect(itemTexts(block + "\nprint(mode)") == [block, "print(mode)"])
    }

    @Test func commentsBetweenItemsAreDroppedButInnerCommentsKept() {
        let source = "// leading\nlet a = 1 // trailing\nlet b = [1, /* inner */ 2]"
        #expect(itemTexts(source) == ["let a = 1", "let b = [1, /* inner */ 2]"])
    }

    @Test func semicolonsInsideStringsAndClosuresDoNotSplit() {
        #expect(
            itemTexts(#"print("a; b"); xs.forEach { print($0); print(1) }"#) == [
                #"print("a; b")"#, "xs.forEach { print($0); print(1) }",
            ])
    }

    @Test func strayClosingBracketDoesNotSwallowTheRest() {
        #expect(itemTexts("f())\ng()") == ["f())", "g()"])
    }
}
