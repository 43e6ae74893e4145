import Foundation
import PTYTestSupport
import SwiftLabCore
import Testing

/// Every exercise of every lesson in `Lessons/` can be solved at a terminal: a learner
/// who opens the lesson and types the reference solution sees `:check` pass.
@Suite("Every lesson's exercises solved at a terminal", .serialized)
struct LessonSolutionTerminalTests {
    static let library = LessonLibrary.load(from: LessonSandbox.realLessons)

    @Test func everyLessonInLessonsLoads() {
        #expect(Self.library.problems.map(\.description) == [])
        #expect(!Self.library.lessons.isEmpty)
    }

    @Test(arguments: library.lessons.map(\.id))
    func typingTheReferenceSolutionsPassesTheChecks(lessonID: String) throws {
        let lesson = try #require(Self.library.lessons.first { $0.id == lessonID })
        let sandbox = try LessonSandbox(lessons: LessonSandbox.realLessons)
        var learner = try Learner(sandbox.startTerminal())
        var reply = try learner.type(":lesson \(lesson.number)")
        #expect(reply.contains("Lesson \(lesson.number) · \(lesson.title) · 1/"))
        for exercise in lesson.exercises {
            reply = try learner.type(":exercise")
            #expect(reply.contains("Exercise: \(exercise.title)"), "\(lesson.id): \(reply)")
            try learner.typeInput(exercise.solution)
            reply = try learner.type(":check", timeout: 120)
            #expect(reply.contains("✓ Passed"), "\(lesson.path): exercise '\(exercise.title)': \(reply)")
        }
        reply = try learner.type(":lessons")
        #expect(reply.contains("✓ \(lesson.number < 10 ? " " : "")\(lesson.number)  \(lesson.title)"), "\(reply)")
        #expect(try learner.quit() == 0)
    }
}

extension Learner {
    /// Types a whole Swift input line by line, as a person would, waiting for each
    /// continuation prompt; blank lines between complete inputs are skipped.
    mutating func typeInput(_ code: String) throws {
        var pending = ""
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = line.replacingOccurrences(of: "\t", with: "    ")
            if pending.isEmpty && line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            pending += (pending.isEmpty ? "" : "\n") + line
            let complete = SwiftLexer.completeness(of: pending) == .complete
            _ = try type(line, continuation: !complete, timeout: 120)
            if complete { pending = "" }
        }
    }
}
