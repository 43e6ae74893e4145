import Foundation
import Testing

@testable import SwiftLabCore

/// A cell imports only the earlier cells that declare a name its input mentions
/// (`NarrowImports`); when that is not enough, it is compiled again importing every
/// earlier cell, and the learner sees what the whole program does.
@Suite(.serialized) struct EvalNarrowImportTests {
    /// `add(40)` names only `add`; calling it needs `@testable` access to `Adder`'s cell for
    /// its `callAsFunction`, which the narrow cell does not import ("'callAsFunction' is
    /// inaccessible due to 'internal' protection level"): the retry imports it.
    @Test func anInputNeedingACellItDoesNotNameStillRuns() throws {
        let inputs = [
            "struct Adder { let step: Int; func callAsFunction(_ x: Int) -> Int { x + step } }",
            "let add = Adder(step: 2)", "let unrelated = 1", "add(40)",
            "protocol Shape { func area() -> Double }", "extension Int: Shape { func area() -> Double { 1 } }",
            "func total(_ shapes: [any Shape]) -> Double { shapes.reduce(0) { $0 + $1.area() } }",
            "total([3, 4])", "\"\\(add(1)) and \\(unrelated)\"",
        ]
        let expected = try EvalHarness.expectedTranscript(for: inputs)
        let run = try EvalHarness.runREPL(inputs)
        #expect(run.output == expected)
        #expect(run.status == 0)
    }

    /// A real error in an input that leaves cells out is still the compiler's error about
    /// the whole program, shown once.
    @Test func anErrorIsReportedOnce() throws {
        let run = try EvalHarness.runREPL(["let a = 1", "let b = 2", "a + missing"])
        #expect(run.output.components(separatedBy: "cannot find 'missing' in scope").count == 2)
    }
}
