import Foundation
import Testing

@testable import SwiftLabCore

/// Programs fed to swiftlab a line at a time run as `swiftc` runs them as one file (issue
/// 28): each test is one way an input-by-input REPL used to differ.
@Suite(.serialized) struct EvalInputByInputTests {
    func transcript(_ lines: [String], arguments: [String] = []) throws -> String {
        let run = try EvalHarness.runREPL(lines, arguments: arguments)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        return run.output
    }

    /// A declaration cut at a line end waits for the rest: `func f()` with its `{` on the
    /// next line, a `where` clause and generic parameters continued, `var x =` and its value.
    @Test func aDeclarationCutAtALineEndWaitsForTheRest() throws {
        let output = try transcript([
            "func twice(_ x: Int) -> Int", "{", "    x * 2", "}",
            "func same<T>(_ a: T, _ b: T) -> Bool", "where T: Equatable", "{ a == b }",
            "func pair<A,", "          B>(_ a: A, _ b: B) -> (A, B) { (a, b) }",
            "var x =", "    twice(21)",
            "same(1, 1)", "pair(1, \"b\").1",
        ])
        #expect(output == "x: Int = 42\n$R0: Bool = true\n$R1: String = \"b\"\n")
    }

    /// `#if false` ... `#endif` is one input, and what is inside it does not run.
    @Test func anIfBlockIsOneInput() throws {
        let output = try transcript(["#if false", "print(\"inside\")", "#endif", "print(\"after\")"])
        #expect(output == "after\n")
    }

    /// An attribute alone on its line belongs to the declaration below it.
    @Test func anAttributeAloneOnItsLineBelongsToTheNextDeclaration() throws {
        let output = try transcript(["@discardableResult", "func three() -> Int { 3 }", "three()", "print(\"ok\")"])
        #expect(output == "$R0: Int = 3\nok\n")
    }

    /// `private` and `fileprivate` top-level declarations are visible to later inputs, as
    /// in the LLDB REPL and one file.
    @Test func privateTopLevelDeclarationsAreVisibleLater() throws {
        let output = try transcript([
            "private let secret = 7", "fileprivate func reveal(_ x: Int) -> Int { x * 2 }",
            "private(set) var count = 1",
            "count += reveal(secret)", "count",
        ])
        #expect(output == "secret: Int = 7\ncount: Int = 1\n$R0: Int = 15\n")
    }

    /// In the Swift 5 language mode top-level variables are not main-actor isolated, so a
    /// function or initializer may read them, as `swiftc -swift-version 5` allows.
    @Test func swift5FunctionsReadTopLevelVariables() throws {
        let output = try transcript(
            [
                "var total = 10", "func add(_ n: Int) { total += n }", "struct Snapshot { var v = total }", "add(5)",
                "Snapshot().v",
            ],
            arguments: ["--swift-version", "5"])
        #expect(output == "total: Int = 10\n$R0: Int = 15\n")
    }

    /// An overload entered later keeps the earlier one (a prefix `-` next to an infix one
    /// too); a redeclaration with the same signature still replaces it.
    @Test func overloadsEnteredLaterKeepTheEarlierOnes() throws {
        let output = try transcript([
            "func describe(_ x: Int) -> String { \"int\" }", "func describe(_ x: String) -> String { \"string\" }",
            "describe(1) + describe(\"a\")",
            "struct V { var x: Int }", "func - (a: V, b: V) -> V { V(x: a.x - b.x) }",
            "prefix func - (a: V) -> V { V(x: -a.x) }", "(V(x: 5) - V(x: 2)).x + (-V(x: 1)).x",
            "func describe(_ x: Int) -> String { \"new int\" }", "describe(1) + describe(\"a\")",
        ])
        #expect(output == "$R0: String = \"intstring\"\n$R1: Int = 2\n$R2: String = \"new intstring\"\n")
    }

    /// A top-level name that is also a contextual keyword or a standard library name
    /// (`any`) is the learner's in later inputs.
    @Test func aNameTheStandardLibraryAlsoDeclaresIsTheLearners() throws {
        let output = try transcript(["var any = 1", "any += 1", "any"])
        #expect(output == "any: Int = 1\n$R0: Int = 2\n")
    }

    /// The learner's type wins over one of the modules every input imports (Streams'
    /// `Record`), as a file's own types do.
    @Test func aTypeOfTheLearnersShadowsAnImplicitlyImportedOne() throws {
        let output = try transcript(["struct Record { var key = \"k\" }", "let r: Record? = Record()", "print(r!.key)"])
        #expect(output == "r: Record? = Optional(Record(key: \"k\"))\nk\n")
    }

    /// As in LLDB: a throwing call without `try` shows the error thrown as `$E0`, and an
    /// uninitialised variable shows LLDB's zero.
    @Test func lldbShowsThrownErrorsAndUninitialisedVariables() throws {
        let output = try transcript(
            [
                "enum VagueProblem: Error { case SomethingWentWrong }",
                "func g() throws -> Int { throw VagueProblem.SomethingWentWrong }", "g()", "var x: Int",
                "var s: String", "1",
            ], arguments: ["--display", "lldb"])
        #expect(
            output
                == "$E0: VagueProblem = SomethingWentWrong\nx: Int = 0\ns: String = <uninitialized>\n$R0: Int = 1\n")
    }

    /// `< FILE` feeds a file's lines as if typed, as in the LLDB REPL; a missing file is
    /// said so, and the session goes on.
    @Test func aFileFedWithLessThan() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fed-\(UUID()).swift")
        try "print(\"fed\")\nlet fedValue =\n  41 + 1\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try EvalHarness.runREPL(["< \(file.path)", "fedValue", "< /no/such/file.swift", "1"])
        #expect(
            run.output + run.errors
                == "fed\nfedValue: Int = 42\n$R0: Int = 42\nThere is no file /no/such/file.swift to read.\n$R1: Int = 1\n"
        )
        #expect(run.status == 1)
    }

    /// A computed top-level property shows as LLDB shows it; its getter runs when read.
    @Test func aComputedPropertyRunsWhenRead() throws {
        let output = try transcript([
            "var reads = 0", "var next: Int { reads += 1; return reads }", "reads", "next", "reads",
        ])
        #expect(output == "reads: Int = 0\nnext: Int = <computed property>\n$R0: Int = 0\n$R1: Int = 1\n$R2: Int = 1\n")
    }

    /// A result starts a line of its own after output that did not end one.
    @Test func aResultStartsItsOwnLine() throws {
        let output = try transcript([
            "print(\"a\", terminator: \"\")", "1", "func noisy() -> Int { print(\"b\", terminator: \"\"); return 2 }",
            "noisy()", "print(\"c\")",
        ])
        #expect(output == "a\n$R0: Int = 1\nb\n$R1: Int = 2\nc\n")
    }
}
