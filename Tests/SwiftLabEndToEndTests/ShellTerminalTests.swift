import Foundation
import PTYTestSupport
import TestWaiting
import Testing

/// The shell as a person at a terminal uses it, driven through a pseudo-terminal.
/// The inputs are `:` commands, whose replies do not depend on how Swift is evaluated.
@Suite("Shell at a terminal")
struct ShellTerminalTests {
    /// Each test gets its own suite instance, hence its own sandbox, alive until it ends.
    private let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    /// A fresh home and state directory, so history starts empty and stays private.
    private final class Sandbox {
        let root: String

        init() throws {
            root =
                FileManager.default.temporaryDirectory.appendingPathComponent("swiftlab-pty-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// Starts swiftlab on a terminal. No LANG is set: the shell must still edit UTF-8.
        func start(term: String = "xterm", extra: [String: String] = [:]) throws -> PseudoTerminalProcess {
            let path = try #require(ProductLocator.path(of: "swiftlab"), "build swiftlab first (swift build)")
            var environment = [
                "TERM": term, "HOME": root + "/home", "XDG_STATE_HOME": root + "/state",
                // The evaluator finds the Swift toolchain on PATH.
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "NO_COLOR": "1",
            ]
            environment.merge(extra) { $1 }
            let terminal = try PseudoTerminalProcess(executable: path, environment: environment)
            try terminal.waitForOutput(containing: "  1> ")
            if term != "dumb" { try terminal.waitForRawMode() }
            return terminal
        }
    }

    @Test func historyIsRecalledWithTheUpArrowAfterARestart() throws {
        let first = try sandbox.start()
        first.send(":hlep")
        first.send(.enter)
        try first.waitForOutput(containing: "Unknown command ':hlep'. Did you mean ':help'?")
        try first.waitForPrompt("  2> ")
        first.send(.ctrlD)
        #expect(try first.waitForExit() == 0)

        let second = try sandbox.start()
        second.send(.up)
        second.send(.enter)
        try second.waitForOutput(containing: "Unknown command ':hlep'. Did you mean ':help'?")
        try second.waitForPrompt("  2> ")
        second.send(.ctrlD)
        #expect(try second.waitForExit() == 0)
        let saved = try String(contentsOfFile: sandbox.root + "/state/swiftlab/history", encoding: .utf8)
        #expect(saved == ":hlep\n:hlep\n")
    }

    @Test func anOpenBraceContinuesOnTheNextLine() throws {
        let terminal = try sandbox.start()
        terminal.send("func f() {")
        terminal.send(.enter)
        try terminal.waitForPrompt("  2. ")
        terminal.send("}")
        terminal.send(.enter)
        // The two lines were one input: the next prompt is a primary prompt again.
        try terminal.waitForPrompt("  3> ")
        terminal.send(":history")
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "1  func f() {\r\n   }\r\n2  :history")
    }

