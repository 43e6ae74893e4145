import Foundation
import Testing

@testable import SwiftLabCore

/// Records what the REPL hands over, and fails inputs containing `fail`.
private final class RecordingEvaluator: REPLEvaluator {
    var inputs: [String] = []

    func evaluate(_ input: ParsedInput, output: (String) -> Void) -> InputOutcome {
        inputs.append(input.text)
        output("ran \(inputs.count)\n")
        return input.text.contains("fail") ? .compileError : .succeeded
    }

    var interruptHandler: (@Sendable () -> Void)? { nil }
}

/// Runs a non-interactive REPL on `input` (written from another thread, so a large
/// input cannot fill the pipe and block) and returns the exit status, the inputs the
/// evaluator saw, and everything printed.
private func runREPL(
    _ input: [UInt8], maximumLineLength: Int = 16 << 20, commands: CommandRegistry = .standard
) throws -> (status: Int32, inputs: [String], output: String) {
    var fds: [Int32] = [-1, -1]
    #expect(pipe(&fds) == 0)
    let outputFile = FileManager.default.temporaryDirectory
        .appendingPathComponent("swiftlab-repl-\(UUID().uuidString)").path
    let outputFD = open(outputFile, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    defer {
        close(outputFD)
        unlink(outputFile)
    }
    let writeEnd = fds[1]
    let writer = Thread {
        input.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(writeEnd, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        close(writeEnd)
    }
    writer.start()
    let reader = StreamLineReader(
        input: fds[0], output: outputFD, prompting: false, maximumLineLength: maximumLineLength)
    let evaluator = RecordingEvaluator()
    let status = REPL(reader: reader, evaluator: evaluator, commands: commands, style: .plain).run()
    close(fds[0])
    let output = try String(contentsOfFile: outputFile, encoding: .utf8)
    return (status, evaluator.inputs, output)
}

private func runREPL(_ text: String, maximumLineLength: Int = 16 << 20) throws -> (
    status: Int32, inputs: [String], output: String
) {
    try runREPL(Array(text.utf8), maximumLineLength: maximumLineLength)
}

@Suite("REPL with piped input")
struct REPLTests {
    @Test func readsTenThousandLinesWithoutLoss() throws {
        let lines = (1...10_000).map { "let value\($0) = \($0)" }
        let result = try runREPL(lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        #expect(result.inputs == lines)
        #expect(result.output.split(separator: "\n").count == 10_000)
    }

    @Test func joinsLinesUntilTheInputIsComplete() throws {
        let result = try runREPL("func f() {\n  print(\"{\")\n}\nlet s = \"\"\"\n(\n\"\"\"\nf()")
        #expect(result.inputs == ["func f() {\n  print(\"{\")\n}", "let s = \"\"\"\n(\n\"\"\"", "f()"])
    }

    @Test func runsCommandsAndSkipsBlankAndCommentOnlyInputs() throws {
        let result = try runREPL("\n   \n// just a comment\n:hlep\n1 + 1\n:quit\n2 + 2\n")
        #expect(result.inputs == ["1 + 1"])
        #expect(result.output == "Unknown command ':hlep'. Did you mean ':help'?\nran 1\n")
        #expect(result.status == 0)
    }

    /// `:marbles` and `:type` take Swift: an unfinished expression goes on over the next
    /// lines, as an input does; other commands stay one line.
    @Test func aCommandTakingSwiftGoesOnWhileItsCodeIsUnfinished() throws {
        var commands = CommandRegistry.standard
        var received: [String] = []
        commands.register(
            Command(name: "draw", summary: "", takesSwift: true) { invocation in
                received.append(invocation.arguments)
                return .continue
            })
        commands.register(
            Command(name: "say", summary: "") { invocation in
                received.append(invocation.arguments)
                return .continue
            })
        let input = ":draw xs.map {\n  $0 * 2\n}\n:say {\n1 + 1\n:draw [1].publisher\n"
        let result = try runREPL(Array(input.utf8), commands: commands)
        #expect(received == ["xs.map {\n  $0 * 2\n}", "{", "[1].publisher"])
        #expect(result.inputs == ["1 + 1"])
    }

    @Test func submitsAnIncompleteInputAtTheEndForTheCompilerToReport() throws {
        let result = try runREPL("func f() {\n  1")
        #expect(result.inputs == ["func f() {\n  1"])
    }

    @Test func exitStatusIsOneWhenAnInputFailed() throws {
        #expect(try runREPL("ok()\nfail()\nok()\n").status == 1)
    }

    @Test func decodesInvalidUTF8WithReplacementCharacters() throws {
        let result = try runREPL(Array("let s = \"a".utf8) + [0xFF, 0xC3, 0x28] + Array("\"\r\nx\n".utf8))
        #expect(result.inputs == ["let s = \"a\u{FFFD}\u{FFFD}(\"", "x"])
    }

    @Test func acceptsALineOfOneMegabyte() throws {
        let long = "let s = \"" + String(repeating: "a", count: 1 << 20) + "\""
        let result = try runREPL(long + "\nnext\n")
        #expect(result.inputs == [long, "next"])
    }

    @Test func refusesATooLongLineWithAMessageAndGoesOn() throws {
        let long = String(repeating: "x", count: 5000)
        let result = try runREPL("first\n" + long + "\nafter\n" + long, maximumLineLength: 1024)
        #expect(result.inputs == ["first", "after"])
        #expect(result.output.components(separatedBy: "A line longer than").count == 3)
        #expect(result.status == 1)
    }

    @Test func promptsAreNumberedByLine() {
        #expect(REPL.prompt(line: 1) == "  1> ")
        #expect(REPL.continuationPrompt(line: 2) == "  2. ")
        #expect(REPL.prompt(line: 1234) == "1234> ")
    }
}
