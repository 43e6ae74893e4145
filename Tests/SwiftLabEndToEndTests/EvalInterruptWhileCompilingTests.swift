import Foundation
import PTYTestSupport
import TestWaiting
import Testing

@testable import SwiftLabCore

/// Ctrl-C at a shell that pipes input to swiftlab while an input compiles: SIGINT reaches
/// the whole process group, the compiler included (at a terminal the line editor reads
/// Ctrl-C as a key instead). The input ends as interrupted, not as a compile error with
/// an empty reason, and the interrupted compile is not taken for a broken fast path.
@Suite(.serialized) struct EvalInterruptWhileCompilingTests {
    /// The process IDs of `parent`'s children whose command name is `name`.
    private func children(of parent: pid_t, named name: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return nil }
            let command = stat[stat.index(after: open)..<close]
            // After the command: the state, then the parent's process ID.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard command == name, fields.count > 1, pid_t(fields[1]) == parent else { return nil }
            return pid
        }
    }

    @Test func sigintWhileSwiftFrontendCompilesInterruptsTheInput() throws {
        try interruptWhileCompiling(warmCompiler: false)
    }

    /// The same with the warm compiler (swiftlab-compile-server), which names itself
    /// `idle` once warm and `compiling CellN` while it compiles.
    @Test func sigintWhileTheWarmCompilerCompilesInterruptsTheInput() throws {
        try interruptWhileCompiling(warmCompiler: true)
    }

    private func interruptWhileCompiling(warmCompiler: Bool) throws {
        _ = EvalHarness.prepared
        let path = try #require(ProductLocator.path(of: "swiftlab"), "build swiftlab first (swift build)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.environment = ProcessInfo.processInfo.environment.merging([
            "HOME": EvalHarness.cacheHome.path, "XDG_CACHE_HOME": EvalHarness.cacheHome.path, "NO_COLOR": "1",
            "XDG_STATE_HOME": EvalHarness.cacheHome.appendingPathComponent("state-\(UUID().uuidString)").path,
            "SWIFTLAB_WARM_COMPILER": warmCompiler ? "1" : "0",
        ]) { _, new in new }
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        let output = Locked(Data())
        let outputEnded = Signal()
        Thread {
            while case let data = stdout.fileHandleForReading.availableData, !data.isEmpty {
                output.withLock { $0.append(data) }
            }
            outputEnded.signal()
        }.start()
        func printed() -> String { output.withLock { String(decoding: $0, as: UTF8.self) } }

        let pid = process.processIdentifier
        stdin.fileHandleForWriting.write(Data("let warm = 1\n".utf8))
        #expect(waitUntil { printed().contains("warm: Int = 1") })
        if warmCompiler {
            #expect(waitUntil { !children(of: pid, named: "idle").isEmpty }, "the warm compiler is warm")
        }
        // An array literal of 40,000 numbers keeps the compiler busy for seconds.
        let slow = "let big = [" + (0..<40_000).map(String.init).joined(separator: ", ") + "]\n"
        stdin.fileHandleForWriting.write(Data(slow.utf8))
        let compiler = warmCompiler ? "compiling Cell2" : "swift-frontend"
        #expect(waitUntil { !children(of: pid, named: compiler).isEmpty })
        // Foundation starts swiftlab in a process group of its own, so this reaches
        // swiftlab and its compiler as Ctrl-C at the shell would, and nothing else.
        kill(-pid, SIGINT)
        outputEnded.wait()
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()

        let transcript = printed()
        #expect(transcript.contains("Interrupted."))
        #expect(!transcript.contains("could not be compiled"))
        #expect(!transcript.contains("fast compile path failed"), "an interrupted compile keeps the fast path")
        #expect(!transcript.contains("big: [Int]"), "the interrupted input left nothing behind")
    }
}
