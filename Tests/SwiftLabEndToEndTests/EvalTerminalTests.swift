import Foundation
import PTYTestSupport
import TestWaiting
import Testing

/// Evaluation as a person at a terminal sees it, through a pseudo-terminal: Ctrl-C stops
/// running code and not the REPL, and output that arrives while a line is being typed is
/// printed above it.
@Suite(.serialized) struct EvalTerminalTests {
    func enter(_ line: String, in terminal: PseudoTerminalProcess) {
        terminal.send(line)
        terminal.send(.enter)
    }

    @Test func controlCStopsAnEndlessLoopAndTheSessionGoesOn() throws {
        let terminal = try EvalHarness.startAtTerminal()
        enter("var xs = [1, 2, 3]", in: terminal)
        try terminal.waitForOutput(containing: "xs: [Int] = [1, 2, 3]")
        try terminal.waitForOutput(containing: "  2> ")
        try terminal.waitForRawMode()
        enter(#"var spins = 0; print("loop" + "ing"); while true { spins += 1 }"#, in: terminal)
        // Ctrl-C once the loop runs (its output streams while it does), however long the
        // input took to compile; the text is split in the source so that the echoed input
        // does not match.
        try terminal.waitForOutput(containing: "looping")
        terminal.send(.ctrlC)
        try terminal.waitForOutput(containing: "Interrupted.")
        try terminal.waitForOutput(containing: "  3> ")
        try terminal.waitForRawMode()
        enter("xs.count", in: terminal)
        try terminal.waitForOutput(containing: "$R0: Int = 3")
        try terminal.waitForOutput(containing: "  4> ")
        try terminal.waitForRawMode()
        terminal.send(.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }

    /// An input, Ctrl-C and the next input typed in one go: Ctrl-C is a key read in order,
    /// so it stops the first input and the keys after it make the next one. (As a SIGINT it
    /// made the terminal discard the first input's line, and the next one lost its start.)
    @Test func keysTypedAheadAroundCtrlCAreKeptInOrder() throws {
        let terminal = try EvalHarness.startAtTerminal()
        terminal.send("while true {}\r\u{03}print(\"back\")\r")
        try terminal.waitForOutput(containing: "Interrupted.")
        try terminal.waitForOutput(containing: "\r\nback\r\n", timeout: 60)
        try terminal.waitForOutput(containing: "  3> ")
        try terminal.waitForRawMode()
        #expect(!terminal.output.contains("cannot find"))
        // Ctrl-C while it runs, and the next input typed before the prompt is back.
        enter("print(\"spinning\"); while true {}", in: terminal)
        try terminal.waitForOutput(containing: "spinning\r\n", timeout: 60)
        terminal.send("\u{03}print(\"again\")\r")
        try terminal.waitForOutput(containing: "Interrupted.")
        try terminal.waitForOutput(containing: "\r\nagain\r\n", timeout: 60)
        try terminal.waitForOutput(containing: "  5> ")
        try terminal.waitForRawMode()
        terminal.send(.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func outputArrivingWhileTypingGoesAboveThePrompt() throws {
        let terminal = try EvalHarness.startAtTerminal()
        enter("import Foundation", in: terminal)
        try terminal.waitForOutput(containing: "  2> ")
        try terminal.waitForRawMode()
        // Under a second: PseudoTerminalProcess.waitForOutput gives up after a second without output.
        enter("DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) { print(\"later\") }", in: terminal)
        try terminal.waitForOutput(containing: "  3> ")
        try terminal.waitForRawMode()
        terminal.send("let typed = 1")
        try terminal.waitForOutput(containing: "later")
        // The prompt and the half-typed line are drawn again below the output.
        try terminal.waitForOutput(containing: "  3> let typed = 1")
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "typed: Int = 1")
        try terminal.waitForOutput(containing: "  4> ")
        try terminal.waitForRawMode()
        terminal.send(.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }
    @Test func outputArrivingWhileALongLineWrapsClearsEveryRowOfIt() throws {
        let terminal = try EvalHarness.startAtTerminal()
        enter("import Foundation", in: terminal)
        try terminal.waitForOutput(containing: "  2> ")
        try terminal.waitForRawMode()
        enter("DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) { print(\"later\") }", in: terminal)
        try terminal.waitForOutput(containing: "  3> ")
        try terminal.waitForRawMode()
        // 5 columns of prompt and 100 of text on an 80-column terminal: the cursor is on
        // the second row of the line.
        let long = "let typed = \"" + String(repeating: "x", count: 86) + "\""
        terminal.send(long)
        // Up one row to where the prompt is, cleared to the end of the screen, so that no
        // piece of the half-typed line is left above the output.
        try terminal.waitForOutput(containing: "\u{1B}[1A\r\u{1B}[Jlater")
        try terminal.waitForOutput(containing: "  3> let typed")
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "typed: String = \"xxx")
        try terminal.waitForOutput(containing: "  4> ")
        try terminal.waitForRawMode()
        terminal.send(.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func killingSwiftlabDuringAnEndlessLoopEndsItsWorkerToo() throws {
        let terminal = try EvalHarness.startAtTerminal()
        enter(#"var spins = 0; print("loop" + "ing"); while true { spins += 1 }"#, in: terminal)
        try terminal.waitForOutput(containing: "looping")
        let workers = Self.children(of: terminal.processID, named: "swiftlab-worker")
        #expect(workers.count == 1)
        // As when the terminal's window is closed hard, or the REPL crashes: no chance to
        // stop the worker itself.
        terminal.terminate()
        for worker in workers {
            #expect(
                waitUntil { !Self.isRunning(worker) },
                "the worker (pid \(worker)) still runs the endless loop after swiftlab was killed")
        }
    }

    /// The processes whose parent is `parent` and whose command name is `name`.
    static func children(of parent: pid_t, named name: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let stat = processStat(pid) else { return nil }
            return stat.parent == parent && stat.name == name ? pid : nil
        }
    }

    /// Whether `pid` is a live process (not gone, and not a zombie nobody has reaped).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = processStat(pid) else { return false }
        return stat.state != "Z" && stat.state != "X"
    }

    /// The command name, state and parent from `/proc/<pid>/stat`, or `nil` if it is gone.
    static func processStat(_ pid: pid_t) -> (name: String, state: Character, parent: pid_t)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")")
        else { return nil }
        let name = String(text[text.index(after: open)..<close])
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 2, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
        return (name, state, parent)
    }
}
