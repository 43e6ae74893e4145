import Foundation
import PTYTestSupport
import SwiftLabCore
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

    /// Types `line`, presses Return, and returns what swiftlab printed up to the next prompt.
    mutating func type(_ line: String, timeout: Double = 60) throws -> String {
        terminal.send(line)
        terminal.send(.enter)
        let reply = try terminal.waitForOutput(containing: REPL.prompt(line: nextPrompt), timeout: timeout)
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
