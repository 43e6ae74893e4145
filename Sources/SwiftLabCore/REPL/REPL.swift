import Foundation

/// The read-evaluate-print loop: reads inputs (continuing while the lexer finds them
/// incomplete), runs `:` commands, hands Swift to the evaluator, and keeps the history.
///
/// Nothing the user types ends the loop except `:quit`, Ctrl-D on an empty first line (on
/// a continuation line it drops the unfinished input, as Ctrl-C does), or the end of
/// piped input.
public final class REPL {
    private let reader: any LineReader
    private let evaluator: any REPLEvaluator
    private let commands: CommandRegistry
    private let style: TerminalStyle
    private let historyStore: HistoryStore?
    private let signals: SignalWatcher?
    private(set) var history: [String] = []
    /// Where this run's inputs start in ``history`` (the ones before are from earlier runs).
    private var sessionStart = 0
    private var lineNumber = 1
    private var anyInputFailed = false
    private let interruptedDuringEvaluation = Locked(false)
    /// Ctrl-C pressed after a line was read and before what it runs could be interrupted:
    /// the input or command then does not run, as if stopped at once.
    private let interruptBeforeRunning = Locked(false)

    /// Creates a loop. With a `historyStore`, interactive inputs are saved there and the
    /// saved ones are recallable; with `signals`, Ctrl-C clears the line being typed or
    /// interrupts the evaluator (tests pass `nil`).
    public init(
        reader: any LineReader, evaluator: any REPLEvaluator, commands: CommandRegistry,
        style: TerminalStyle, historyStore: HistoryStore? = nil, signals: SignalWatcher? = nil
    ) {
        self.reader = reader
        self.evaluator = evaluator
        self.commands = commands
        self.style = style
        self.historyStore = historyStore
        self.signals = signals
    }

    /// The primary prompt, numbered by input line as LLDB does: `  1> `.
    public static func prompt(line: Int) -> String { pad(line) + "> " }
    /// The prompt of a continuation line: `  2. `.
    public static func continuationPrompt(line: Int) -> String { pad(line) + ". " }

    private static func pad(_ line: Int) -> String {
        let number = String(line)
        return String(repeating: " ", count: max(0, 3 - number.count)) + number
    }

