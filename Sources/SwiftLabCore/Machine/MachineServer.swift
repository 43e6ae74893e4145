import Foundation
import SwiftLabDescriptorIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `swiftlab serve --jsonl`: the machine interface. Requests arrive as JSON objects, one
/// a line, on standard input; answers and events leave the same way on standard output,
/// each tagged with the `id` of the request it belongs to. Documentation/MachineInterface.md
/// describes every message; the Jupyter kernel (Jupyter/swiftlab_kernel) speaks it.
///
/// One ``Session`` answers, with the REPL's commands and lessons: a cell runs as the
/// REPL would run its lines (``NotebookCell``), results and pictures arrive apart from
/// printed text (``FramedOutputReader``), and diagnostics carry the cell's lines.
/// `interrupt` is acted on at once, while an `execute` runs (a thread reads requests);
/// the others are answered in order.
public final class MachineServer: @unchecked Sendable {
    // `@unchecked`: the request thread only queues requests, writes through `channel`
    // (locked) and calls `Session.interrupt()`, which is safe from any thread.
    private let session: Session?
    private let commands: CommandRegistry
    private let console: MachineLessonConsole
    private let completion: CompletionEngine
    private let channel: MachineChannel
    private let interrupted = Locked(false)
    private var history: [String] = []
    private var executionCount = 0

    /// A server answering with `session` (nil: no compiler, only commands and lessons
    /// work), `commands` and the lesson guide's `console`, writing to `channel`.
    init(
        session: Session?, commands: CommandRegistry, console: MachineLessonConsole,
        completionProviders: [any CompletionProvider], channel: MachineChannel
    ) {
        self.session = session
        self.commands = commands
        self.console = console
        completion = CompletionEngine(
            providers: [CommandCompletionProvider(registry: commands)] + completionProviders)
        self.channel = channel
    }

    /// Answers requests from `input` until it ends or a `shutdown` request; returns the
    /// exit status.
    func run(input: Int32) -> Int32 {
        let queue = RequestQueue()
        let reader = Thread { [self] in
            var lines = LineSplitter()
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { systemRead(input, $0.baseAddress!, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                for line in lines.append(buffer[..<count]) { accept(line, queue: queue) }
            }
            // The front end has gone (its kernel ended or was killed): nobody waits for
            // the running cell, which may never end by itself.
            interrupted.withLock { $0 = true }
            session?.interrupt()
            queue.close()
        }
        reader.start()
        channel.send(["type": "ready", "version": SwiftLabCore.version, "protocol": 1], id: nil)
        while let request = queue.next() {
            if answer(request) == .stop { break }
        }
        return 0
    }

    /// Handles one line on the request thread: `interrupt` at once, the rest queued.
    private func accept(_ line: String, queue: RequestQueue) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        guard let data = line.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let type = object["type"] as? String
        else {
            channel.send(
                ["type": "protocol_error", "message": "not a JSON object with a \"type\": \(line.prefix(200))"],
                id: nil)
            return
        }
        let request = MachineRequest(type: type, id: object["id"].map { "\($0)" }, fields: object)
        if type == "interrupt" {
            interrupted.withLock { $0 = true }
            session?.interrupt()
            channel.send(["type": "interrupt_reply"], id: request.id)
        } else {
            queue.append(request)
        }
    }

    private enum Next { case goOn, stop }

    private func answer(_ request: MachineRequest) -> Next {
        switch request.type {
        case "execute":
            execute(request)
        case "complete":
            complete(request)
        case "inspect":
            inspect(request)
        case "is_complete":
            let code = request.fields["code"] as? String ?? ""
            let (isComplete, indent) = NotebookCell.completeness(of: code)
            channel.send(
                ["type": "is_complete_reply", "status": isComplete ? "complete" : "incomplete", "indent": indent],
                id: request.id)
        case "shutdown":
            channel.send(["type": "shutdown_reply"], id: request.id)
            return .stop
        default:
            channel.send(
                [
                    "type": "protocol_error",
                    "message":
                        "unknown request type '\(request.type)': execute, complete, inspect, is_complete, interrupt or shutdown",
                ], id: request.id)
        }
        return .goOn
    }

    // MARK: - execute

