import Foundation
import Testing

@testable import SwiftLabCore

/// `$R` results as values of later inputs, as in the LLDB REPL (issue 14): the outputs
/// below are what `lldb --repl` shows for the same inputs, in its display.
@Suite(.serialized) struct EvalResultReferenceTests {
    static let inputs = [
        "1 + 2", "$R0 + 5", "var x = $R0", "$R0.description", "print(\"twice: \\($R1 * 2)\")",
        "$R0 = 10", "$R0", "struct Point { var x = 1 }", "Point()", "$R4.x", "$R9",
    ]

    @Test func laterInputsUseEarlierResults() throws {
        let run = try EvalHarness.runREPL(Self.inputs)
        #expect(
            run.output == """
                $R0: Int = 3
                $R1: Int = 8
                x: Int = 3
                $R2: String = "3"
                twice: 16
                $R3: Int = 10
                $R4: Point = Point(x: 1)
                $R5: Int = 1
                1:1: error: cannot find '$R9' in scope
                $R9
                ^

                """)
        #expect(run.status == 1)
    }

    @Test func lldbDisplayToo() throws {
        let run = try EvalHarness.runREPL(
            ["1 + 2", "$R0 + 5", "var x = $R0", "$R0.description"],
            arguments: ["--display", "lldb"])
        #expect(run.output == "$R0: Int = 3\n$R1: Int = 8\nx: Int = 3\n$R2: String = \"3\"\n")
        #expect(run.status == 0)
    }

    /// A result keeps its type when the type is declared again (a corrected solution), as
    /// a value bound to a name does.
    @Test func aResultOfATypeDeclaredAgainKeepsItsType() throws {
        let run = try EvalHarness.runREPL([
            "struct P { var a = 1 }", "P()", "struct P { var b = 2 }", "$R0.a", "P(b: 3)", "$R0.a + $R2.b",
        ])
        #expect(run.output == "$R0: P = P(a: 1)\n$R1: Int = 1\n$R2: P = P(b: 3)\n$R3: Int = 4\n")
        #expect(run.status == 0)
    }

    /// A trap leaves the results as they were; after `:reset` there are none.
    @Test func resultsSurviveATrapAndGoWithReset() throws {
        let run = try EvalHarness.runREPL([
            "[1, 2].map { $0 * 10 }", "[1][3]", "$R0.count", ":reset", "$R0", "4", "$R0 + 1",
        ])
        #expect(run.output.hasPrefix("$R0: [Int] = [10, 20]\n"))
        #expect(run.output.contains("earlier state is unchanged.\n$R1: Int = 2\n"))
        #expect(
            run.output.hasSuffix(
                "The session was reset: earlier declarations and values are gone.\n"
                    + "1:1: error: cannot find '$R0' in scope\n$R0\n^\n$R0: Int = 4\n$R1: Int = 5\n"))
    }
}
