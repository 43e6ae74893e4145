import Foundation
import Testing

@testable import SwiftLabCore

/// Traps and signals in user code: the runtime's message is shown against the input,
/// output printed before the trap is kept, and the next input still sees earlier state.
@Suite(.serialized) struct EvalTrapTests {
    static let setup = ["var xs = [1, 2, 3]", "let label = \"items\""]
    static let followUp = "print(label, xs.count); xs"

    /// Runs setup, the trapping input and the follow-up through swiftlab, and compares
    /// with the trapping input and the follow-up run as scripts after the setup.
    func check(
        trap input: String, expectedSignal: String, extraSetup: [String] = [], keptInPlace: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let setup = Self.setup + extraSetup
        let run = try EvalHarness.runREPL(setup + [input, Self.followUp])
        let reference = try EvalHarness.referenceRun(setup: setup, input: input)
        let setupTranscript = try EvalHarness.expectedTranscript(for: setup)
        // What the follow-up shows is what it shows when the trapping input never ran.
        let followUpTranscript = try EvalHarness.expectedTranscript(for: setup + [Self.followUp])
            .dropFirst(setupTranscript.count)
        #expect(run.output.hasPrefix(setupTranscript), sourceLocation: sourceLocation)
        #expect(run.output.hasSuffix(String(followUpTranscript)), sourceLocation: sourceLocation)
        // The script's output up to the runtime's message is shown before the message.
        let messageStart =
            reference.output.range(of: "main/main.swift:")?.lowerBound
            ?? reference.output.range(of: "Fatal error")?.lowerBound ?? reference.output.endIndex
        let before = String(reference.output[..<messageStart])
        #expect(run.output.contains(setupTranscript + before), sourceLocation: sourceLocation)
        if let message = reference.fatalMessage {
            #expect(run.output.contains("1: \(message)\n\(input)\n"), sourceLocation: sourceLocation)
        }
        #expect(run.output.contains("(\(expectedSignal))") || expectedSignal.isEmpty, sourceLocation: sourceLocation)
        // One line after the runtime's message, as LLDB's "Execution interrupted": the
        // worker left the input at the trap, or (when the worker ended) a new one ran the
        // earlier inputs again.
        let restored =
            "; earlier state is restored by running "
            + RunEndMessage.inputList(Array(1...setup.count)) + " again (values they computed may differ).\n"
        #expect(
            run.output.contains(keptInPlace ? "; earlier state is unchanged.\n" : restored),
            sourceLocation: sourceLocation)
        #expect(!run.output.contains("the worker process stopped"), sourceLocation: sourceLocation)
        #expect(run.status == 1, sourceLocation: sourceLocation)
    }

    @Test func forceUnwrappingNil() throws {
        try check(trap: "print(\"before\"); Int(label)!", expectedSignal: "SIGILL")
    }

    @Test func indexOutOfRange() throws {
        try check(trap: "xs[10]", expectedSignal: "SIGILL")
    }

    /// A trap inside the standard library (`Index out of range`) is located in the input
    /// as a force unwrap is: the line that was running, in the input or in earlier code.
    @Test func aTrapInTheStandardLibraryShowsTheInputLine() throws {
        let run = try EvalHarness.runREPL([
            "[1][5]", "func at(_ i: Int) -> Int {\n  let a = [1]\n  return a[i]\n}", "let n = 1", "at(7)",
        ])
        #expect(
            run.output.hasPrefix("1: Fatal error: Index out of range\n[1][5]\nerror: execution interrupted (SIGILL)"))
        // `func at` starts at prompt line 2; `at(7)` is input 7.
        #expect(run.output.contains("input 2, 3: Fatal error: Index out of range\n  return a[i]\nerror:"))
    }

    @Test func fatalErrorWithPartialLine() throws {
        try check(trap: "print(\"partial\", terminator: \"\"); fatalError(\"boom\")", expectedSignal: "SIGILL")
    }

    @Test func arithmeticOverflow() throws {
        try check(trap: "let big = Int.max; print(big + xs.count)", expectedSignal: "SIGILL")
    }

    @Test func stackOverflow() throws {
        try check(
            trap: "func down(_ n: Int) -> Int { n == Int.min ? 0 : down(n - 1) + 1 }; down(0)",
            expectedSignal: "SIGSEGV")
    }

    @Test func exitCalledByTheUser() throws {
        let reference = try EvalHarness.referenceRun(setup: Self.setup + ["import Foundation"], input: "exit(3)")
        #expect(reference.status == 3)
        try check(trap: "exit(3)", expectedSignal: "", extraSetup: ["import Foundation"], keptInPlace: false)
        let run = try EvalHarness.runREPL(Self.setup + ["import Foundation", "exit(3)"])
        #expect(
            run.output.contains(
                "error: the input ended the program with exit(3); earlier state is restored by running inputs 1, 2 and 3 again (values they computed may differ).\n"
            ))
    }

    /// As in LLDB: the runtime's report of the conflicting accesses, then one line saying
    /// the input was interrupted; the state is unchanged.
    @Test func exclusivityViolation() throws {
        let run = try EvalHarness.runREPL([
            "final class Box { var v = 1 }", "let box = Box()",
            "func add(_ a: inout Int, _ b: () -> Int) { a += b() }", "add(&box.v) { box.v }", "box.v",
        ])
        #expect(run.output.contains("but modification requires exclusive access.\n"))
        #expect(
            run.output.contains(
                "Fatal access conflict detected.\n"
                    + "error: execution interrupted (SIGABRT); earlier state is unchanged.\n"
                    + "$R0: Int = 1\n"))
        #expect(!run.output.contains("worker process"))
    }

    @Test func killedWorker() throws {
        try check(
            trap: "kill(getpid(), SIGKILL)", expectedSignal: "SIGKILL", extraSetup: ["import Foundation"],
            keptInPlace: false)
    }

    @Test func errorThrownAtTopLevel() throws {
        let inputs = ["struct Failure: Error {}", "func fail() throws -> Int { throw Failure() }"]
        let reference = try EvalHarness.referenceRun(setup: inputs, input: "let value = try fail()")
        let run = try EvalHarness.runREPL(inputs + ["let value = try fail()", "try fail()"])
        let message = try #require(reference.fatalMessage)
        #expect(
            run.output.contains("1: \(message.replacingOccurrences(of: "main.", with: ""))\nlet value = try fail()\n"))
        #expect(run.output.contains("Fatal error: Error raised at top level: Failure()\n"))
    }

    /// Code an input scheduled traps while no input runs: the message is shown at once,
    /// the next input finds the earlier state, and the input that scheduled the trap is
    /// not run again (it would trap again).
    @Test func trapBetweenInputs() throws {
        let inputs =
            Self.setup + [
                "import Foundation",
                "DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { print(\"late\"); xs[7] += 1 }",
                Self.followUp, Self.followUp,
            ]
        // The next input goes in once the trap has been reported, however slow the machine.
        let run = try EvalHarness.runREPL(
            inputs, waitingFor: [4: "execution interrupted while no input was running"])
        let reference = try EvalHarness.referenceRun(setup: Self.setup, input: "xs[7] += 1")
        let message = try #require(reference.fatalMessage)
        // The trap is in the standard library (an array's modify accessor): no input line.
        #expect(run.output.contains("late\n\(message)\n"))
        #expect(run.output.contains("error: execution interrupted while no input was running (SIGILL)"))
        #expect(
            run.output.contains(
                "(input 4 is not run again: code it scheduled stopped the program)\n"
                    + "(state restored by running inputs 1, 2 and 3 again: values they computed may differ)\n"
                    + "items 3\n$R0: [Int] = [1, 2, 3]\n"))
        #expect(run.output.hasSuffix("items 3\n$R1: [Int] = [1, 2, 3]\n"))
    }

    @Test func timeoutStopsAnEndlessLoop() throws {
        let run = try EvalHarness.runREPL(
            Self.setup + ["while true {}", Self.followUp], arguments: ["--timeout", "2"])
        let followUpTranscript = try EvalHarness.expectedTranscript(for: Self.setup + [Self.followUp])
        // Stopped where it was, inside the worker: nothing runs again.
        #expect(run.output.contains("error: the input ran longer than the 2 s timeout and was stopped.\nitems 3\n"))
        #expect(!run.output.contains("again"))
        #expect(
            run.output.hasSuffix(
                String(
                    followUpTranscript.dropFirst(
                        try EvalHarness.expectedTranscript(for: Self.setup).count))))
        #expect(run.status == 1)
    }

    /// Waiting on a semaphore is inside libdispatch, where the input cannot be left safely:
    /// after a second of asking, the worker is ended, and a new one runs the earlier inputs
    /// again, saying which.
    @Test func aWaitThatCannotBeLeftRestartsTheWorkerAndSaysSo() throws {
        let run = try EvalHarness.runREPL(
            Self.setup + ["import Foundation", "DispatchSemaphore(value: 0).wait()", Self.followUp],
            arguments: ["--timeout", "2"])
        #expect(
            run.output.contains(
                "error: the input ran longer than the 2 s timeout and was stopped.\n"
                    + "(state restored by running inputs 1, 2 and 3 again: values they computed may differ)\n"
                    + "items 3\n"))
        #expect(run.status == 1)
    }
}