    private func execute(_ request: MachineRequest) {
        let id = request.id
        channel.lastExecuteID = id
        interrupted.withLock { $0 = false }
        executionCount = (request.fields["execution_count"] as? Int) ?? executionCount + 1
        let send: ([String: Any]) -> Void = { [channel] in channel.send($0, id: id) }
        console.send = { text, isMarkdown in
            if isMarkdown {
                send(["type": "display", "data": ["text/markdown": text, "text/plain": text]])
            } else {
                send(["type": "stream", "name": "stdout", "text": text])
            }
        }
        var status = "ok"
        for part in NotebookCell(request.fields["code"] as? String ?? "").parts {
            if interrupted.withLock({ $0 }) {
                status = "interrupted"
                break
            }
            let outcome: InputOutcome
            switch part {
            case .command(let line, let lineNumber, let column):
                outcome = runCommand(line, at: (lineNumber, column), send: send)
            case .swift(let code, let firstLine):
                history.append(code)
                outcome = evaluate(code, firstLine: firstLine, send: send)
            }
            guard outcome == .succeeded else {
                status = outcome == .interrupted ? "interrupted" : "error"
                break
            }
        }
        console.flush()
        send(["type": "execute_reply", "status": status, "execution_count": executionCount])
    }

    /// Runs one Swift input of the cell; its lines keep their place in the cell (blank
    /// lines stand before it), so every line number in a message is the cell's.
    private func evaluate(_ code: String, firstLine: Int, send: @escaping ([String: Any]) -> Void) -> InputOutcome {
        guard let session else {
            send([
                "type": "error", "ename": "Unavailable", "evalue": "swiftlab could not start its Swift session",
                "traceback": [],
            ])
            return .compileError
        }
        session.promptLine = executionCount
        var reader = FramedOutputReader()
        var messages = ""
        let result = session.evaluate(
            ParsedInput(String(repeating: "\n", count: firstLine - 1) + code),
            output: { chunk in Self.send(reader.consume(chunk), with: send) },
            messages: { messages += $0 })
        Self.send(reader.finish(), with: send)
        report(result, input: session.nextNumber - 1, messages: messages, send: send)
        return result.status
    }

    /// Sends an input's messages: as an `error` when it failed, else (warnings, timing)
    /// as standard error.
    private func report(
        _ result: EvaluationResult, input: Int, messages: String, send: ([String: Any]) -> Void
    ) {
        let (name, value): (String, String)
        switch result.status {
        case .succeeded:
            if !messages.isEmpty { send(["type": "stream", "name": "stderr", "text": messages]) }
            return
        case .compileError:
            name = "CompileError"
            value = result.diagnostics.first { $0.severity == .error }?.message ?? "the input could not be compiled"
        case .crashed:
            name = "Crash"
            value = messages.split(separator: "\n").first.map(String.init) ?? "the code crashed"
        case .interrupted:
            name = "Interrupted"
            value = "stopped; the session keeps what earlier inputs defined"
        case .timedOut:
            name = "Timeout"
            value = messages.split(separator: "\n").first.map(String.init) ?? "the input ran too long"
        }
        // This input's own diagnostics; their lines are the cell's.
        let diagnostics = result.diagnostics.filter { $0.input == input && $0.line > 0 }.map { diagnostic in
            [
                "severity": diagnostic.severity.rawValue, "message": diagnostic.message,
                "line": diagnostic.line, "column": diagnostic.column,
            ] as [String: Any]
        }
        var traceback = messages.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while traceback.last?.isEmpty == true { traceback.removeLast() }
        send(["type": "error", "ename": name, "evalue": value, "traceback": traceback, "diagnostics": diagnostics])
    }

    private static func send(_ pieces: [FramedOutputReader.Piece], with send: ([String: Any]) -> Void) {
        for piece in pieces {
            switch piece {
            case .text(let text):
                send(["type": "stream", "name": "stdout", "text": text])
            case .result(let line):
                send(["type": "result", "data": ["text/plain": line]])
            case .display(let representations):
                var data: [String: String] = [:]
                for representation in representations { data[representation.mimeType] = representation.text }
                send(["type": "display", "data": data])
            }
        }
    }

