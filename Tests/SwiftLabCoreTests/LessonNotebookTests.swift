import Foundation
import Testing

@testable import SwiftLabCore

/// A lesson written as a notebook: text, examples and exercises as cells.
@Suite struct LessonNotebookTests {
    @Test func textExamplesAndExercisesBecomeCellsInOrder() throws {
        let lesson = try #require(LessonFixtures.library().lesson(named: "1"))
        let cells = LessonNotebook(lesson: lesson).cells
        #expect(cells.first?.isCode == false)
        #expect(cells.first?.source.hasPrefix("# \(lesson.title)") == true)
        let code = cells.filter(\.isCode).map(\.source)
        #expect(code.prefix(lesson.examples.count) == ArraySlice(lesson.examples.map(\.code)))
        for exercise in lesson.exercises {
            #expect(code.contains(":check 1.\(exercise.number)"))
            #expect(code.contains(exercise.starter ?? "// Your answer here."))
        }
        #expect(cells.contains { !$0.isCode && $0.source.contains("## Exercise: \(lesson.exercises[0].title)") })
    }

    @Test func theTeachersCopyHoldsTheSolutionsInTheSamePlaces() throws {
        let lesson = try #require(LessonFixtures.library().lesson(named: "1"))
        let learners = LessonNotebook(lesson: lesson).cells
        var teachers = LessonNotebook(lesson: lesson)
        teachers.showsSolutions = true
        let changed = zip(learners, teachers.cells).filter { $0 != $1 }
        #expect(learners.count == teachers.cells.count)
        #expect(changed.map(\.1.source) == lesson.exercises.map(\.solution))
    }

    @Test func theFileIsAValidNotebookForTheSwiftlabKernelAndTheSameEachTime() throws {
        let lesson = try #require(LessonFixtures.library().lesson(named: "1"))
        let data = try LessonNotebook(lesson: lesson).json()
        #expect(try data == LessonNotebook(lesson: lesson).json())
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["nbformat"] as? Int == 4)
        let metadata = try #require(object["metadata"] as? [String: Any])
        #expect((metadata["kernelspec"] as? [String: Any])?["name"] as? String == "swiftlab")
        let cells = try #require(object["cells"] as? [[String: Any]])
        #expect(Set(cells.compactMap { $0["id"] as? String }).count == cells.count)
        let source = try #require(cells.first?["source"] as? [String])
        #expect(source.dropLast().allSatisfy { $0.hasSuffix("\n") })
        #expect(LessonNotebook(lesson: lesson).fileName == "01-basics.ipynb")
    }
}
