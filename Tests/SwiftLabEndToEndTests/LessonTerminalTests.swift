import Foundation
import PTYTestSupport
import SwiftLabCore
import TestWaiting
import Testing

/// A learner at a terminal working through a lesson, with the real swiftlab.
@Suite("Lessons at a terminal", .serialized)
struct LessonTerminalTests {
    @Test func aLearnerWorksThroughALessonAndIsOfferedTheNextAfterARestart() throws {
        let sandbox = try LessonSandbox()
        var learner = try Learner(sandbox.startTerminal())
        // The banner comes before the first prompt, which startTerminal waited for.
        #expect(learner.terminal.output.contains("Lessons [░░░░░░░░░░░░░░░░░░░░] 0/2 done"))
        #expect(learner.terminal.output.contains("Start with lesson 1, Basics: type :lesson 1."))

        var reply = try learner.type(":lesson 1")
        #expect(reply.contains("Lesson 1 · Basics · 1/4"))
        #expect(reply.contains(":next → Bindings"))
        reply = try learner.type(":next")
        #expect(reply.contains("Example 1 (:run 1 runs it):"))
        reply = try learner.type(":run 1")
        #expect(reply.contains("numbers: [Int] = [1, 2, 3]"))

        reply = try learner.type(":exercise")
        #expect(reply.contains("Exercise: Double every number"))
        #expect(reply.contains("Write your answer here (or :edit), then :check."))
        reply = try learner.type(":check")
        #expect(reply.contains("the check uses `doubled`, which you have not defined yet."))

        _ = try learner.type("func doubled(_ numbers: [Int]) -> [Int] { numbers }")
        reply = try learner.type(":check")
        #expect(reply.contains("✗ Not yet: 1 of 2 checks hold."))
        #expect(reply.contains("✗ doubled([1, 2, 3])\r\n      expected: [2, 4, 6]\r\n      actual:   [1, 2, 3]"))
        #expect(!reply.contains("doubled([])"))

        reply = try learner.type(":hint")
        #expect(reply.contains("Hint 1 of 2:\r\nYou need one output for every input"))

        _ = try learner.type("func doubled(_ numbers: [Int]) -> [Int] { numbers.map { $0 * 2 } }")
        reply = try learner.type(":check")
        #expect(reply.contains("✓ Passed: all 2 checks hold."))
        #expect(reply.contains("Lesson 1 done! Lessons [██████████░░░░░░░░░░] 1/2"))
        reply = try learner.type(":lessons")
        #expect(reply.contains("✓  1  Basics  1/1 exercises"))
        #expect(try learner.quit() == 0)

        learner = try Learner(sandbox.startTerminal())
        #expect(learner.terminal.output.contains("Lessons [██████████░░░░░░░░░░] 1/2 done"))
        #expect(learner.terminal.output.contains("Next up: lesson 2, Sums: type :lesson 2."))
        reply = try learner.type(":lesson 2")
        #expect(reply.contains("Lesson 2 · Sums · 1/2"))
        #expect(try learner.quit() == 0)
    }

    /// A trap during `:check` names the case that was running (its input and expected
    /// value, as the lesson wrote them) and where the learner's code trapped; the session
    /// goes on with the learner's definitions.
    @Test func aTrapDuringACheckNamesTheCaseAndTheSessionGoesOn() throws {
        let sandbox = try LessonSandbox()
        var learner = try Learner(sandbox.startTerminal(columns: 200))
        _ = try learner.type(":lesson 1")
        _ = try learner.type(":exercise")
        _ = try learner.type("func doubled(_ numbers: [Int]) -> [Int] { numbers.isEmpty ? [numbers[0]] : numbers }")
        let reply = try learner.type(":check")
        #expect(reply.contains("✗ Not yet: your code stopped with a runtime error during the check."))
        #expect(reply.contains("  while checking: expectEqual(doubled([]), [], \"doubled([])\")"))
        #expect(reply.contains("input 3, 1: Fatal error: Index out of range"))
        #expect(try learner.type("doubled([5])").contains("$R0: [Int] = [5]"))
        #expect(try learner.quit() == 0)
    }