    @Test func anAccentedLetterDeletesWithOneBackspace() throws {
        let terminal = try sandbox.start()
        terminal.send(":hé")
        terminal.send(.backspace)
        terminal.send("elp")
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "Commands (anything else is Swift):")
        try terminal.waitForPrompt("  2> ")
        terminal.send("👍🏽")  // two scalars: two backspaces
        terminal.send(.backspace)
        terminal.send(.backspace)
        terminal.send(":quit")
        terminal.send(.enter)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlCClearsAHalfTypedLine() throws {
        let terminal = try sandbox.start()
        terminal.send(":hist")
        terminal.send(.ctrlC)
        try terminal.waitForOutput(containing: "^C")
        try terminal.waitForPrompt("  1> ")
        terminal.send(":history")
        terminal.send(.enter)
        // Only the complete command reached the shell.
        try terminal.waitForOutput(containing: "1  :history")
        #expect(!terminal.output.contains(":hist:history"))
        try terminal.waitForPrompt("  2> ")
        terminal.send(.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlCInsideAMultiLineInputDropsTheWholeInput() throws {
        let terminal = try sandbox.start()
        terminal.send("let xs = [")
        terminal.send(.enter)
        try terminal.waitForPrompt("  2. ")
        terminal.send(.ctrlC)
        try terminal.waitForOutput(containing: "  2> ")
    }

    /// Ctrl-D on an empty continuation line drops the unfinished input (as Ctrl-C does)
    /// instead of leaving and losing the session; at an empty first line it still leaves.
    @Test func ctrlDOnAContinuationLineDropsTheInputAndTheSessionGoesOn() throws {
        let terminal = try sandbox.start()
        terminal.send("let z = [")
        terminal.send(.enter)
        try terminal.waitForPrompt("  2. ")
        terminal.send(.ctrlD)
        try terminal.waitForOutput(containing: "The unfinished input was dropped; Ctrl-D at an empty 2> prompt leaves.")
        try terminal.waitForPrompt("  2> ")
        terminal.send(":history")
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "1  :history")
        try terminal.waitForPrompt("  3> ")
        terminal.send(.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }

    /// A recalled line, then Ctrl-C and Ctrl-D typed at once: Ctrl-C clears the line
    /// first, so Ctrl-D finds it empty and leaves (keys are handled in the order typed).
    @Test func ctrlCThenCtrlDTypedAtOnceOnARecalledLineLeaves() throws {
        let terminal = try sandbox.start()
        terminal.send(":history")
        terminal.send(.enter)
        try terminal.waitForPrompt("  2> ")
        terminal.send(.up)
        try terminal.waitForOutput(containing: ":history")  // the recalled line, drawn after the prompt
        terminal.send("\u{03}\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlDOnAnEmptyLineExitsWithStatusZero() throws {
        let terminal = try sandbox.start()
        terminal.send(.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func tabCompletesCommandNames() throws {
        let terminal = try sandbox.start()
        terminal.send(":his")
        terminal.send(.tab)
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "1  :history")
    }

    @Test func outputArrivingWhileTypingAppearsAboveThePromptAndKeepsTheLine() throws {
        let terminal = try sandbox.start()
        terminal.send("import Dispatch")
        terminal.send(.enter)
        try terminal.waitForPrompt("  2> ", timeout: 120)
        terminal.send(#"DispatchQueue.global().asyncAfter(deadline: .now() + 2) { print("late output") }"#)
        terminal.send(.enter)
        try terminal.waitForPrompt("  3> ", timeout: 120)
        terminal.send(":hel")
        try terminal.waitForOutput(containing: "late output\r\n")
        // The prompt and the half-typed line are drawn again below the output.
        try terminal.waitForOutput(containing: "  3> :hel")
        terminal.send("p")
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "Commands (anything else is Swift):")
    }

    @Test func colourOnlyWithoutNoColor() throws {
        let coloured = try sandbox.start(extra: ["NO_COLOR": ""])
        coloured.send(":zzzz")
        coloured.send(.enter)
        try coloured.waitForOutput(containing: "\u{1B}[1;31mUnknown command ':zzzz'")
        let plain = try sandbox.start()
        plain.send(":zzzz")
        plain.send(.enter)
        let reply = try plain.waitForOutput(containing: "Type :help to see the commands.")
        #expect(!reply.contains("\u{1B}[1;31m"))
    }

    @Test func aDumbTerminalStillWorks() throws {
        let terminal = try sandbox.start(term: "dumb")
        // The terminal driver edits here; told that input is UTF-8, it erases é whole.
        terminal.send(":hé")
        terminal.send(.backspace)
        terminal.send("elp")
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "Commands (anything else is Swift):")
        terminal.send("func f() {")
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "  3. ")
        terminal.send(.ctrlC)
        try terminal.waitForOutput(containing: "  3> ")
        terminal.send(.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }
}

extension PseudoTerminalProcess {
    /// Waits for `prompt` and for the line editor to be reading keys.
    func waitForPrompt(_ prompt: String, timeout: Double = deadlockBound) throws {
        try waitForOutput(containing: prompt, timeout: timeout)
        try waitForRawMode()
    }
}
