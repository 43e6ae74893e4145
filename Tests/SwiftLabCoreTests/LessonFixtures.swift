import Foundation

@testable import SwiftLabCore

/// Paths and helpers shared by the lesson engine's unit tests.
enum LessonFixtures {
    /// `Tests/Fixtures/Lessons`.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Lessons").path

    /// The fixture lessons, parsed.
    static func library() -> LessonLibrary { LessonLibrary.load(from: directory) }

    /// A new empty folder under the system's temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("swiftlab-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
