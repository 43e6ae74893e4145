import Foundation
import Testing

/// Checks of the real lessons in `Lessons/` against answers that look right but are not,
/// run as a learner would with `swiftlab check`.
@Suite("Real lessons' checks", .serialized)
struct RealLessonCheckTests {
    /// Lesson 9's scoreboard kept alive by its own subscription (closures that capture
    /// `self` strongly) counts correctly, but it is never freed: the check must say so.
    @Test func theScoreboardCheckRejectsARetainCycle() throws {
        let sandbox = try LessonSandbox(lessons: LessonSandbox.realLessons)
        _ = try sandbox.run(["check", "9"])  // creates the exercise files
        let file = sandbox.dataDirectory
            .appendingPathComponent("workspace/09-publishers-and-subscribers/2-a-scoreboard-that-keeps-listening.swift")
        try #require(FileManager.default.fileExists(atPath: file.path))
        try """
        final class Scoreboard {
            private(set) var total = 0
            private(set) var finished = false
            private var subscriptions = Set<AnyCancellable>()

            init(points: PassthroughSubject<Int, Never>) {
                points.sink(
                    receiveCompletion: { _ in self.finished = true },
                    receiveValue: { value in self.total += value }
                )
                .store(in: &subscriptions)
            }
        }

        """.write(to: file, atomically: true, encoding: .utf8)
        let run = try sandbox.run(["check", "9"])
        let scoreboard = try #require(run.output.range(of: "Exercise 2: A scoreboard that keeps listening"))
        let report = String(run.output[scoreboard.upperBound...])
        #expect(report.contains("✗ Not yet"), "\(report)")
        #expect(report.contains("✗ the board is freed when nobody else holds it (no retain cycle)"), "\(report)")
    }

    /// `weak let` needs Swift 6.2; the package, and so what a learner may have installed,
    /// starts at the tools version in Package.swift.
    @Test func noLessonNeedsASwiftNewerThanThePackageDeclares() throws {
        let root = URL(fileURLWithPath: LessonSandbox.realLessons).deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let toolsVersion = try #require(manifest.split(separator: "\n").first).split(separator: ":").last?
            .trimmingCharacters(in: .whitespaces)
        let files = try FileManager.default.contentsOfDirectory(atPath: LessonSandbox.realLessons)
            .filter { $0.hasSuffix(".md") }
        if let toolsVersion, toolsVersion.compare("6.2", options: .numeric) == .orderedAscending {
            for name in files {
                let text = try String(contentsOfFile: LessonSandbox.realLessons + "/" + name, encoding: .utf8)
                #expect(
                    !text.contains("weak let "),
                    "\(name) uses weak let (Swift 6.2), the package declares \(toolsVersion)")
            }
        }
    }
}