    @Test func aPredictionTheSolutionAfterConfirmingAndEditingInTheEditor() throws {
        let sandbox = try LessonSandbox()
        // An "editor" that replaces the starter code in the file it is given with an answer.
        let editor = sandbox.root.appendingPathComponent("editor.sh")
        try
            "#!/bin/sh\nprintf 'func doubled(_ numbers: [Int]) -> [Int] {\\n    numbers.map { $0 * 2 }\\n}\\n' > \"$1\"\n"
            .write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        var learner = try Learner(sandbox.startTerminal(extra: ["EDITOR": editor.path]))
        _ = try learner.type(":lesson 1")
        _ = try learner.type(":run 1")
        var reply = try learner.answer(":run 2", question: "What will it print?", with: "4")
        #expect(reply.contains("    print(numbers.count + 1)"))
        #expect(reply.contains("✓ You predicted it."))

        _ = try learner.type(":exercise")
        reply = try learner.answer(":solution", question: "Show the solution anyway? [y/N]", with: "n")
        #expect(reply.contains("Not shown. :hint gives a hint instead."))
        reply = try learner.answer(":solution", question: "Show the solution anyway? [y/N]", with: "y")
        #expect(reply.contains("Reference solution:\r\n    func doubled(_ numbers: [Int]) -> [Int] {"))

        reply = try learner.type(":edit")
        #expect(reply.contains("workspace/01-basics/1-double-every-number.swift"))
        #expect(reply.contains("Loaded. :check checks it."))
        reply = try learner.type(":check")
        #expect(reply.contains("✓ Passed: all 2 checks hold."))
        #expect(try learner.quit() == 0)
    }

    /// One progress for the REPL and the files: an answer that passes in the REPL is saved
    /// to the exercise's file (the starter file kept as a backup), so `swiftlab check` passes.
    @Test func anAnswerPassedInTheREPLIsSavedToTheExerciseFile() throws {
        let sandbox = try LessonSandbox()
        var learner = try Learner(sandbox.startTerminal())
        _ = try learner.type(":lesson 1")
        _ = try learner.type(":exercise")
        _ = try learner.type("func doubled(_ numbers: [Int]) -> [Int] { numbers.map { $0 * 2 } }")
        let reply = try learner.type(":check")
        #expect(reply.contains("✓ Passed"))
        #expect(reply.contains("Saved your answer to "))
        #expect(try learner.quit() == 0)
        let check = try sandbox.run(["check", "1"])
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("1 of 1 exercise files pass (1 of 1 exercises passed)."))
    }

    @Test func tabCompletesLessonCommandsAndNames() throws {
        let sandbox = try LessonSandbox()
        var learner = try Learner(sandbox.startTerminal())
        learner.terminal.send(":lessons")
        learner.terminal.send(.backspace)
        learner.terminal.send(" bas")
        learner.terminal.send(.tab)
        // The line editor writes the rest of the name.
        try learner.terminal.waitForOutput(containing: "ics")
        let reply = try learner.type("")
        #expect(reply.contains("Lesson 1 · Basics · 1/4"))
        #expect(try learner.quit() == 0)
    }
}

/// Types into swiftlab on a terminal one input at a time, waiting for each reply.
struct Learner {
    let terminal: PseudoTerminalProcess
    /// The number in the next prompt (`  2> `): one more for every input line.
    private var nextPrompt = 2

    init(_ terminal: PseudoTerminalProcess) { self.terminal = terminal }

    /// Types `line`, presses Return, and returns what swiftlab printed up to the next
    /// prompt (a continuation prompt when the input goes on, with `continuation`).
    mutating func type(_ line: String, continuation: Bool = false, timeout: Double = deadlockBound) throws -> String {
        terminal.send(line)
        terminal.send(.enter)
        let prompt = continuation ? REPL.continuationPrompt(line: nextPrompt) : REPL.prompt(line: nextPrompt)
        let reply = try terminal.waitForOutput(containing: prompt, timeout: timeout)
        try terminal.waitForRawMode()
        nextPrompt += 1
        return reply
    }

    /// Types `command`, waits for swiftlab to ask `question`, answers `answer`, and
    /// returns what swiftlab printed up to the next prompt.
    mutating func answer(_ command: String, question: String, with answer: String) throws -> String {
        terminal.send(command)
        terminal.send(.enter)
        var reply = try terminal.waitForOutput(containing: question)
        try terminal.waitForRawMode()
        terminal.send(answer)
        terminal.send(.enter)
        reply += try terminal.waitForOutput(containing: REPL.prompt(line: nextPrompt))
        try terminal.waitForRawMode()
        nextPrompt += 1
        return reply
    }

    /// Leaves with Ctrl-D; returns the exit status.
    func quit() throws -> Int32 {
        terminal.send(.ctrlD)
        return try terminal.waitForExit()
    }
}
