import SwiftLabDescriptorIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The assembled swiftlab shell: picks the line reader for the terminal it runs on,
/// holds the commands and completion providers other areas add, and runs the REPL.
///
/// ```swift
/// let shell = Shell()
/// shell.commands.register(myCommand)
/// shell.swiftCompletionProviders = [session.completionProvider]
/// exit(shell.run(evaluator: myEvaluator))
/// ```
public final class Shell {
    /// How output is decorated (colour only on a terminal, never with `NO_COLOR`).
    public let style: TerminalStyle
    /// Where input comes from. Evaluators print output that arrives between inputs
    /// (from a stream, say) with its ``LineReader/printAbovePrompt(_:)``.
    public let reader: any LineReader
    /// The `:` commands; starts with ``CommandRegistry/standard``, the application sets
    /// ``CommandRegistry/swiftlab(session:guide:)``.
    public var commands = CommandRegistry.standard
    /// How Swift is completed: by default keywords and the public names of Streams and
    /// Pipelines; the application puts the session's completion here (the compiler's,
    /// which knows types, falling back to those names).
    public var swiftCompletionProviders: [any CompletionProvider] = [
        KeywordCompletionProvider(), LibraryNameCompletionProvider.forPackageSources(),
    ]
    /// Completion sources beyond commands and Swift (lesson names).
    public var completionProviders: [any CompletionProvider] = []
    /// Shown after the one-line banner on an interactive start (the lessons' progress).
    public var greeting: String?
    private let environment: [String: String]
    private let restoreTerminal: (() -> Void)?

    /// Creates the shell for this process's standard input and output: the line editor
    /// when both are a terminal that can be edited on, otherwise a plain reader, which
    /// prompts only when standard input is a terminal.
    public init(environment: [String: String] = ProcessEnvironment.current) {
        self.environment = environment
        style = TerminalStyle.forOutput(environment: environment)
        let inputIsTerminal = isatty(STDIN_FILENO) == 1
        restoreTerminal = inputIsTerminal ? TerminalUTF8Input.enable() : nil
        let term = environment["TERM"] ?? ""
        if inputIsTerminal, isatty(STDOUT_FILENO) == 1, !term.isEmpty, term != "dumb",
            let editor = LineEditor(completion: CompletionEngine(providers: []))
        {
            reader = editor
        } else {
            reader = StreamLineReader(prompting: inputIsTerminal)
        }
    }

    /// Runs the REPL with `evaluator` until the user leaves; returns the exit status.
    public func run(evaluator: any REPLEvaluator) -> Int32 {
        let signals = SignalWatcher.shared
        reader.complete(
            with: CompletionEngine(
                providers: [CommandCompletionProvider(registry: commands)] + swiftCompletionProviders
                    + completionProviders))
        reader.watch(signals)
        var historyStore: HistoryStore?
        if reader.isInteractive, let path = HistoryStore.defaultPath(environment: environment) {
            historyStore = HistoryStore(path: path) { [style] warning in
                FileDescriptorWriter.write(style.warning(warning) + "\n", to: STDERR_FILENO)
            }
        }
        if reader.isInteractive {
            reader.printAbovePrompt(
                style.secondary(
                    "swiftlab \(SwiftLabCore.version). Type Swift, or :help for the commands; Ctrl-D leaves."))
            if let greeting { reader.printAbovePrompt(greeting) }
        }
        let repl = REPL(
            reader: reader, evaluator: evaluator, commands: commands, style: style,
            historyStore: historyStore, signals: signals)
        defer {
            signals.onResize(nil)
            restoreTerminal?()
        }
        return repl.run()
    }
}
