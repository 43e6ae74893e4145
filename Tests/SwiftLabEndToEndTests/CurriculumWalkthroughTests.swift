import Foundation
import PTYTestSupport
import SwiftLabCore
import Testing

/// A new learner works through each lesson of the repository's `Lessons/` at a terminal,
/// with the real swiftlab: opens it, runs every example (skipping the guess of a predict
/// block), and solves every exercise by typing the reference solution line by line, after
/// a failed `:check` and a `:hint`. `swiftlab verify` checks the same text without a
/// terminal; this test checks what a learner actually meets: the commands, prompts,
/// continuation lines and the check reports.
///
/// Part 1 of the curriculum (lessons 1 to 8, transforming collections) and lesson 19
/// (time and marble diagrams: every diagram drawn at the terminal); add a lesson's number
/// to `lessonNumbers` to walk it through too.
@Suite("Curriculum lessons at a terminal", .serialized)
struct CurriculumWalkthroughTests {
    static let lessonNumbers = Array(1...8) + [19]

    /// Whether `reply` holds a compiler or runtime error line (`2:7: error: ...`,
    /// `error: ...`); the echoed code may hold `error:` as an argument label.
    static func reportsAnError(_ reply: String) -> Bool {
        reply.split(separator: "\n").contains { line in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("error:") || line.contains(": error:")
        }
    }

    @Test(arguments: lessonNumbers)
    func aLearnerRunsTheExamplesAndSolvesTheExercises(of number: Int) throws {
        let library = LessonLibrary.load(from: LessonSandbox.realLessons)
        let lesson = try #require(library.lessons.first { $0.number == number }, "no lesson \(number) in Lessons/")
        let sandbox = try LessonSandbox(lessons: LessonSandbox.realLessons)
        var learner = try TypingLearner(sandbox.startTerminal(columns: 240))

        var reply = try learner.enter(":lesson \(number)")
        #expect(reply.contains("Lesson \(number) · \(lesson.title)"), "\(reply)")

        for example in lesson.examples {
            reply = try learner.run(example)
            let expectedLines = example.expectedOutput.split(separator: "\n").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            for line in expectedLines where !line.isEmpty {
                #expect(
                    reply.contains(line),
                    "lesson \(number), example \(example.number): no line \"\(line)\" in\n\(reply)")
            }
            #expect(!Self.reportsAnError(reply), "lesson \(number), example \(example.number):\n\(reply)")
        }

        for (index, exercise) in lesson.exercises.enumerated() {
            reply = try learner.enter(index == 0 ? ":exercise" : ":next")
            #expect(reply.contains("Exercise: \(exercise.title)"), "\(reply)")
            reply = try learner.enter(":check")
            #expect(reply.contains("✗ Not yet"), "'\(exercise.title)' passes before it is solved:\n\(reply)")
            reply = try learner.enter(":hint")
            #expect(reply.contains("Hint 1 of \(exercise.hints.count)"), "\(reply)")

            reply = try learner.type(exercise.solution)
            #expect(!Self.reportsAnError(reply), "the solution of '\(exercise.title)' does not compile:\n\(reply)")
            reply = try learner.enter(":check")
            #expect(reply.contains("✓ Passed"), "'\(exercise.title)' with its solution:\n\(reply)")
        }
        if !lesson.exercises.isEmpty {
            #expect(reply.contains("Lesson \(number) done!"), "\(reply)")
        }
        #expect(try learner.quit() == 0)
    }
}

/// Types into swiftlab on a terminal and waits for each reply, knowing which prompt comes
/// next: every line typed gets a new number, `  N> ` when an input starts and `  N. `
/// while one is still open.
private struct TypingLearner {
    let terminal: PseudoTerminalProcess
    private var line = 1

    init(_ terminal: PseudoTerminalProcess) { self.terminal = terminal }

    /// Types one complete line (a command or a one-line input); returns the reply.
    mutating func enter(_ text: String, timeout: Double = 120) throws -> String {
        try send(text, prompt: REPL.prompt(line: line + 1), timeout: timeout)
    }

    /// Types `code` line by line, as a learner would at the prompt, and returns everything
    /// printed until the prompt after its last line. Blank lines are left out: the
    /// indentation and the braces carry the structure.
    mutating func type(_ code: String, timeout: Double = 120) throws -> String {
        var completeness = LineByLineCompleteness()
        var reply = ""
        for codeLine in code.split(separator: "\n") where !codeLine.allSatisfy({ $0 == " " }) {
            let complete = completeness.append(line: String(codeLine)) == .complete
            if complete { completeness.reset() }
            let next = complete ? REPL.prompt(line: line + 1) : REPL.continuationPrompt(line: line + 1)
            reply += try send(String(codeLine), prompt: next, timeout: timeout)
        }
        return reply
    }

    /// `:run N`; a predict example first asks for a guess, which the learner skips.
    mutating func run(_ example: LessonExample, timeout: Double = 120) throws -> String {
        terminal.send(":run \(example.number)")
        terminal.send(.enter)
        var reply = ""
        if example.isPrediction {
            reply += try terminal.waitForOutput(containing: "Type your guess", timeout: timeout)
            try terminal.waitForRawMode()
            terminal.send(.enter)
        }
        line += 1
        reply += try terminal.waitForOutput(containing: REPL.prompt(line: line), timeout: timeout)
        try terminal.waitForRawMode()
        return reply
    }

    private mutating func send(_ text: String, prompt: String, timeout: Double) throws -> String {
        terminal.send(text)
        terminal.send(.enter)
        let reply = try terminal.waitForOutput(containing: prompt, timeout: timeout)
        try terminal.waitForRawMode()
        line += 1
        return reply
    }

    /// Leaves with Ctrl-D; returns the exit status.
    func quit() throws -> Int32 {
        terminal.send(.ctrlD)
        return try terminal.waitForExit()
    }
}
