import Testing

@testable import SwiftLabCore

@Suite("SwiftLexer.completeness")
struct SwiftLexerCompletenessTests {
    @Test(arguments: [
        "", "let x = 1", "func f() {\n}", "[1, 2,\n 3]", "f(\n1)",
        #""a string with a ( and a {""#,
        "// a comment with ( [ {",
        "/* done */ x",
        "/* a /* nested */ comment */",
        "\"\"\"\nmulti\n\"\"\"",
        ##"#"raw with """ and ( inside"#"##,
        "'('",
        "x)",  // a stray closer is the compiler's to report
        "}",
        "let r = /[(]/",
        #""unterminated ( string"#,  // a single-line string cannot continue
        "#\"\"\"\n\"\"\" is not the end\n\"\"\"#",
    ])
    func complete(_ source: String) {
        #expect(SwiftLexer.completeness(of: source) == .complete)
    }

    @Test(arguments: [
        "func f() {", "let xs = [1, 2,", "print(1,", "if a {\n  if b {\n  }",
        "\"\"\"\nstill open",
        "let s = \"\"\"\nline \\(f(\n",
        "#\"\"\"\n\"\"\" is not the end",
        "/* open comment",
        "/* outer /* inner */ still open",
        "x = [(1, 2), (3,",
        #"f("a)" + "\(g(")")"#,  // the interpolation's parentheses are closed, f's is not
        "let r = #/\n  a+\n",
        "let r = #/",
    ])
    func incomplete(_ source: String) {
        #expect(SwiftLexer.completeness(of: source) == .incomplete)
    }

    /// As in LLDB and a Swift file, a type's `{` may come on the next line.
    @Test(arguments: [
        "class C", "struct Point: Equatable", "public final class C: NSObject", "@MainActor class Model",
        "@available(*, deprecated) enum Old", "let a = 1; protocol P", "extension Int", "actor Bank",
        "class C // the body follows",
    ])
    func typeDeclarationWithoutItsBody(_ source: String) {
        #expect(SwiftLexer.completeness(of: source) == .incomplete)
        #expect(SwiftLexer.completeness(of: source + "\n{ }") == .complete)
    }

    @Test(arguments: [
        "class C {}", "struct S { var a = 1 }", "let cls = \"class C\"", "class func f() {}", "enum E { case a }; f()",
    ])
    func completeTypeDeclarationsAndLookalikes(_ source: String) {
        #expect(SwiftLexer.completeness(of: source) == .complete)
    }

    @Test func mismatchedCloserClosesBackToItsOpener() {
        #expect(SwiftLexer.completeness(of: "f([1, 2)") == .complete)
        #expect(SwiftLexer.completeness(of: "{ f(]") == .incomplete)
    }
}