    /// Runs until the user leaves; returns the exit status: 0, or for piped input 1 when
    /// some input failed (`:quit` included) and 130 when interrupted with Ctrl-C.
    public func run() -> Int32 {
        if reader.isInteractive, let historyStore {
            history = historyStore.load()
            history.forEach(reader.addHistoryEntry)
            sessionStart = history.count
        }
        defer { signals?.onInterrupt(nil) }
        var pending: [String] = []
        var completeness = LineByLineCompleteness()
        /// Lines of a file fed with `< FILE`, read before the reader's next line.
        var fedLines: [String] = []
        while true {
            let prompt = pending.isEmpty ? Self.prompt(line: lineNumber) : Self.continuationPrompt(line: lineNumber)
            signals?.onInterrupt(reader.interruptReading)
            interruptBeforeRunning.withLock { $0 = false }
            // Tab on a continuation line completes with the lines above it in view.
            reader.precedingLines = pending.map { $0 + "\n" }.joined()
            reader.typingPauseObserver = speculation(after: pending, completeness: completeness)
            let result = fedLines.isEmpty ? reader.readLine(prompt: prompt) : .line(fedLines.removeFirst())
            signals?.onInterrupt { [interruptBeforeRunning] in interruptBeforeRunning.withLock { $0 = true } }
            switch result {
            case .line: break  // the input's evaluation uses what was compiled ahead, or stops it
            case .endOfInput, .interrupted, .refused: evaluator.supersedeSpeculation()
            }
            switch result {
            case .endOfInput:
                if reader.isInteractive && !pending.isEmpty {
                    // Ctrl-D on a continuation line: leaving would lose the input being
                    // typed and the whole session, so it drops the input, as Ctrl-C does.
                    reader.printAbovePrompt(
                        "^D\n"
                            + style.secondary(
                                "The unfinished input was dropped; Ctrl-D at an empty \(lineNumber)> prompt leaves."))
                    pending = []
                    completeness.reset()
                    continue
                }
                if reader.isInteractive {
                    reader.printAbovePrompt("")
                    return 0
                }
                if !pending.isEmpty {
                    let input = pending.joined(separator: "\n")
                    if let command = Self.commandLine(input) {
                        record(Substring(input).trimmingBlanks())
                        _ = runCommand(command)
                    } else {
                        submit(input, firstLine: lineNumber - pending.count)
                    }
                }
                return exitStatus
            case .interrupted:
                guard reader.isInteractive else { return 130 }
                pending = []
                completeness.reset()
            case .refused(let reason):
                reader.printAbovePrompt(
                    style.error(reason) + (pending.isEmpty ? "" : " The input it belonged to was dropped."))
                anyInputFailed = true
                pending = []
                completeness.reset()
            case .line(let line):
                lineNumber += 1
                if pending.isEmpty, let command = Self.commandLine(line) {
                    // A command taking Swift goes on over the next lines while its code is
                    // unfinished (`:marbles xs.publisher.map {`), as an input does.
                    if let swift = swiftArguments(of: command), completeness.append(line: swift) != .complete {
                        pending.append(line)
                        continue
                    }
                    completeness.reset()
                    record(Substring(line).trimmingBlanks())
                    if runCommand(command) == .quit { return exitStatus }
                    if stopsAfterInterruptedEvaluation { return 130 }
                    continue
                }
                if pending.isEmpty, let path = Self.fedFilePath(line) {
                    record(Substring(line).trimmingBlanks())
                    switch Self.linesOfFile(atPath: path) {
                    case .success(let lines): fedLines = lines + fedLines
                    case .failure(let message):
                        reader.printAbovePrompt(style.error(message.description))
                        anyInputFailed = true
                    }
                    continue
                }
                pending.append(line)
                guard completeness.append(line: line) == .complete else { continue }
                let input = pending.joined(separator: "\n")
                let firstLine = lineNumber - pending.count
                pending = []
                completeness.reset()
                if let command = Self.commandLine(input) {
                    record(Substring(input).trimmingBlanks())
                    if runCommand(command) == .quit { return exitStatus }
                } else {
                    submit(input, firstLine: firstLine)
                }
            }
            if stopsAfterInterruptedEvaluation { return 130 }
        }
    }

    /// How long the keys must pause on a complete input before it is compiled ahead of
    /// Enter: longer than the gap between a quick typist's keys (about 70 ms), so that a
    /// compile rarely starts before the last key, and short enough that it is mostly done
    /// when Enter comes (about 180 ms after the last key for the same typist).
    static let speculationPause: Duration = .milliseconds(80)

    /// Hands the evaluator the input being typed whenever the keys pause on it and it is
    /// complete (the lines above it, `pending`, and the line), and tells it when a key
    /// changes it; nil for a command's lines, which are not Swift inputs.
    private func speculation(after pending: [String], completeness: LineByLineCompleteness) -> TypingPauseObserver? {
        guard reader.isInteractive, pending.first.map({ Self.commandLine($0) == nil }) ?? true else { return nil }
        return TypingPauseObserver(
            pause: Self.speculationPause,
            paused: { [evaluator] line in
                var completeness = completeness
                let isCommand = pending.isEmpty && (Self.commandLine(line) != nil || Self.fedFilePath(line) != nil)
                if isCommand || completeness.append(line: line) != .complete {
                    evaluator.supersedeSpeculation()
                    return
                }
                evaluator.speculate(on: (pending + [line]).joined(separator: "\n"))
            },
            changed: { [evaluator] in evaluator.supersedeSpeculation() })
    }

    /// 0, or for piped input 1 when some input failed (a person at a terminal saw it).
    private var exitStatus: Int32 {
        !reader.isInteractive && anyInputFailed ? 1 : 0
    }

