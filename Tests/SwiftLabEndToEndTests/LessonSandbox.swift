import Foundation
import PTYTestSupport
import Synchronization
import TestWaiting
import Testing

/// A private data folder (progress, exercise files) for running the real swiftlab on
/// lessons, as a program with pipes or on a pseudo-terminal.
final class LessonSandbox {
    let root: URL
    let lessons: String
    /// The `PATH` swiftlab runs with; nil keeps this process's (which finds `swiftc`).
    var searchPath: String?

    /// `Tests/Fixtures/Lessons`.
    static let fixtureLessons = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Lessons").path
    /// The repository's `Lessons`.
    static let realLessons = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Lessons").path

    init(lessons: String = LessonSandbox.fixtureLessons) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("swiftlab-lessons-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("home"), withIntermediateDirectories: true)
        self.lessons = lessons
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var dataDirectory: URL { root.appendingPathComponent("data/swiftlab") }
    var progressFile: URL { dataDirectory.appendingPathComponent("progress.json") }

    /// The environment swiftlab runs with: its own home and data folders; the compiled
    /// module cache is shared with other tests so that it is built only once.
    var environment: [String: String] {
        let current = ProcessInfo.processInfo.environment
        let sharedCache = current["XDG_CACHE_HOME"] ?? ((current["HOME"] ?? NSHomeDirectory()) + "/.cache")
        return [
            "HOME": root.appendingPathComponent("home").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": sharedCache,
            "SWIFTLAB_LESSONS": lessons,
            "PATH": searchPath ?? current["PATH"] ?? "/usr/bin:/bin",  // swiftc, for the evaluator
            "NO_COLOR": "1",
        ]
    }

    static func executable() throws -> String {
        try #require(ProductLocator.path(of: "swiftlab"), "build swiftlab first (swift build)")
    }

    /// What a run of swiftlab produced.
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Starts swiftlab with `arguments` and piped `input`; call ``finish(_:)`` for the result.
    /// With `closeInput: false`, more input can be written to the returned standard input.
    func start(_ arguments: [String], input: String = "", closeInput: Bool = true) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.executable())
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        if closeInput { try? stdin.fileHandleForWriting.close() }
        return (process, stdout, stderr)
    }

    /// Waits for a process started by ``start(_:input:)`` and collects its output.
    func finish(_ started: (Process, Pipe, Pipe)) -> Run {
        let (process, stdout, stderr) = started
        if let input = process.standardInput as? Pipe { try? input.fileHandleForWriting.close() }
        // Both pipes are read at once so that neither can fill up and block swiftlab.
        let errors = Mutex(Data())
        let errorsRead = Signal()
        Thread {
            let data = stderr.fileHandleForReading.readDataToEndOfFile()
            errors.withLock { $0 = data }
            errorsRead.signal()
        }.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorsRead.wait()
        return Run(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors.withLock { $0 }, as: UTF8.self))
    }

    /// Runs swiftlab to the end.
    func run(_ arguments: [String], input: String = "") throws -> Run {
        finish(try start(arguments, input: input))
    }

    /// Starts swiftlab on a pseudo-terminal and waits for its first prompt.
    func startTerminal(columns: Int = 100, extra: [String: String] = [:]) throws -> PseudoTerminalProcess {
        var environment = environment
        environment["TERM"] = "xterm"
        environment.merge(extra) { $1 }
        let terminal = try PseudoTerminalProcess(
            executable: try Self.executable(), environment: environment, columns: columns)
        try terminal.waitForOutput(containing: "  1> ")
        try terminal.waitForRawMode()
        return terminal
    }
}

/// Collects what a running process writes to a pipe, on a thread of its own, so a test
/// can wait for some text with a time limit instead of blocking on a read.
final class OutputCollector: Sendable {
    private let text = Mutex("")
    private let ended = Mutex(false)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                text.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
            ended.withLock { $0 = true }
        }.start()
    }

    /// Everything collected so far.
    var output: String { text.withLock { $0 } }

    /// Waits until the output contains `expected`; fails the test (by throwing) after
    /// `timeout` seconds or when the pipe closes first.
    func wait(for expected: String, timeout: Double = deadlockBound) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !output.contains(expected) {
            let closed = ended.withLock { $0 }
            try #require(!closed && Date() < deadline, "no '\(expected)' in: \(output)")
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}