    /// Runs a `:` command as the REPL does; what it prints goes out as output (pictures
    /// as displays), lesson text as Markdown, a failure of its Swift as an `error` whose
    /// diagnostics are on the cell's lines (`position`: the line and column of the
    /// command's text in the cell).
    private func runCommand(
        _ line: String, at position: (line: Int, column: Int), send: @escaping ([String: Any]) -> Void
    ) -> InputOutcome {
        history.append(":" + line)
        let name = String(line.prefix { $0 != " " && $0 != "\t" })
        guard let command = commands.command(named: name) else {
            send([
                "type": "error", "ename": "UnknownCommand", "evalue": commands.unknownCommandMessage(for: name),
                "traceback": [],
            ])
            return .compileError
        }
        if name == "quit" || name == "q" || name == "exit" {
            send([
                "type": "stream", "name": "stderr",
                "text": "':\(name)' does not end a notebook's session: restart the kernel for a fresh one.\n",
            ])
            return .succeeded
        }
        session?.promptLine = executionCount
        let afterName = line.dropFirst(name.count)
        let arguments = Substring(afterName).trimmingBlanks()
        var failure: CommandFailure?
        var invocation = CommandInvocation(
            arguments: arguments, registry: commands,
            history: history, style: .plain,
            print: { text in
                var reader = FramedOutputReader()
                let ended = text.hasSuffix("\n") ? text : text + "\n"
                Self.send(reader.consume(ended) + reader.finish(), with: send)
            })
        invocation.fail = { failure = $0 }
        let outcome = command.run(invocation)
        console.flush()
        if let failure {
            let argumentsColumn = position.column + name.count + afterName.prefix { $0 == " " || $0 == "\t" }.count
            send(Self.error(failure, at: (position.line, argumentsColumn)))
            return .compileError
        }
        switch outcome {
        case .evaluate(let input):
            return evaluate(input, firstLine: 1, send: send)
        case .runCommand(let line):
            return NotebookCell.command(in: line).map { runCommand($0, at: position, send: send) } ?? .succeeded
        case .continue, .quit:
            return .succeeded
        }
    }

    /// The `error` event of a command's `failure`, its diagnostics and the locations in
    /// its text (`1:32: error: ...`) moved from the arguments to the cell, whose
    /// `arguments` (line and column) they start at.
    static func error(_ failure: CommandFailure, at arguments: (line: Int, column: Int)) -> [String: Any] {
        func cellLocation(line: Int, column: Int) -> (line: Int, column: Int) {
            (arguments.line + line - 1, line == 1 ? arguments.column + column - 1 : column)
        }
        let diagnostics = failure.diagnostics.map { diagnostic -> [String: Any] in
            let location = cellLocation(line: diagnostic.line, column: diagnostic.column)
            return [
                "severity": diagnostic.severity.rawValue, "message": diagnostic.message,
                "line": location.line, "column": location.column,
            ]
        }
        let traceback = failure.text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let number = Int(parts[0]), let column = Int(parts[1]), parts[2].hasPrefix(" ")
            else { return String(line) }
            let location = cellLocation(line: number, column: column)
            return "\(location.line):\(location.column):" + parts[2]
        }
        let firstError = failure.diagnostics.first { $0.severity == .error }?.message
        return [
            "type": "error", "ename": failure.name,
            "evalue": firstError ?? traceback.first { !$0.isEmpty } ?? "the command failed",
            "traceback": Array(traceback.reversed().drop { $0.isEmpty }.reversed()), "diagnostics": diagnostics,
        ]
    }

    // MARK: - complete and inspect

    /// Where a request's `cursor` (in Unicode scalars) is in its `code`: the cursor, the
    /// text of its line before and after it, and the Swift lines of the cell above it back
    /// to a command, each with its line break.
    private static func cursorContext(
        of request: MachineRequest
    ) -> (cursor: Int, before: String, after: String, precedingLines: String) {
        let code = request.fields["code"] as? String ?? ""
        let scalars = Array(code.unicodeScalars)
        let cursor = min(max(0, request.fields["cursor"] as? Int ?? scalars.count), scalars.count)
        let before = String(String.UnicodeScalarView(scalars[..<cursor]))
        let after = String(String.UnicodeScalarView(scalars[cursor...].prefix { $0 != "\n" }))
        var lines = before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let current = lines.removeLast()
        let preceding = lines.reversed().prefix { NotebookCell.command(in: $0) == nil }.reversed()
        return (cursor, current, after, preceding.map { $0 + "\n" }.joined())
    }

    /// The declaration and documentation of the name under the cursor (Jupyter's
    /// Shift-Tab), from the compiler.
    private func inspect(_ request: MachineRequest) {
        let place = Self.cursorContext(of: request)
        var reply: [String: Any] = ["type": "inspect_reply", "found": false, "data": [String: String]()]
        if let inspection = session?.inspection(
            textBeforeCursor: place.before, textAfterCursor: place.after, precedingLines: place.precedingLines)
        {
            reply["found"] = true
            reply["data"] = ["text/plain": inspection.plainText, "text/markdown": inspection.markdown]
        }
        channel.send(reply, id: request.id)
    }

    private func complete(_ request: MachineRequest) {
        let (cursor, current, _, preceding) = Self.cursorContext(of: request)
        let result = completion.complete(textBeforeCursor: current, precedingLines: preceding)
        channel.send(
            [
                "type": "complete_reply", "matches": result.candidates,
                "listing": result.listing,
                "cursor_start": cursor - result.word.unicodeScalars.count, "cursor_end": cursor,
            ], id: request.id)
    }
}

