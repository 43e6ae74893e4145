import Foundation
import Testing

@testable import SwiftLabCore

/// Program output, streams and diagnostics.
@Suite(.serialized) struct EvalOutputTests {
    @Test func tenThousandLinesOfOutput() throws {
        let inputs = ["for i in 0..<10_000 { print(\"line\", i) }", "1 + 1"]
        let run = try EvalHarness.runREPL(inputs)
        #expect(run.output == (try EvalHarness.expectedTranscript(for: inputs)))
        #expect(run.output.split(separator: "\n").count == 10_001)
    }

    @Test func streamSinkPrintsOnEachSendFromLaterInputs() throws {
        let inputs = [
            "let subject = PassthroughSubject<Int, Never>()",
            "var received: [Int] = []",
            "let subscription = subject.map { $0 * 10 }.sink { value in received.append(value); print(\"got\", value) }",
            "subject.send(1)", "subject.send(2)", "received",
        ]
        let run = try EvalHarness.runREPL(inputs)
        let expected = try EvalHarness.expectedTranscript(for: inputs)
        // The binding of `subscription` shows an object whose address differs between runs.
        let comparable = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix("subscription: ") } }
        #expect(comparable(run.output) == comparable(expected))
        #expect(run.output.contains("got 10\ngot 20\n$R0: [Int] = [10, 20]\n"))
    }

    @Test func mainQueueAndMainActorWorkRunsWithTheInputThatQueuedIt() throws {
        let inputs = [
            "import Foundation",
            "DispatchQueue.main.async { print(\"main queue\") }; print(\"queued\")",
            "Task { print(\"task on the main actor\") }; print(\"started\")",
            "func answer() async -> Int { 42 }",
            "await answer()",
        ]
        let run = try EvalHarness.runREPL(inputs)
        #expect(run.output.contains("queued\nmain queue\n"))
        #expect(run.output.contains("started\ntask on the main actor\n"))
        #expect(run.output.hasSuffix("$R1: Int = 42\n"))
    }

    /// `let r = await ...` at the top level, as `swiftc main.swift` accepts it: refused
    /// before ("'async' call cannot occur in a global variable initializer").
    @Test func aTopLevelBindingMayAwait() throws {
        let run = try EvalHarness.runREPL([
            """
            let r = await withTaskGroup(of: Int.self) { group in
                for i in 1...3 { group.addTask { i * 2 } }
                var sum = 0
                for await value in group { sum += value }
                return sum
            }
            """,
            "r + 1",
            "func answer() async -> Int { 42 }",
            "var count: Int = await answer()",
            "count += 1",
            "count",
            "let wrong = await answer() + nope",
        ])
        let shown = run.output + run.errors
        #expect(run.output.contains("r: Int = 12\n$R0: Int = 13\n"), "\(shown)")
        #expect(run.output.contains("count: Int = 42\n"), "\(shown)")
        #expect(run.output.contains("$R1: Int = 43\n"), "\(shown)")
        #expect(!shown.contains("global variable initializer"), "\(shown)")
        // A mistake in the initializer is reported once, at the learner's column.
        #expect(shown.components(separatedBy: "cannot find 'nope' in scope").count == 2, "\(shown)")
        #expect(shown.contains("1:30: error: cannot find 'nope' in scope"), "\(shown)")
    }

    /// Diagnostics point at the input: the same message, line and column the compiler
    /// gives for the same code in a script, with the input line and a caret.
    @Test func compileErrorsAreMappedToTheInput() throws {
        let setup = ["let n = 5"]
        let bad = "let doubled = n * 2; let text: String = n"
        let script = (["import Pipelines", "import Streams"] + setup + [bad]).joined(separator: "\n") + "\n"
        let compiled = try EvalHarness.compile(script, typecheckOnly: true).output
        let header = try #require(
            compiled.split(separator: "\n").compactMap(DiagnosticMapper.parseHeader).first {
                $0.severity == .error
            })
        #expect(header.line == 4)
        let run = try EvalHarness.runREPL(setup + [bad, "n + 1"])
        let caret = String(repeating: " ", count: header.column - 1) + "^"
        #expect(run.output.contains("1:\(header.column): error: \(header.message)\n\(bad)\n\(caret)\n"))
        // The failed input changed nothing and used no result number.
        #expect(run.output.hasSuffix("$R0: Int = 6\n"))
        #expect(!run.output.contains("doubled:"))
    }

    @Test func multiLineInputDiagnosticsKeepTheirLine() throws {
        let bad = "func g(_ a: Int) -> Int {\n    let t = a * 2\n    return t + \"z\"\n}"
        let script = "import Pipelines\nimport Streams\n" + bad + "\n"
        let compiled = try EvalHarness.compile(script, typecheckOnly: true).output
        let header = try #require(
            compiled.split(separator: "\n").compactMap(DiagnosticMapper.parseHeader).first {
                $0.severity == .error
            })
        let run = try EvalHarness.runREPL([bad])
        let caret = String(repeating: " ", count: header.column - 1) + "^"
        #expect(
            run.output.hasPrefix(
                "\(header.line - 2):\(header.column): error: \(header.message)\n    return t + \"z\"\n\(caret)\n"))
    }

    /// The portable compile path (the swiftc driver, the only one on macOS) gives the
    /// same transcript as the fast path.
    @Test func driverPathGivesTheSameTranscript() throws {
        let inputs = [
            "struct Pair { var a: Int; var b: Int }", "let p = Pair(a: 1, b: 2)", "p.a + p.b",
            "let wrong: String = p", "[p].map(\\.b)",
        ]
        let fast = try EvalHarness.runREPL(inputs, environment: ["SWIFTLAB_COMPILE_PATH": "fast"])
        let driver = try EvalHarness.runREPL(inputs, environment: ["SWIFTLAB_COMPILE_PATH": "driver"])
        #expect(driver.output == fast.output)
        #expect(fast.output.contains("$R1: [Int] = [2]\n"))
    }

    @Test func warningsAreShownAndTheInputRuns() throws {
        let run = try EvalHarness.runREPL(["var unchanged = 1; print(unchanged)", "func h() { let unused = 3 }"])
        #expect(run.output.contains("1\n"))
        #expect(run.output.contains("1:16: warning: initialization of immutable value 'unused' was never used"))
        #expect(run.status == 0)
    }
}
