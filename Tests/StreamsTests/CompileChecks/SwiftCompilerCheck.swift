import Foundation

/// Type-checks a snippet of Swift 6 code against the Streams modules this test bundle was
/// built with, in a `swiftc` of its own, for what a user's compiler says about code:
/// whether it compiles, and the error it shows when it does not.
enum SwiftCompilerCheck {
    /// What `swiftc -typecheck` made of a snippet.
    struct Outcome {
        /// Whether the snippet compiled.
        var compiled: Bool
        /// The compiler's messages.
        var messages: String
    }

    /// Type-checks `source` (Swift 6 language mode, so strict concurrency) with the
    /// directory of the built modules on the import path. Waits for the compiler without
    /// holding a thread of Swift's cooperative pool.
    static func typecheck(_ source: String) async throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("streams-compile-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("main.swift")
        let log = directory.appendingPathComponent("log")
        try source.write(to: file, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modulesDirectory.path, file.path]
        let output = try FileHandle(forWritingTo: log)
        process.standardOutput = output
        process.standardError = output
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        try output.close()
        let messages = String(decoding: try Data(contentsOf: log), as: UTF8.self)
        return Outcome(compiled: status == 0, messages: messages)
    }

    /// Where SwiftPM put the built modules: `Modules/` beside the test bundle.
    private static var modulesDirectory: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates =
            [bundle] + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for candidate in candidates {
            let modules = candidate.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("Streams.swiftmodule").path) {
                return modules
            }
        }
        return bundle.appendingPathComponent("Modules")
    }
}
