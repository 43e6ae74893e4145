import Foundation
import SwiftLabRuntime
import Testing

@testable import SwiftLabCore

/// `swiftlab check` and `swiftlab verify` with the fixture lessons and a fake evaluator
/// (the end-to-end tests run them with the real one).
@Suite final class LessonCommandLineTests {
    /// This test's own folder; each test gets a new instance, released when it ends.
    let folder: URL
    let evaluator = FakeEvaluator()

    init() throws {
        folder = try LessonFixtures.temporaryDirectory()
        evaluator.onCheck = { _, inputs in
            let solved = inputs.contains { $0.contains("reduce") }
            return (
                LessonEvaluation(status: .succeeded),
                FakeEvaluator.reports(
                    CheckReport(
                        passed: solved, description: "total([1, 2, 3])", expected: "6", actual: solved ? "6" : "0"))
            )
        }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func run(_ subcommand: String, _ arguments: [String] = []) -> (Int32, String) {
        var output = ""
        let commandLine = LessonCommandLine(
            library: LessonFixtures.library(),
            store: ProgressStore(directory: folder) { _ in },
            workspace: ExerciseWorkspace(directory: folder.appendingPathComponent("workspace")),
            style: .plain, write: { output += $0 }, makeEvaluator: { [evaluator] in evaluator })
        let status = commandLine.run(subcommand, arguments: arguments)
        return (status, output)
    }

    @Test func checkCreatesExerciseFilesShowsHintsInOrderAndRecordsAPass() throws {
        var (status, output) = run("check", ["sums"])
        #expect(status == 1)
        let file = folder.appendingPathComponent("workspace/02-sums/1-total.swift")
        #expect(output.contains("Created \(file.path): write your answer there."))
        #expect(
            output.contains(
                "✗ Not yet: its check does not hold.\n  ✗ total([1, 2, 3])\n      expected: 6\n      actual:   0"))
        // Hints only when asked for, and only then counted as seen.
        #expect(!output.contains("Hint 1 of 1"))
        #expect(output.contains("swiftlab check --hint 2 shows a hint."))
        #expect(ProgressStore(directory: folder) { _ in }.load().record(for: "02-sums").hintsSeen["total"] == nil)
        #expect(output.contains("0 of 1 exercise files pass (0 of 1 exercises passed)."))
        (status, output) = run("check", ["--hint", "sums"])
        #expect(output.contains("Hint 1 of 1: `reduce` starts from a value"))
        #expect(ProgressStore(directory: folder) { _ in }.load().record(for: "02-sums").hintsSeen["total"] == 1)
        let created = try String(contentsOf: file, encoding: .utf8)
        #expect(created.hasPrefix("// Lesson 2: Sums. Exercise 1: Total\n//\n// Write `total(_:)`"))

        try "func total(_ n: [Int]) -> Int { n.reduce(0, +) }\n".write(to: file, atomically: true, encoding: .utf8)
        (status, output) = run("check", ["2"])
        #expect(status == 0)
        #expect(!output.contains("Created"))
        #expect(output.contains("✓ Passed: its check holds."))
        #expect(
            output.contains(
                "1 of 1 exercise files pass (1 of 1 exercises passed). Lessons [██████████░░░░░░░░░░] 1/2 done"))
        #expect(evaluator.inputs.last == "func total(_ n: [Int]) -> Int { n.reduce(0, +) }\n")

