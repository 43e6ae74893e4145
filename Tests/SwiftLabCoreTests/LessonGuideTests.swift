import Foundation
import SwiftLabRuntime
import Testing

@testable import SwiftLabCore

/// The lesson commands' behaviour, with the fixture lessons and a fake evaluator.
@Suite final class LessonGuideTests {
    /// This test's own folder; each test gets a new instance, released when it ends.
    let folder: URL
    let evaluator = FakeEvaluator()
    let console: ScriptedConsole

    init() throws {
        folder = try LessonFixtures.temporaryDirectory()
        console = ScriptedConsole()
        // The fake "passes" the fixture exercise once a definition using map was entered.
        evaluator.onCheck = { check, inputs in
            guard check.contains("doubled") else { return (LessonEvaluation(status: .succeeded), "") }
            guard let code = inputs.last(where: { $0.contains("func doubled") }) else {
                return (
                    LessonEvaluation(
                        status: .compileError, diagnostics: "check:1:13: error: cannot find 'doubled' in scope"), ""
                )
            }
            let solved = code.contains("map")
            return (
                LessonEvaluation(status: .succeeded),
                FakeEvaluator.reports(
                    CheckReport(
                        passed: solved, description: "doubled([1, 2, 3])", expected: "[2, 4, 6]",
                        actual: solved ? "[2, 4, 6]" : "[1, 2, 3]"),
                    CheckReport(passed: true, description: "doubled([])", expected: "[]", actual: "[]"))
            )
        }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func makeGuide(console: ScriptedConsole? = nil) -> LessonGuide {
        LessonGuide(
            library: LessonFixtures.library(),
            store: ProgressStore(directory: folder) { _ in },
            workspace: ExerciseWorkspace(directory: folder.appendingPathComponent("workspace")),
            evaluator: evaluator, console: console ?? self.console,
            renderer: MarkdownRenderer(width: 80, style: .plain))
    }

    @Test func opensLessonsByNumberOrNameAndMovesBetweenSections() {
        let guide = makeGuide()
        guide.open("basics")
        var shown = console.take()
        #expect(shown.contains("Lesson 1 · Basics · 1/4"))
        #expect(shown.contains("Values have types"))
        #expect(shown.contains(":next → Bindings"))

        guide.back()
        #expect(console.take().contains("This is the start of lesson 1."))
        guide.next()
        shown = console.take()
        #expect(shown.contains("Bindings\n--------"))
        #expect(shown.contains("Example 1 (:run 1 runs it):\n    let numbers = [1, 2, 3]"))
        #expect(shown.contains("It prints:\n    numbers: [Int] = [1, 2, 3]"), "an example shows what it prints")
        guide.next()
        shown = console.take()
        #expect(shown.contains("print(numbers.count + 1)"))
        #expect(!shown.contains("It prints:"), "a prediction keeps its output hidden")
        guide.next()
        shown = console.take()
        #expect(shown.contains("Exercise: Double every number"))
        #expect(shown.contains("Start from:\n    func doubled"))
        #expect(!shown.contains("expectEqual"))
        #expect(!shown.contains("numbers.map { $0 * 2 }"))
        // At a lesson's end, :next goes on to the next lesson.
        guide.next()
        shown = console.take()
        #expect(shown.contains("That was the last section of lesson 1; on to lesson 2."))
        #expect(shown.contains("Lesson 2 · Sums · 1/"))
        #expect(guide.lesson?.number == 2)
        guide.open("1")
        #expect(guide.lesson?.number == 1)

        guide.open("9")
        #expect(console.take().contains("No lesson '9'. Lessons: 1 (basics), 2 (sums)."))
        #expect(guide.lesson?.number == 1)
        guide.open("bsics")
        #expect(console.take().contains("No lesson 'bsics'. Did you mean :lesson basics (lesson 1, Basics)?"))
    }

    @Test func runsExamplesInTheSessionAndComparesPredictions() {
        evaluator.onEvaluate = { input in
            (LessonEvaluation(status: .succeeded), input.hasPrefix("print") ? "4\n" : "numbers: [Int] = [1, 2, 3]\n")
        }
        let answers = ScriptedConsole(answers: ["3", "4"])
        let guide = makeGuide(console: answers)
        guide.run("1")
        #expect(answers.take().contains("No lesson is open"))
        guide.open("1")
        _ = answers.take()
        guide.run("1")
        #expect(answers.take() == "    let numbers = [1, 2, 3]\nnumbers: [Int] = [1, 2, 3]\n")
        #expect(evaluator.inputs == ["let numbers = [1, 2, 3]"])
        guide.run("2")
        #expect(answers.take().contains("Not what you guessed (3)"))
        guide.run("2")
        #expect(answers.take().contains("✓ You predicted it."))
        guide.run("7")
        #expect(answers.take().contains("Lesson 1 has examples 1 to 2"))
    }

    @Test func checkOfANamedExerciseOpensItQuietlyFirst() {
        let guide = makeGuide()
        guide.check("1.1")
        #expect(guide.lesson?.number == 1)
        #expect(guide.sectionIndex == 3)
        let shown = console.take()
        #expect(shown.contains("the check uses `doubled`, which you have not defined yet"))
        #expect(!shown.contains("Lesson 1 ·"))  // the section is not shown
        guide.check("1.9")
        #expect(console.take().contains("No exercise '1.9': :check LESSON.N checks exercise N of a lesson"))
        #expect(guide.sectionIndex == 3)
    }

    @Test func checkNamesAMissingDefinitionThenShowsExpectedAndActualThenPasses() {
        let guide = makeGuide()
        guide.open("1")
        guide.check()
        #expect(console.take().contains("This section is not an exercise: :exercise goes to the next one."))
        guide.showExercise()
        #expect(guide.sectionIndex == 3)
        _ = console.take()

        guide.check()
        var shown = console.take()
        #expect(shown.contains("the check uses `doubled`, which you have not defined yet"))
        #expect(shown.contains(":hint gives a hint (1 of 2)"))

        _ = evaluator.evaluate("func doubled(_ numbers: [Int]) -> [Int] { numbers }") { _ in }
        guide.check()
        shown = console.take()
        #expect(shown.contains("✗ Not yet: 1 of 2 checks hold."))
        #expect(shown.contains("  ✗ doubled([1, 2, 3])\n      expected: [2, 4, 6]\n      actual:   [1, 2, 3]"))
        #expect(!shown.contains("✗ doubled([])"))
        #expect(
            !ProgressStore(directory: folder) { _ in }.load().record(for: "01-basics").passedExercises.contains(
                "double-every-number"))

        _ = evaluator.evaluate("func doubled(_ numbers: [Int]) -> [Int] { numbers.map { $0 * 2 } }") { _ in }
        guide.check()
        shown = console.take()
        #expect(shown.contains("✓ Passed: all 2 checks hold."))
        #expect(shown.contains("Lesson 1: [████████████████████] 1/1 exercises"))
        #expect(shown.contains("Lesson 1 done! Lessons [██████████░░░░░░░░░░] 1/2"))
        #expect(shown.contains("Next: :lesson 2 (Sums)."))
        #expect(
            ProgressStore(directory: folder) { _ in }.load().record(for: "01-basics").passedExercises == [
                "double-every-number"
            ])
    }

    @Test func checkReportsATrapAndACompileError() {
        let guide = makeGuide()
        guide.open("1")
        guide.showExercise()
        _ = console.take()
        evaluator.onCheck = { _, _ in
            (LessonEvaluation(status: .crashed, diagnostics: "Fatal error: Index out of range"), "")
        }
        guide.check()
        #expect(
            console.take().contains(
                "your code stopped with a runtime error during the check.\n  Fatal error: Index out of range"))
        evaluator.onCheck = { _, _ in
            (
                LessonEvaluation(
                    status: .compileError,
                    diagnostics: "error: cannot convert value of type 'String' to expected argument type '[Int]'"), ""
            )
        }
        guide.check()
        #expect(console.take().contains("the check does not compile against your code:\n  error: cannot convert"))
    }

    @Test func hintsComeInOrderAndSurviveARestart() {
        let guide = makeGuide()
        guide.open("1")
        guide.showExercise()
        _ = console.take()
        guide.hint()
        #expect(console.take() == "Hint 1 of 2:\nYou need one output for every input: which operator does that?\n")
        // After a restart the next hint is the second.
        let second = ScriptedConsole()
        let restarted = makeGuide(console: second)
        restarted.hint()
        #expect(second.take() == "Hint 2 of 2:\nTry `numbers.map { $0 * 2 }`.\n")
        restarted.hint()
        let last = second.take()
        #expect(last.hasPrefix("Hint 2 of 2:"))
        #expect(last.contains("That is the last hint. :solution shows the reference solution."))
    }

    @Test func solutionAsksFirstUntilTheExerciseIsSolved() {
        let answers = ScriptedConsole(answers: ["n", "y"])
        let guide = makeGuide(console: answers)
        guide.open("1")
        guide.showExercise()
        _ = answers.take()
        guide.solution()
        #expect(answers.take() == "Not shown. :hint gives a hint instead.\n")
        guide.solution()
        #expect(
            answers.take().contains(
                "Reference solution:\n    func doubled(_ numbers: [Int]) -> [Int] {\n        numbers.map { $0 * 2 }"))
        #expect(answers.questions.count == 2)

        _ = evaluator.evaluate("func doubled(_ n: [Int]) -> [Int] { n.map { $0 * 2 } }") { _ in }
        guide.check()
        _ = answers.take()
        guide.solution()
        #expect(answers.take().contains("Reference solution:"))
        #expect(answers.questions.count == 2)
    }

    @Test func bannerAndListShowProgressAndWhatComesNext() {
        let guide = makeGuide()
        #expect(
            guide.banner() == "Lessons [░░░░░░░░░░░░░░░░░░░░] 0/2 done\nStart with lesson 1, Basics: type :lesson 1.")
        guide.open("1")
        guide.next()
        #expect(makeGuide().banner().contains("Continue lesson 1, Basics (section 2 of 4): type :lesson 1."))

        guide.showExercise()
        _ = evaluator.evaluate("func doubled(_ n: [Int]) -> [Int] { n.map { $0 * 2 } }") { _ in }
        guide.check()
        _ = console.take()
        // A restart after finishing lesson 1 offers lesson 2 and resumes nothing else.
        let restarted = makeGuide()
        #expect(
            restarted.banner() == "Lessons [██████████░░░░░░░░░░] 1/2 done\nNext up: lesson 2, Sums: type :lesson 2.")
        restarted.listLessons()
        let list = console.take()
        #expect(list.contains("  ✓  1  Basics  1/1 exercises"))
        #expect(list.contains("     2  Sums    0/1 exercises"))
        restarted.open("2")
        _ = console.take()
        restarted.listLessons()
        #expect(console.take().contains("  ▶  2  Sums    0/1 exercises"))
    }

    @Test func progressResetAsksFirst() {
        let answers = ScriptedConsole(answers: ["", "yes"])
        let guide = makeGuide(console: answers)
        guide.open("2")
        guide.resetProgress()
        #expect(answers.take().hasSuffix("Kept your progress.\n"))
        #expect(ProgressStore(directory: folder) { _ in }.load().currentLesson == "02-sums")
        guide.resetProgress()
        #expect(answers.take().contains("Progress erased."))
        #expect(ProgressStore(directory: folder) { _ in }.load() == LessonProgress())
        #expect(guide.lesson == nil)
    }

    @Test func editCreatesAWorkspaceCopyOpensTheEditorAndLoadsTheFile() throws {
        let guide = makeGuide()
        guide.open("1")
        guide.showExercise()
        _ = console.take()
        var opened: [URL] = []
        guide.openEditor = { url in
            opened.append(url)
            try? "func doubled(_ n: [Int]) -> [Int] { n.map { $0 * 2 } }\n".write(
                to: url, atomically: true, encoding: .utf8)
            return true
        }
        guide.edit()
        let url = try #require(opened.first)
        #expect(url.path.hasSuffix("workspace/01-basics/1-double-every-number.swift"))
        #expect(evaluator.inputs.last == "func doubled(_ n: [Int]) -> [Int] { n.map { $0 * 2 } }\n")
        #expect(console.take().contains("Loaded. :check checks it."))
        // The lesson file itself is untouched.
        let original = try String(contentsOfFile: LessonFixtures.directory + "/01-basics.md", encoding: .utf8)
        #expect(original.contains("    return numbers\n"))
    }
}

