import Foundation
import Testing

@testable import SwiftLabCore

/// Declarations entered again replace the earlier ones, as in the LLDB REPL, so that a
/// learner can enter a corrected solution; where swiftlab cannot do that, it says what
/// to do instead.
@Suite(.serialized) struct EvalRedeclarationTests {
    func expectTranscript(_ inputs: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try EvalHarness.expectedTranscript(for: inputs)
        let run = try EvalHarness.runREPL(inputs)
        #expect(run.output == expected, sourceLocation: sourceLocation)
        #expect(run.status == 0, sourceLocation: sourceLocation)
    }

    /// A corrected solution entered again replaces the earlier one, as in the LLDB REPL,
    /// also when its signature changed (the script declares it in a nested scope).
    @Test func redeclaredTypesAndFunctionsReplaceEarlierOnes() throws {
        try expectTranscript([
            "enum E { case a }", "func g() -> E { .a }", "g()",
            "enum E { case a, b }", "func g() -> E { .b }", "g()",
            "enum E { case a, b, c }; func g() -> E { .c }", "g()",
            "func h(_ x: Int) -> Int { x }", "h(1)", "func h(_ x: Int) -> String { \"got \\(x)\" }", "h(2)",
            "let answer = 41", "func answer() -> Int { 42 }", "answer()",
        ])
    }

    /// An extension entered again (a corrected solution) replaces the earlier one's members:
    /// after it, the session behaves as a program that has only the new extension.
    @Test func redeclaredExtensionMembersReplaceEarlierOnes() throws {
        let first = [
            "extension Sequence { func twiceAll() -> [Element] { flatMap { [$0] } } }",
            "let one = [1, 2].twiceAll()",
        ]
        let second = [
            "extension Sequence { func twiceAll() -> [Element] { flatMap { [$0, $0] } } }",
            "let two = [1, 2].twiceAll()",
        ]
        let third = [
            "extension Sequence {\n    func twiceAll() -> Int { 2 }\n    func thrice() -> Int { 3 }\n}",
            "let three = [1].twiceAll() + [1].thrice()",
        ]
        let expected = try [first, second, third].map(EvalHarness.expectedTranscript(for:)).joined()
        let run = try EvalHarness.runREPL(first + second + third)
        #expect(run.output == expected)
        #expect(run.status == 0)
    }

    /// The runtime keeps the conformance it loaded first, so a second one is refused (the
    /// compiler's error for a conformance stated in two modules), with a way out.
    @Test func aConformanceEnteredAgainIsRefusedWithAWayOut() throws {
        let type = "struct Point { var x = 1 }"
        let first = "extension Point: CustomStringConvertible { var description: String { \"first\" } }"
        let second = "extension Point: CustomStringConvertible { var description: String { \"second\" } }"
        let run = try EvalHarness.runREPL([
            type, first, second, "print(Point())", "struct Point { var x = 2 }", second,
            "print(Point())",
        ])
        #expect(
            run.output.contains(
                "error: redundant conformance of 'Point' to protocol 'CustomStringConvertible'\n\(second)\n"))
        #expect(
            run.output.contains(
                "note: a conformance cannot be replaced while the session runs (the first one "
                    + "stays in effect); declare 'Point' again before the new extension, or :reset "
                    + "to start afresh.\nfirst\n"))
        #expect(run.output.hasSuffix("\nsecond\n"))
    }

    /// Operators are only visible through a whole import of their input, so a name
    /// declared beside one stays visible when entered again; entering the whole input
    /// again replaces it.
    @Test func aNameBesideAnOperatorIsReplacedWhenTheWholeInputIsEnteredAgain() throws {
        let operatorInput = "infix operator +++: AdditionPrecedence; func +++ (a: Int, b: Int) -> Int { a + b }; "
        let run = try EvalHarness.runREPL([
            operatorInput + "func g() -> Int { 1 }", "func g() -> String { \"two\" }", "g()",
            operatorInput + "func g() -> String { \"three\" }", "g()", "1 +++ 2",
        ])
        #expect(run.output.contains("error: ambiguous use of 'g()'\n"))
        #expect(
            run.output.contains(
                "note: 'g' was declared by more than one input, and an earlier declaration is "
                    + "still visible because its input also declares an operator or something else "
                    + "still in use; enter that input's declarations again together, or :reset to "
                    + "start afresh.\n"))
        #expect(run.output.hasSuffix("$R0: String = \"three\"\n$R1: Int = 3\n"))
    }

    /// A type entered again while a function entered before still takes the earlier one:
    /// the message names both copies by the inputs the learner saw at the prompt (never
    /// `CellN.`), and a note says what to enter again; entering it again works.
    @Test func aTypeEnteredAgainNamesItsInputsAndWhatToEnterAgain() throws {
        // Prompt lines: `struct Box {` 1-3, `func weigh` 4, `struct Box` 5, `weigh(Box())` 6.
        let run = try EvalHarness.runREPL([
            "struct Box {\n  var w = 1\n}", "func weigh(_ b: Box) -> Int { b.w }", "struct Box { var w = 2 }",
            "weigh(Box())", "func weigh(_ b: Box) -> Int { b.w * 10 }", "weigh(Box())",
        ])
        #expect(
            run.output.contains(
                "1:7: error: cannot convert value of type 'Box' (input 5) to expected argument type 'Box' (input 1)\n"
                    + "weigh(Box())\n      ^\n"
                    + "note: 'Box' was entered again in input 5; 'weigh' (input 4) was entered before that and "
                    + "still uses the earlier 'Box' (input 1): enter 'weigh' again to use the new one, or :reset "
                    + "to start afresh.\n"))
        #expect(!run.output.contains("Cell"))
        #expect(run.output.hasSuffix("$R0: Int = 20\n"))
    }
}
