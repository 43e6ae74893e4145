import SwiftLabRuntime
import Testing

@testable import SwiftLabCore

@Suite struct LessonVerifierTests {
    @Test func checkReportsSurviveTheTripThroughOutputLines() {
        let tricky = CheckReport(
            passed: false, description: "a\tb\nc \\ \u{1F}", expected: "\"x\\ny\"", actual: "[\"\u{1E}\"]")
        #expect(CheckReport(line: tricky.line) == tricky)
        #expect(!tricky.line.contains("\n"))
        let plain = CheckReport(passed: true, description: "total([]) is 0")
        #expect(CheckReport(line: plain.line) == plain)
        #expect(CheckReport(line: "[1, 2, 3]") == nil)
    }

    @Test func findsMissingNamesInDiagnostics() {
        let text = """
            check:1:13: error: cannot find 'doubled' in scope
            check:2:1: error: cannot find type 'Box' in scope
            check:3:13: error: cannot find 'doubled' in scope
            """
        #expect(ExerciseChecker.missingNames(in: text) == ["doubled", "Box"])
    }

    @Test func comparesOutputsLineByLineIgnoringTrailingWhiteSpace() {
        #expect(LessonVerifier.difference(expected: "a\nb", actual: "a  \nb\n\n") == nil)
        let message = LessonVerifier.difference(expected: "a\nb\nc", actual: "a\nB\nc") ?? ""
        #expect(message.hasPrefix("output differs at line 2: expected \"b\", got \"B\""))
        #expect(
            LessonVerifier.difference(expected: "a\nb", actual: "a")?.contains(
                "line 2: expected \"b\", got \"(nothing)\"") == true)
    }

    /// With an evaluator that prints the expected output and passes only the solution,
    /// verification is clean; editing an expected output makes it name the example.
    @Test func namesTheLessonAndExampleWhoseOutputDisagrees() throws {
        let evaluator = FakeEvaluator()
        evaluator.onEvaluate = { input in
            (
                LessonEvaluation(status: .succeeded),
                input.hasPrefix("print") ? "4\n" : input.hasPrefix("let") ? "numbers: [Int] = [1, 2, 3]\n" : ""
            )
        }
        evaluator.onCheck = { _, inputs in
            let solved = inputs.contains { $0.contains("map") }
            return (
                LessonEvaluation(status: .succeeded),
                FakeEvaluator.reports(CheckReport(passed: solved, description: "d"))
            )
        }
        var lesson = try #require(LessonFixtures.library().lesson(named: "1"))
        #expect(LessonVerifier(evaluator: evaluator).verify(lesson).isEmpty)
        #expect(evaluator.resets == 3)

        guard case .example(var example) = lesson.sections[2].items[1] else {
            Issue.record("expected the predict example")
            return
        }
        example.expectedOutput = "5"
        lesson.sections[2].items[1] = .example(example)
        let problems = LessonVerifier(evaluator: evaluator).verify(lesson)
        #expect(problems.count == 1)
        #expect(
            problems.first?.description.hasPrefix(
                LessonFixtures.directory
                    + "/01-basics.md:24: predict example 2: output differs at line 1: expected \"5\", got \"4\"")
                == true)
    }

    @Test func requiresTheSolutionToPassAndTheStarterToFail() throws {
        let evaluator = FakeEvaluator()
        evaluator.onCheck = { _, _ in
            (LessonEvaluation(status: .succeeded), FakeEvaluator.reports(CheckReport(passed: true, description: "d")))
        }
        evaluator.onEvaluate = { input in
            input.hasPrefix("let")
                ? (LessonEvaluation(status: .succeeded), "numbers: [Int] = [1, 2, 3]\n")
                : (LessonEvaluation(status: .succeeded), input.hasPrefix("print") ? "4\n" : "")
        }
        let lesson = try #require(LessonFixtures.library().lesson(named: "1"))
        let problems = LessonVerifier(evaluator: evaluator).verify(lesson).map(\.description)
        #expect(problems.count == 1)
        #expect(
            problems.first?.contains(
                "01-basics.md:44: exercise 'Double every number' (starter): the check passes with the starter code")
                == true)

        evaluator.onCheck = { _, _ in
            (LessonEvaluation(status: .compileError, diagnostics: "error: cannot find 'doubled' in scope"), "")
        }
        let failing = LessonVerifier(evaluator: evaluator).verify(lesson).map(\.description)
        #expect(failing.count == 1)
        #expect(
            failing.first?.contains(
                "exercise 'Double every number' (solution): the check fails with the reference solution") == true)
    }
}