        // A pass recorded elsewhere (the REPL) still shows when the file does not pass.
        try "func total(_ n: [Int]) -> Int { 0 }\n".write(to: file, atomically: true, encoding: .utf8)
        (status, output) = run("check", ["2"])
        #expect(output.contains("✓ You passed this exercise before (in swiftlab); this file holds other code."))
        #expect(output.contains("0 of 1 exercise files pass (1 of 1 exercises passed)."))
    }

    @Test func checkWithoutALessonUsesTheCurrentOne() {
        ProgressStore(directory: folder) { _ in }.update { $0.visit(lessonID: "02-sums", section: 1) }
        let (_, output) = run("check")
        #expect(output.hasPrefix("Lesson 2: Sums\n"))
        #expect(run("check", ["nine"]).1 == "No lesson 'nine'. `swiftlab lessons` lists them.\n")
    }

    @Test func checkReportsAFileThatDoesNotCompile() throws {
        evaluator.onEvaluate = { _ in
            (LessonEvaluation(status: .compileError, diagnostics: "1-total.swift:7:1: error: expected expression"), "")
        }
        let (status, output) = run("check", ["2"])
        #expect(status == 1)
        #expect(
            output.contains("✗ Not yet: your file does not compile:\n  1-total.swift:7:1: error: expected expression"))
    }

    @Test(arguments: ["lessons", "check", "watch", "reset", "verify"])
    func everySubcommandExplainsItselfAndRejectsUnknownOptions(subcommand: String) {
        for flag in ["--help", "-h"] {
            let (status, output) = run(subcommand, [flag])
            #expect(status == 0)
            #expect(output.hasPrefix("Usage: swiftlab \(subcommand)"))
            #expect(!output.contains("no lesson"))
        }
        let (status, output) = run(subcommand, ["--frobnicate"])
        #expect(status == 2)
        #expect(
            output.hasPrefix("swiftlab \(subcommand): unknown option '--frobnicate'.\nUsage: swiftlab \(subcommand)"))
        #expect(evaluator.inputs.isEmpty)
    }

    @Test func verifyExitsNonZeroNamingLessonAndExample() {
        evaluator.onEvaluate = { input in
            (LessonEvaluation(status: .succeeded), input.hasPrefix("print") ? "5\n" : "numbers: [Int] = [1, 2, 3]\n")
        }
        evaluator.onCheck = { _, inputs in
            let solved = inputs.contains { $0.contains("map {") || $0.contains("reduce") }
            return (
                LessonEvaluation(status: .succeeded),
                FakeEvaluator.reports(CheckReport(passed: solved, description: "d"))
            )
        }
        let (status, output) = run("verify")
        #expect(status == 1)
        #expect(output.contains("✗ 01-basics (2 examples, 1 exercise)"))
        #expect(
            output.contains("01-basics.md:24: predict example 2: output differs at line 1: expected \"4\", got \"5\""))
        #expect(output.contains("✓ 02-sums (0 examples, 1 exercise)"))
        #expect(output.hasSuffix("1 problem found.\n"))
        let one = run("verify", ["2"])
        #expect(one.0 == 0)
        #expect(one.1.hasSuffix("1 lesson agrees with what swiftlab does.\n"))
    }

    @Test func lessonsListsEveryExerciseWithItsFileAndStateAndSaysWhatToTypeAtTheShell() throws {
        let workspace = folder.appendingPathComponent("workspace")
        var (status, output) = run("lessons")
        #expect(status == 0)
        #expect(
            output == """
                Lessons  [░░░░░░░░░░░░░░░░░░░░] 0/2 done
                     1  Basics  0/1 exercises
                        new     1 double-every-number  01-basics/1-double-every-number.swift
                     2  Sums    0/1 exercises
                        new     1 total  02-sums/1-total.swift
                Exercise files are in \(workspace.path).
                Check a lesson's files with swiftlab check N; swiftlab reset N EXERCISE puts one back to its starter code; \
                run swiftlab and type :lesson N to read it.

                """)
        // A file made from the starter code is still new; one written in is started; a pass is done.
        _ = run("check", ["1"])
        _ = run("check", ["2"])
        #expect(run("lessons").1.contains("new     1 double-every-number"))
        #expect(run("lessons").1.contains("new     1 total"))
        try "func total(_ n: [Int]) -> Int { 0 }\n".write(
            to: workspace.appendingPathComponent("02-sums/1-total.swift"), atomically: true, encoding: .utf8)
        #expect(run("lessons").1.contains("started 1 total"))
        ProgressStore(directory: folder) { _ in }.update { $0.markPassed("total", in: "02-sums") }
        (status, output) = run("lessons")
        #expect(output.contains("done    1 total"))
    }

    @Test func resetPutsAnExerciseFileBackToItsStarterCodeKeepingTheOldOne() throws {
        let file = folder.appendingPathComponent("workspace/02-sums/1-total.swift")
        _ = run("check", ["2"])
        let starter = try String(contentsOf: file, encoding: .utf8)
        try "func total(_ n: [Int]) -> Int { 0 }\n".write(to: file, atomically: true, encoding: .utf8)
        let (status, output) = run("reset", ["2", "total"])
        #expect(status == 0)
        #expect(output == "\(file.path) holds the starter code again; what it held is in 1-total.swift.previous.\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == starter)
        #expect(
            try String(contentsOf: file.appendingPathExtension("previous"), encoding: .utf8)
                == "func total(_ n: [Int]) -> Int { 0 }\n")
        // By number, and a lesson without the exercise named says which it has.
        #expect(run("reset", ["sums", "1"]).1 == "\(file.path) holds the starter code.\n")
        let wrong = run("reset", ["2", "average"])
        #expect(wrong.0 == 2)
        #expect(wrong.1 == "Lesson 2 has no exercise 'average'; its exercises: 1 (total).\n")
        #expect(run("reset").1.hasPrefix("Usage: swiftlab reset LESSON [EXERCISE]"))
    }

    @Test func watchShowsPassedExercisesOnALineAndStopsAtTheOneToWorkOnWithTheNextStep() throws {
        let commandLine = LessonCommandLine(
            library: LessonFixtures.library(),
            store: ProgressStore(directory: folder) { _ in },
            workspace: ExerciseWorkspace(directory: folder.appendingPathComponent("workspace")),
            style: .plain, write: { _ in }, makeEvaluator: { [evaluator] in evaluator })
        var output = ""
        var watching = commandLine
        watching.write = { output += $0 }
        let lesson = try #require(LessonFixtures.library().lesson(named: "2"))
        #expect(!watching.check(lesson, with: evaluator, focused: true))
        let file = folder.appendingPathComponent("workspace/02-sums/1-total.swift")
        #expect(output.contains("Exercise 1: Total  \(file.path)\n✗ Not yet: its check does not hold."))
        #expect(output.contains("Next: edit \(file.path) and save it; it is checked again then."))
        #expect(!output.contains("exercise files pass"))
        try "func total(_ n: [Int]) -> Int { n.reduce(0, +) }\n".write(to: file, atomically: true, encoding: .utf8)
        output = ""
        #expect(watching.check(lesson, with: evaluator, focused: true))
        #expect(output.contains("✓ Exercise 1: Total  \(file.path)\n"))
        #expect(output.contains("✓ Every exercise of lesson 2 passes. That was the last lesson."))
    }
}
