import Foundation
import PTYTestSupport
import TestWaiting
import Testing

/// swiftlab run as a program: arguments, piped input, exit status.
@Suite("Shell command line and piped input")
struct ShellCommandLineTests {
    private struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    private func swiftlab(_ arguments: [String] = [], input: Data = Data()) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(ProductLocator.path(of: "swiftlab")))
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Write and read concurrently so that neither pipe can fill up and block.
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errors = ThreadResult()
        let errorReader = Thread {
            errors.data = stderr.fileHandleForReading.readDataToEndOfFile()
            errors.finished.signal()
        }
        errorReader.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errors.finished.wait()
        return Run(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors.data, as: UTF8.self))
    }

    @Test func versionAndHelp() throws {
        let version = try swiftlab(["--version"])
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("swiftlab "))
        let help = try swiftlab(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("Usage: swiftlab"))
    }

    @Test func unknownArgumentIsRefused() throws {
        let run = try swiftlab(["--frobnicate"])
        #expect(run.status == 2)
        #expect(run.errors.contains("unknown argument '--frobnicate'"))
    }

    @Test func pipedCommandsRunWithoutPrompts() throws {
        let run = try swiftlab(input: Data(":hlep\n:history\n:quit\n:help\n".utf8))
        #expect(run.status == 0)
        #expect(run.output == "Unknown command ':hlep'. Did you mean ':help'?\n1  :hlep\n2  :history\n")
    }

    @Test func tenThousandPipedLinesAreAllRead() throws {
        let lines = (1...10_000).map { _ in ":zzzz" }
        let run = try swiftlab(input: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(run.output.components(separatedBy: "Unknown command ':zzzz'").count - 1 == 10_000)
    }

    @Test func invalidUTF8AndAHugeLineDoNotCrash() throws {
        var input = Data(":h".utf8) + Data([0xFF, 0xC3]) + Data("\n".utf8)
        input += Data(repeating: UInt8(ascii: "x"), count: 20 << 20) + Data("\n:quit\n".utf8)
        let run = try swiftlab(input: input)
        #expect(run.output.contains("Unknown command ':h\u{FFFD}\u{FFFD}'"))
        #expect(run.output.contains("A line longer than 16 MiB was skipped."))
        #expect(run.status == 1)
    }
}

/// What a helper thread produced, read after it signalled.
private final class ThreadResult: @unchecked Sendable {
    var data = Data()
    let finished = Signal()
}
