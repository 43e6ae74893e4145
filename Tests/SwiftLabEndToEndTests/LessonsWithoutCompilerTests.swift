import Foundation
import Testing

/// When the Swift session cannot start (no `swiftc` on `PATH`), the lessons can still be
/// read, and the commands that run code say why they cannot.
@Suite struct LessonsWithoutCompilerTests {
    @Test func lessonsStayReadableAndRunAndCheckExplainWhyNot() throws {
        let sandbox = try LessonSandbox()
        sandbox.searchPath = "/nonexistent-swiftlab-test-path"
        let run = sandbox.finish(
            try sandbox.start(
                [], input: ":lessons\n:lesson basics\n:next\n:run 1\n:next\n:next\n:hint\n:check\n:back\n"))
        #expect(run.output.contains("Basics"))
        #expect(run.output.contains("Values have types"))
        #expect(run.output.contains("✗ :run needs to run Swift code, and swiftlab could not start its Swift session:"))
        #expect(run.output.contains("    numbers: [Int] = [1, 2, 3]"))
        #expect(run.output.contains("Hint 1 of"))
        #expect(run.output.contains("✗ :check needs to run Swift code"))
        #expect(run.output.contains("The lessons can still be read"))
        #expect(!run.output.contains("Unknown command"))
        #expect(!run.errors.contains("Unknown command"))
    }
}
