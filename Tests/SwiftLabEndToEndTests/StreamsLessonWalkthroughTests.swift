import Foundation
import PTYTestSupport
import SwiftLabCore
import Testing

/// Lessons 9 to 20 (streams) worked through at a terminal, as a learner would: open the
/// lesson, run an example, then for each exercise see the check fail, ask for a hint,
/// type the reference solution line by line, and pass the check. `swiftlab verify`
/// already compares every output; this test makes sure the same lessons also work through
/// the REPL's own commands and line-by-line input.
@Suite("Streams lessons at a terminal", .serialized)
struct StreamsLessonWalkthroughTests {
    /// The repository's `Lessons/` folder.
    private static let lessonsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Lessons").path

    @Test(arguments: 9...20)
    func learnerSolvesEveryExercise(lessonNumber: Int) throws {
        let library = LessonLibrary.load(from: Self.lessonsDirectory)
        let lesson = try #require(library.lesson(named: String(lessonNumber)), "lesson \(lessonNumber) is missing")
        let learner = try StreamsLessonLearner(lessonsDirectory: Self.lessonsDirectory)
        defer { learner.leave() }

        try learner.command(":lesson \(lessonNumber)", expecting: "Lesson \(lessonNumber) · \(lesson.title)")

        // The first example that is not a prediction (a prediction asks for a guess first).
        if let example = lesson.examples.first(where: { !$0.isPrediction }),
            let lastLine = example.expectedOutput.split(separator: "\n").last
        {
            try learner.command(":run \(example.number)", expecting: String(lastLine))
        }

        var previousSection: Int?
        for exercise in lesson.exercises {
            let section = try #require(lesson.sectionIndex(of: exercise))
            // After a pass, `:next` moves on to the exercise that follows; `:exercise`
            // finds the first unsolved one from anywhere else.
            let move = previousSection.map { $0 + 1 == section } == true ? ":next" : ":exercise"
            try learner.command(move, expecting: "Exercise: \(exercise.title)")
            previousSection = section
            if let starter = exercise.starter {
                try learner.type(starter)
            }
            try learner.command(":check", expecting: "✗ Not yet")
            try learner.command(":hint", expecting: "Hint 1 of \(exercise.hints.count)")
            try learner.type(exercise.solution)
            try learner.command(":check", expecting: "✓ Passed")
        }
    }
}

/// swiftlab on a pseudo-terminal with a private home, typing one line at a time and
/// waiting for each prompt, as a person would.
private final class StreamsLessonLearner {
    private let root: String
    private let terminal: PseudoTerminalProcess
    /// The number the next prompt shows: the REPL numbers every line it reads.
    private var line = 1

    init(lessonsDirectory: String) throws {
        root =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("swiftlab-lessons-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        let path = try #require(ProductLocator.path(of: "swiftlab"), "build swiftlab first (swift build)")
        terminal = try PseudoTerminalProcess(
            executable: path,
            environment: [
                "TERM": "xterm", "HOME": root + "/home", "XDG_STATE_HOME": root + "/state",
                "XDG_DATA_HOME": root + "/data", "NO_COLOR": "1", "SWIFTLAB_LESSONS": lessonsDirectory,
                // The REPL finds the Swift compiler on PATH.
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            ],
            columns: 200)
        try waitForPrompt(continuing: false)
    }

    /// Runs a `:` command and waits for `text` in its reply, then for the next prompt.
    func command(_ command: String, expecting text: String) throws {
        terminal.send(command)
        terminal.send(.enter)
        line += 1
        try terminal.waitForOutput(containing: text, timeout: 120)
        try waitForPrompt(continuing: false)
    }

    /// Types Swift code line by line; a line that completes an input waits for it to run.
    func type(_ code: String) throws {
        var pending = ""
        for text in code.split(separator: "\n", omittingEmptySubsequences: false) {
            if pending.isEmpty, text.allSatisfy(\.isWhitespace) { continue }
            terminal.send(String(text))
            terminal.send(.enter)
            line += 1
            pending += (pending.isEmpty ? "" : "\n") + text
            let complete = SwiftLexer.completeness(of: pending) == .complete
            if complete { pending = "" }
            try waitForPrompt(continuing: !complete)
        }
    }

    func leave() {
        terminal.send(.ctrlD)
        _ = try? terminal.waitForExit()
        terminal.terminate()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func waitForPrompt(continuing: Bool) throws {
        let prompt = continuing ? REPL.continuationPrompt(line: line) : REPL.prompt(line: line)
        try terminal.waitForOutput(containing: prompt, timeout: 120)
        try terminal.waitForRawMode()
    }
}