extension LessonGuideTests {
    @Test func exerciseGoesOnToTheNextUnsolvedOne() {
        let guide = makeGuide()
        guide.open("1")
        guide.showExercise()
        #expect(guide.sectionIndex == 3)
        guide.showExercise()
        #expect(guide.sectionIndex == 3)
        _ = evaluator.evaluate("func doubled(_ n: [Int]) -> [Int] { n.map { $0 * 2 } }") { _ in }
        guide.check()
        _ = console.take()
        // The only exercise is solved: `:exercise` says so and stays on an exercise.
        guide.showExercise()
        #expect(console.take().contains("You have solved every exercise of lesson 1."))
        #expect(guide.sectionIndex == 3)
    }
}

extension LessonGuideTests {
    @Test func lessonsListsTheFilesThatCouldNotBeReadWithFileAndLine() throws {
        var library = LessonFixtures.library()
        library.problems = [
            LessonParseError(
                path: "Lessons/07-broken.md", line: 12,
                message: "this 'swift example' block must be followed by an 'output' block with what it prints")
        ]
        let overview = LessonOverview(library: library, progress: LessonProgress(), style: .plain)
        #expect(
            overview.list().contains(
                "  ! Lessons/07-broken.md:12: this 'swift example' block must be followed by an 'output' block"))
        #expect(overview.banner().hasSuffix("1 lesson file(s) could not be read: :lessons shows why."))
    }

    /// A lesson whose exercise gives code (`Directory`) and asks for a function (`greeting`).
    private func givenCodeGuide() throws -> LessonGuide {
        let text = """
            # Given

            Intro.

            ## Exercise: Greet

            Write `greeting(token:in:)`.

            ```swift starter
            final class Directory {
                func name(token: String) -> String { token == "secret" ? "Ada" : "?" }
            }

            func greeting(token: String, in directory: Directory) -> String {
                ""
            }
            ```

            ```swift check
            expectEqual(greeting(token: "secret", in: Directory()), "Hello, Ada!", "greeting")
            ```

            ```hint
            Use the directory.
            ```

            ```swift solution
            func greeting(token: String, in directory: Directory) -> String {
                "Hello, \\(directory.name(token: token))!"
            }
            ```

            """
        let lesson = try LessonParser.parse(text, path: "/lessons/03-given.md")
        return LessonGuide(
            library: LessonLibrary(lessons: [lesson]), store: ProgressStore(directory: folder) { _ in },
            workspace: ExerciseWorkspace(directory: folder.appendingPathComponent("workspace")),
            evaluator: evaluator, console: console, renderer: MarkdownRenderer(width: 80, style: .plain))
    }

    /// What `:check` says in the exercise of ``givenCodeGuide()``.
    private func checkOutputOfTheGivenCodeExercise() throws -> String {
        let guide = try givenCodeGuide()
        guide.open("given")
        guide.next()
        _ = console.take()
        guide.check()
        return console.take()
    }

    /// `:check` said "which you have not defined yet. Write it here" of code the exercise gives.
    @Test func aCheckMissingGivenCodePointsToStarter() throws {
        evaluator.onCheck = { _, _ in
            (
                LessonEvaluation(
                    status: .compileError,
                    diagnostics:
                        "check:1:13: error: cannot find 'greeting' in scope\ncheck:1:42: error: cannot find 'Directory' in scope"
                ),
                ""
            )
        }
        let shown = try checkOutputOfTheGivenCodeExercise()
        #expect(
            shown.contains("the check uses `Directory`, which the exercise gives you: :starter loads it."), "\(shown)")
        #expect(shown.contains("Then write `greeting` here (or with :edit), and :check again."), "\(shown)")
        #expect(!shown.contains("which you have not defined yet"), "\(shown)")
    }

    /// Lesson 1's `let greeting = "Hello"` made lesson 15's check fail with no word of the clash.
    @Test func aValueHidingTheFunctionTheCheckCallsIsNamed() throws {
        evaluator.onCheck = { _, _ in
            (
                LessonEvaluation(
                    status: .compileError,
                    diagnostics: "check:1:13: error: cannot call value of non-function type 'String'"),
                ""
            )
        }
        _ = evaluator.evaluate("let greeting = \"Hello\"") { _ in }
        let shown = try checkOutputOfTheGivenCodeExercise()
        #expect(
            shown.contains("The check calls `greeting` as a function, and this session also has a value of that name"),
            "\(shown)")
        #expect(shown.contains(":reset starts a fresh session"), "\(shown)")
    }
}