    /// `< FILE` (after blanks), as in the LLDB REPL, feeds the file's lines as if typed;
    /// no Swift input can start with `<`.
    static func fedFilePath(_ line: String) -> String? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.first == "<" else { return nil }
        let path = trimmed.dropFirst().trimmingBlanks()
        return path.isEmpty ? nil : (String(path) as NSString).expandingTildeInPath
    }

    /// The lines of the file at `path`, or a message saying why it cannot be read.
    static func linesOfFile(atPath path: String) -> Result<[String], FileFeedError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(FileFeedError("There is no file \(path) to read."))
        }
        guard !isDirectory.boolValue, let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return .failure(FileFeedError("Cannot read \(path): it is a folder, unreadable, or not UTF-8 text."))
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return .success(lines)
    }

    /// Why a file fed with `< FILE` could not be read.
    struct FileFeedError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// A line that starts with `:` (after blanks) is a command; no Swift input can.
    private static func commandLine(_ line: String) -> Substring? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        return trimmed.first == ":" ? trimmed.dropFirst() : nil
    }

    /// The arguments of `command` when it is a command taking Swift, else nil.
    private func swiftArguments(of command: Substring) -> String? {
        let name = String(command.prefix { $0 != " " && $0 != "\t" })
        guard commands.command(named: name)?.takesSwift == true else { return nil }
        return String(command.dropFirst(name.count))
    }

    private func record(_ input: String) {
        history.append(input)
        reader.addHistoryEntry(input)
        if reader.isInteractive { historyStore?.append(input) }
    }

    private func runCommand(_ text: Substring) -> CommandOutcome {
        let name = String(text.prefix { $0 != " " && $0 != "\t" })
        let arguments = text.dropFirst(name.count).trimmingBlanks()
        guard let command = commands.command(named: name) else {
            reader.printAbovePrompt(style.error(commands.unknownCommandMessage(for: name)))
            return .continue
        }
        if tookInterruptBeforeRunning() { return .continue }
        evaluator.inputStarts(atLine: lineNumber - 1)
        let invocation = CommandInvocation(
            arguments: arguments, registry: commands, history: history,
            sessionInputs: history[sessionStart...], style: style,
            print: { [reader] in reader.printAbovePrompt($0) })
        // A command may run code (`:load`, a lesson's check): Ctrl-C interrupts it.
        let outcome = withInterruptHandler(evaluator.interruptHandler) { command.run(invocation) }
        switch outcome {
        case .evaluate(let input):
            evaluate(ParsedInput(input))
        case .runCommand(let line):
            if let command = Self.commandLine(line) {
                record(Substring(line).trimmingBlanks())
                return runCommand(command)
            }
        case .continue, .quit:
            break
        }
        return outcome
    }

    /// Hands a complete input to the evaluator, unless it holds no code at all (only
    /// blanks or comments).
    private func submit(_ input: String, firstLine: Int) {
        let parsed = ParsedInput(input)
        guard parsed.hasCode else {
            if !input.allSatisfy(\.isWhitespace) { record(input) }
            return
        }
        record(input)
        evaluator.inputStarts(atLine: firstLine)
        evaluate(parsed)
    }

    private func evaluate(_ input: ParsedInput) {
        if tookInterruptBeforeRunning() { return }
        let outcome = withInterruptHandler(evaluator.interruptHandler) {
            evaluator.evaluate(input) { [reader] text in reader.write(text) }
        }
        if outcome != .succeeded { anyInputFailed = true }
    }

    /// Runs `body` with Ctrl-C calling `handler` (and noted, so piped input can stop).
    private func withInterruptHandler<Result>(
        _ handler: (@Sendable () -> Void)?, _ body: () -> Result
    ) -> Result {
        let interrupted = interruptedDuringEvaluation
        signals?.onInterrupt {
            interrupted.withLock { $0 = true }
            handler?()
        }
        defer { signals?.onInterrupt(nil) }
        return body()
    }

    /// Whether Ctrl-C came between reading a line and running it; if so says that it was
    /// interrupted.
    private func tookInterruptBeforeRunning() -> Bool {
        guard
            interruptBeforeRunning.withLock({ state in
                defer { state = false }
                return state
            })
        else { return false }
        interruptedDuringEvaluation.withLock { $0 = true }
        reader.printAbovePrompt("Interrupted.")
        return true
    }

    /// Piped input stops at Ctrl-C, after the running input has been interrupted.
    private var stopsAfterInterruptedEvaluation: Bool {
        !reader.isInteractive && interruptedDuringEvaluation.withLock { $0 }
    }
}

extension Substring {
    func trimmingBlanks() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
