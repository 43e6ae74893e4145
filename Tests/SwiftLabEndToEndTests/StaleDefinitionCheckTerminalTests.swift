import Foundation
import PTYTestSupport
import SwiftLabCore
import TestWaiting
import Testing

/// A learner who enters a type again after a function that uses it: `:check` says which
/// inputs hold the two copies and what to enter again, instead of offering hints.
@Suite("A check against definitions entered again", .serialized)
struct StaleDefinitionCheckTerminalTests {
    static let lesson = """
        # Boxes

        Weighing boxes.

        ## Exercise: Weigh a box

        Write `weigh(_:)`, twice a box's weight.

        ```swift check
        expectEqual(weigh(Box(w: 2)), 4, "weigh(Box(w: 2))")
        ```

        ```hint
        Multiply by two.
        ```

        ```swift solution
        struct Box { var w: Int }

        func weigh(_ box: Box) -> Int { box.w * 2 }
        ```

        """

    @Test func theCheckOffersToEnterTheFunctionAgainNotAHint() throws {
        let lessons = FileManager.default.temporaryDirectory.appendingPathComponent("boxes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: lessons) }
        try Self.lesson.write(to: lessons.appendingPathComponent("01-boxes.md"), atomically: true, encoding: .utf8)
        let sandbox = try LessonSandbox(lessons: lessons.path)
        var learner = try Learner(sandbox.startTerminal(columns: 200))
        _ = try learner.type(":lesson 1")  // line 1
        _ = try learner.type(":exercise")  // line 2
        _ = try learner.type("struct Box {", continuation: true)  // lines 3-5
        _ = try learner.type("  var w: Int", continuation: true)
        _ = try learner.type("}")
        _ = try learner.type("func weigh(_ box: Box) -> Int { box.w * 2 }")  // line 6
        _ = try learner.type("struct Box { var w: Int }")  // line 7
        var reply = try learner.type(":check")  // line 8
        #expect(reply.contains("'Box' (input 7)"))
        #expect(reply.contains("'Box' (input 3)"))
        #expect(
            reply.contains(
                "note: 'Box' was entered again in input 7; 'weigh' (input 6) was entered before that and still "
                    + "uses the earlier 'Box' (input 3): enter 'weigh' again to use the new one, or :reset to "
                    + "start afresh."))
        #expect(reply.contains("Enter that code again as the note says"))
        #expect(!reply.contains(":hint gives a hint"))
        #expect(!reply.contains("Cell"))

        _ = try learner.type("func weigh(_ box: Box) -> Int { box.w * 2 }")
        reply = try learner.type(":check")
        #expect(reply.contains("✓ Passed: its check holds."))
        #expect(try learner.quit() == 0)
    }
}
