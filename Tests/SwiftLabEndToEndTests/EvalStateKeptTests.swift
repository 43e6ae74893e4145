import Foundation
import PTYTestSupport
import Testing

/// A trap or Ctrl-C ends the input and nothing else: the worker leaves the input where it
/// stopped, so a value drawn at random, a counter, a file an earlier input appended to, an
/// `asyncAfter` scheduled earlier and a subject with a live sink are all as they were, and
/// no earlier input runs again (a new worker running them again drew a new number, appended
/// the line again, scheduled the timer twice and sent the subject's value again).
@Suite(.serialized) struct EvalStateKeptTests {
    /// The earlier inputs; `log` is a file the test made, which one of them appends to.
    static func setup(log: String) -> [String] {
        [
            "import Foundation",
            "import Streams",
            "let r = Int.random(in: 0...1_000_000_000)",
            "var counter = 0",
            "counter += 1",
            "let log = FileHandle(forWritingAtPath: \"\(log)\")!; log.seekToEndOfFile(); log.write(Data(\"appended\\n\".utf8))",
            "DispatchQueue.main.asyncAfter(deadline: .now() + 3) { print(\"fired\", r) }",
            "let subject = PassthroughSubject<Int, Never>()",
            "var received: [Int] = []",
            "let subscription = subject.sink { received.append($0 + r) }",
            "subject.send(1)",
        ]
    }

    /// What the inputs after the stop show: every value as the earlier inputs left it.
    static let check = "subject.send(2); print(\"kept\", r, counter, received)"

    static func makeLog() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("swiftlab-kept-\(UUID().uuidString).txt").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        return path
    }

    /// `r: Int = 123` as the REPL showed it.
    static func drawnNumber(in output: String) throws -> Int {
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("r: Int = ") })
        return try #require(Int(line.dropFirst("r: Int = ".count).trimmingCharacters(in: .whitespaces)))
    }

    static func expectKept(_ output: String, log: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let r = try drawnNumber(in: output)
        #expect(output.contains("kept \(r) 1 [\(r + 1), \(r + 2)]"), sourceLocation: sourceLocation)
        #expect(output.components(separatedBy: "fired \(r)").count == 2, sourceLocation: sourceLocation)
        #expect(!output.contains("run again") && !output.contains("running input"), sourceLocation: sourceLocation)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "appended\n", sourceLocation: sourceLocation)
    }

    @Test func aTrapKeepsEveryEarlierValue() throws {
        let log = try Self.makeLog()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let inputs = Self.setup(log: log) + ["[1][5]", Self.check, "Thread.sleep(forTimeInterval: 1); print(\"end\")"]
        // The last input waits for the timer an earlier input set, and one more second:
        // a copy scheduled again would fire by then.
        let run = try EvalHarness.runREPL(inputs, waitingFor: [inputs.count - 1: "fired "])
        #expect(
            run.output.contains(
                "Fatal error: Index out of range\n[1][5]\nerror: execution interrupted (SIGILL); earlier state is unchanged.\n"
            ))
        try Self.expectKept(run.output, log: log)
        #expect(run.output.hasSuffix("end\n"))
    }

    /// The exclusivity violation (an abort in the runtime) and a stack overflow (a bad
    /// access in the input's own code) are left in place too.
    @Test func anExclusivityViolationAndAStackOverflowKeepTheState() throws {
        let run = try EvalHarness.runREPL([
            "let r = Int.random(in: 0...1_000_000_000)",
            "final class Box { var v = 1 }", "let box = Box()",
            "func add(_ a: inout Int, _ b: () -> Int) { a += b() }", "add(&box.v) { box.v }",
            "func down(_ n: Int) -> Int { n == Int.min ? 0 : down(n - 1) + 1 }; down(0)",
            "add(&box.v) { 2 }; print(\"kept\", r, box.v)",
        ])
        let r = try Self.drawnNumber(in: run.output)
        #expect(
            run.output.contains(
                "Fatal access conflict detected.\nerror: execution interrupted (SIGABRT); earlier state is unchanged.\n"
            ))
        #expect(
            run.output.contains(
                "(SIGSEGV): it crashed (a bad memory access, for example a stack overflow from endless recursion); earlier state is unchanged.\n"
            ))
        #expect(run.output.contains("kept \(r) 3\n"))
    }

    /// Types `line` and waits for the prompt after it (prompt `next`).
    func enter(_ line: String, in terminal: PseudoTerminalProcess, next: Int) throws {
        terminal.send(line)
        terminal.send(.enter)
        try terminal.waitForOutput(
            containing: "\(String(repeating: " ", count: max(0, 3 - String(next).count)))\(next)> ")
        try terminal.waitForRawMode()
    }

    /// Ctrl-C on `while true {}` and on a sleep stops the input where it is.
    @Test func controlCKeepsEveryEarlierValue() throws {
        let log = try Self.makeLog()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let terminal = try EvalHarness.startAtTerminal()
        var prompt = 1
        for input in Self.setup(log: log) {
            prompt += 1
            try enter(input, in: terminal, next: prompt)
        }
        for stopped in [
            #"print("spin" + "ning"); while true {}"#, #"print("sleep" + "ing"); Thread.sleep(forTimeInterval: 600)"#,
        ] {
            terminal.send(stopped)
            terminal.send(.enter)
            try terminal.waitForOutput(containing: stopped.contains("spin") ? "spinning\r\n" : "sleeping\r\n")
            terminal.send(.ctrlC)
            prompt += 1
            try terminal.waitForOutput(
                containing: "Interrupted.\r\n\(String(repeating: " ", count: 3 - String(prompt).count))\(prompt)> ")
            try terminal.waitForRawMode()
        }
        // The timer an earlier input set, which may have fired while an input ran.
        if !terminal.output.contains("fired ") { try terminal.waitForOutput(containing: "fired ") }
        prompt += 1
        try enter(Self.check, in: terminal, next: prompt)
        prompt += 1
        try enter("Thread.sleep(forTimeInterval: 1); print(\"end\")", in: terminal, next: prompt)
        terminal.send(.ctrlD)
        #expect(try terminal.waitForExit() == 0)
        try Self.expectKept(terminal.output.replacingOccurrences(of: "\r\n", with: "\n"), log: log)
    }
}
