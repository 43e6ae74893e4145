import Foundation
import Testing

@testable import SwiftLabCore

@Suite struct LessonParserTests {
    @Test func parsesTheFixtureLessonIntoSectionsExamplesAndExercises() throws {
        let library = LessonFixtures.library()
        #expect(library.problems.isEmpty)
        #expect(library.lessons.map(\.id) == ["01-basics", "02-sums"])
        let lesson = try #require(library.lessons.first)
        #expect(lesson.number == 1)
        #expect(lesson.title == "Basics")
        #expect(lesson.sections.map(\.title) == ["Basics", "Bindings", "Predict", "Double every number"])
        #expect(lesson.sections[0].items == [.markdown("Values have types, and the REPL shows both.")])

        let examples = lesson.examples
        #expect(examples.map(\.number) == [1, 2])
        #expect(examples[0].code == "let numbers = [1, 2, 3]")
        #expect(examples[0].expectedOutput == "numbers: [Int] = [1, 2, 3]")
        #expect(examples[0].isPrediction == false)
        #expect(examples[1].isPrediction)
        #expect(examples[1].expectedOutput == "4")

        let exercise = try #require(lesson.exercises.first)
        #expect(exercise.title == "Double every number")
        #expect(exercise.id == "double-every-number")
        #expect(exercise.task == "Write `doubled(_:)`, which returns each number times two.")
        #expect(exercise.starter?.hasPrefix("func doubled") == true)
        #expect(exercise.check.contains("expectEqual(doubled([1, 2, 3])"))
        #expect(exercise.hints.count == 2)
        #expect(exercise.hints[1] == "Try `numbers.map { $0 * 2 }`.")
        #expect(exercise.solution.contains("numbers.map { $0 * 2 }"))
        // Hidden parts are not among what the learner sees.
        let shown = lesson.sections[3].items
        #expect(shown.count == 2)
        #expect(shown.last == .starter(exercise.starter!))
    }

    @Test func keepsPlainCodeBlocksAndLongerFencesAsMarkdown() throws {
        let text = """
            # Fences

            ````markdown
            ```swift example
            not an example
            ```
            ````

            ```swift
            let broken = = 1
            ```
            """
        let lesson = try LessonParser.parse(text, path: "Lessons/04-fences.md")
        #expect(lesson.examples.isEmpty)
        guard case .markdown(let markdown) = lesson.sections[0].items.first else {
            Issue.record("expected markdown")
            return
        }
        #expect(markdown.contains("not an example"))
        #expect(markdown.contains("let broken = = 1"))
    }

    @Test func readsNumbersAndSlugsFromFileNames() {
        #expect(LessonParser.numberAndSlug(ofFileName: "03-flatmap.md")! == (3, "flatmap"))
        #expect(LessonParser.numberAndSlug(ofFileName: "12-handle-events.md")! == (12, "handle-events"))
        #expect(LessonParser.numberAndSlug(ofFileName: "3-flatmap.md") == nil)
        #expect(LessonParser.numberAndSlug(ofFileName: "03-FlatMap.md") == nil)
        #expect(LessonParser.numberAndSlug(ofFileName: "README.md") == nil)
    }

    /// Each malformed lesson gives an error naming the file and the line to fix.
    @Test(arguments: [
        ("Intro\n# Title", 1, "starts with a '# Title'"),
        ("# T\n\n```swift example\nlet x = 1\n```\n\nSome prose.", 3, "must be followed by an 'output' block"),
        ("# T\n\n```output\n1\n```", 3, "must follow a 'swift example'"),
        (
            "# T\n\n## Exercise: A\n\n```swift check\nexpect(true, \"\")\n```\n\n```hint\nh\n```", 3,
            "has no 'swift solution' block"
        ),
        ("# T\n\n## Exercise: A\n\n```swift solution\n```\n\n```hint\nh\n```", 3, "has no 'swift check' block"),
        ("# T\n\n## Exercise: A\n\n```swift check\n```\n\n```swift solution\n```", 3, "has no 'hint' block"),
        ("# T\n\n## Exercise: A\n\n```swift check\n```\n\n```swift check\n```", 8, "exactly one 'swift check'"),
        ("# T\n\n```hint\nh\n```", 3, "belongs in an '## Exercise: ...' section"),
        ("# T\n\n```swift exampel\nlet x = 1\n```", 3, "unknown block tag 'swift exampel'"),
        ("# T\n\nText\n\n```swift\nlet x = 1\n", 5, "never closed"),
        ("# T\n\n## Exercise:\n", 3, "needs a name"),
        ("# T\n\n```\ninput   -a-b|\noutput  ---a-b|\n```", 3, "must be the output of a 'swift example'"),
        ("# T\n\n```text\ninput 2    --x|\n```", 3, "prints a MarbleDiagram"),
        ("# T\n\n# Another", 3, "one '# ' title"),
        ("", 1, "empty"),
    ])
    func reportsMalformedLessonsWithFileAndLine(text: String, line: Int, message: String) {
        do {
            _ = try LessonParser.parse(text, path: "Lessons/05-broken.md")
            Issue.record("expected a parse error for: \(text)")
        } catch {
            #expect(error.line == line)
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("Lessons/05-broken.md:\(line): "))
        }
    }

    @Test func aBadLessonDoesNotStopTheOthersFromLoading() throws {
        let folder = try LessonFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "# Good\n\nFine.\n".write(
            to: folder.appendingPathComponent("01-good.md"), atomically: true, encoding: .utf8)
        try "# Bad\n\n```output\n1\n```\n".write(
            to: folder.appendingPathComponent("02-bad.md"), atomically: true, encoding: .utf8)
        try "# Also good\n".write(
            to: folder.appendingPathComponent("03-also-good.md"), atomically: true, encoding: .utf8)
        try "# Misnamed\n".write(to: folder.appendingPathComponent("4-misnamed.md"), atomically: true, encoding: .utf8)
        try "notes".write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)

        let library = LessonLibrary.load(from: folder.path)
        #expect(library.lessons.map(\.id) == ["01-good", "03-also-good"])
        #expect(library.problems.count == 2)
        #expect(library.problems.contains { $0.path.hasSuffix("02-bad.md") && $0.line == 3 })
        #expect(library.problems.contains { $0.path.hasSuffix("4-misnamed.md") })
    }

    @Test func findsLessonsByNumberSlugOrFileName() {
        let library = LessonFixtures.library()
        #expect(library.lesson(named: "1")?.slug == "basics")
        #expect(library.lesson(named: "02")?.slug == "sums")
        #expect(library.lesson(named: "sums")?.number == 2)
        #expect(library.lesson(named: "01-basics")?.number == 1)
        #expect(library.lesson(named: "Bas")?.number == 1)
        #expect(library.lesson(named: "7") == nil)
        #expect(library.lesson(named: "nothing") == nil)
        // A start that fits several lessons names none of them.
        let two = LessonLibrary(lessons: [
            Lesson(number: 1, slug: "state", title: "S", path: "", sections: []),
            Lesson(number: 2, slug: "side-effects", title: "E", path: "", sections: []),
        ])
        #expect(two.lesson(named: "s") == nil)
        #expect(two.lesson(named: "si")?.number == 2)
    }
}
