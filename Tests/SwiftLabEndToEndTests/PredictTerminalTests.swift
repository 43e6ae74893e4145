import Foundation
import PTYTestSupport
import SwiftLabCore
import Testing

/// "Predict the output" at a terminal with the real lessons: the explanation waits for
/// the guess, a guess is compared on its values, a command typed at the guess prompt is a
/// command, and an example runs the earlier ones it needs first.
@Suite("Predictions at a terminal", .serialized)
struct PredictTerminalTests {
    @Test func theExplanationWaitsForTheGuessWhichIsComparedOnItsValues() throws {
        let sandbox = try LessonSandbox(lessons: LessonSandbox.realLessons)
        var learner = try Learner(sandbox.startTerminal())
        _ = try learner.type(":lesson 1")
        for _ in 1...4 { _ = try learner.type(":next") }
        var reply = try learner.type(":next")
        #expect(reply.contains("Predict the output (:run 4):"))
        #expect(reply.contains("Guess first: :run 4 asks for your guess, runs it, then explains."))
        #expect(!reply.contains("integer division"), "the explanation is shown before the guess: \(reply)")

        reply = try learner.answer(":run 4", question: "What will it print?", with: ":back")
        #expect(reply.contains("(Not run: :back is a command. :run 4 asks again.)"))
        #expect(reply.contains("Moving around a lesson"))
        #expect(!reply.contains("$R"))

        reply = try learner.answer(":run 4", question: "What will it print?", with: "3 and 3.5")
        #expect(reply.contains(": Int = 3"))
        #expect(reply.contains("✓ You predicted it."), "\(reply)")
        #expect(reply.contains("Why:"))
        #expect(reply.contains("integer division"))
        #expect(try learner.quit() == 0)
    }

    @Test func anExampleRunsTheEarlierOnesItNeedsFirst() throws {
        let sandbox = try LessonSandbox(lessons: LessonSandbox.realLessons)
        var learner = try Learner(sandbox.startTerminal())
        _ = try learner.type(":lesson 13")
        let reply = try learner.answer(":run 4", question: "What will it print?", with: "")
        #expect(reply.contains("Example 4 uses what examples 1 and 2 define: running them first."), "\(reply)")
        #expect(!reply.contains("cannot find"))
        #expect(reply.contains("age 42"))
        #expect(try learner.quit() == 0)
    }
}