/// A request as read: its type, its id (as text) and all its fields.
struct MachineRequest: @unchecked Sendable {
    // `@unchecked`: the fields are JSONSerialization's immutable values.
    var type: String
    var id: String?
    var fields: [String: Any]
}

/// The requests waiting for the main thread, in order.
final class RequestQueue: @unchecked Sendable {
    // `@unchecked`: all state is guarded by `condition`.
    private let condition = NSCondition()
    private var requests: [MachineRequest] = []
    private var closed = false

    func append(_ request: MachineRequest) {
        condition.lock()
        requests.append(request)
        condition.signal()
        condition.unlock()
    }

    /// No more requests will come.
    func close() {
        condition.lock()
        closed = true
        condition.signal()
        condition.unlock()
    }

    /// The next request, waiting for one; nil once closed and empty.
    func next() -> MachineRequest? {
        condition.lock()
        defer { condition.unlock() }
        while requests.isEmpty && !closed { condition.wait() }
        return requests.isEmpty ? nil : requests.removeFirst()
    }
}

/// Writes messages, one JSON object a line, from any thread.
final class MachineChannel: @unchecked Sendable {
    // `@unchecked`: writes and `lastExecuteID` are guarded by `lock`.
    private let descriptor: Int32
    private let lock = NSLock()
    private var executeID: String?

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// The id of the last `execute` request, which output between requests belongs to.
    var lastExecuteID: String? {
        get { lock.withLock { executeID } }
        set { lock.withLock { executeID = newValue } }
    }

    /// Sends output that arrived between requests (a timer's prints) as `stream` events
    /// of the last `execute`.
    func sendAsynchronousOutput(_ text: String) {
        send(["type": "stream", "name": "stdout", "text": text], id: lastExecuteID)
    }

    /// Sends `message` with `"id": id` added when there is one.
    func send(_ message: [String: Any], id: String?) {
        var message = message
        if let id { message["id"] = id }
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        guard JSONSerialization.isValidJSONObject(message),
            let data = try? JSONSerialization.data(withJSONObject: message, options: options)
        else {
            // A message built from a value JSON cannot hold is swiftlab's bug: say so, in JSON.
            send(
                [
                    "type": "protocol_error",
                    "message": "swiftlab could not encode a '\(message["type"] ?? "")' message",
                ], id: id)
            return
        }
        let line = String(decoding: data, as: UTF8.self) + "\n"
        lock.withLock { FileDescriptorWriter.write(line, to: descriptor) }
    }
}

/// Cuts bytes into lines (UTF-8, without their line breaks), whatever reads they arrive in.
struct LineSplitter {
    private var pending: [UInt8] = []

    mutating func append(_ bytes: ArraySlice<UInt8>) -> [String] {
        pending += bytes
        var lines: [String] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[..<newline], as: UTF8.self))
            pending.removeSubrange(...newline)
        }
        return lines
    }
}
