import Foundation
import PTYTestSupport
import SwiftLabCore
import Testing

/// `:starter` loads an exercise's supporting code, not the part the learner writes.
@Suite("`:starter` at a terminal", .serialized)
struct StarterCommandTerminalTests {
    @Test func loadsTheSupportingTypesAndLeavesTheLearnersFunction() throws {
        let sandbox = try LessonSandbox(lessons: LessonSandbox.realLessons)
        var learner = try Learner(sandbox.startTerminal())
        _ = try learner.type(":lesson 16")
        var reply = try learner.type(":exercise")
        #expect(reply.contains("Exercise: Titles from JSON"))
        reply = try learner.type(":starter", timeout: 120)
        #expect(
            reply.contains("Loaded the supporting code of 'Titles from JSON': FeedPage. Now write titles."), "\(reply)")
        reply = try learner.type("FeedPage(items: [\"a\"], hasMore: false).items", timeout: 120)
        #expect(reply.contains("[String] = [\"a\"]"), "\(reply)")
        // The function to write is still missing: the starter's stub was not loaded.
        reply = try learner.type(":check", timeout: 120)
        #expect(reply.contains("`titles`"), "\(reply)")
        #expect(try learner.quit() == 0)
    }
}

extension StarterCommandTerminalTests {
    /// `:help check` explains the command instead of repeating its one-line summary.
    @Test func helpForALessonCommandExplainsIt() throws {
        let sandbox = try LessonSandbox()
        var learner = try Learner(sandbox.startTerminal())
        let reply = try learner.type(":help check")
        #expect(reply.contains("Runs the exercise's hidden checks against the definitions in your session"), "\(reply)")
        #expect(try learner.quit() == 0)
    }
}
