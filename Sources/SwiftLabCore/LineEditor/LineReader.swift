/// Where the REPL gets its input lines: the ``LineEditor`` on a terminal, a
/// ``StreamLineReader`` for piped input or a terminal that cannot be edited on.
public protocol LineReader: AnyObject {
    /// Whether a person is typing: prompts are shown, Ctrl-C clears the input, and
    /// inputs are saved to the persistent history.
    var isInteractive: Bool { get }

    /// Reads the next line (without its line break), showing `prompt` first when
    /// interactive. Blocks until a line, Ctrl-C or the end of input.
    func readLine(prompt: String) -> LineReadResult

    /// Makes `entry` (one whole input, possibly of several lines) recallable, with the up
    /// arrow for instance.
    func addHistoryEntry(_ entry: String)

    /// Prints `text`; while a line is being edited, above the prompt and the line, which
    /// are then redrawn. Safe to call from any thread. A line break is added to `text`
    /// when it does not end with one.
    func printAbovePrompt(_ text: String)

    /// Writes `text` exactly as given (no line break added); for output that arrives while
    /// no line is being edited, such as what a running input prints.
    func write(_ text: String)

    /// A closure that makes a pending ``readLine(prompt:)`` return
    /// ``LineReadResult/interrupted``; safe to call from any thread (a signal handler's).
    var interruptReading: @Sendable () -> Void { get }

    /// Whether Tab completes (only then is the compiler's completion worth starting).
    var completesInput: Bool { get }

    /// Makes Tab offer what `engine` finds.
    func complete(with engine: CompletionEngine)

    /// The lines of the input typed before the line being read, each with its line break,
    /// so that completion sees them (the REPL sets them before each continuation line).
    var precedingLines: String { get set }

    /// Told when the person's keys pause while a line is edited, and when a key then
    /// changes the line (the REPL sets it before each line; only the line editor tells).
    var typingPauseObserver: TypingPauseObserver? { get set }

    /// Follows the terminal's size and lets Ctrl-C typed while an input runs reach
    /// `signals`.
    func watch(_ signals: SignalWatcher)

    /// Gives the terminal back in the mode swiftlab found it in, for a program (an
    /// editor) that uses it itself.
    func releaseTerminal()
}

/// What a reader that does not edit lines (piped input) does with what only the line
/// editor uses: nothing.
extension LineReader {
    /// `false`: only the line editor completes.
    public var completesInput: Bool { false }

    /// Does nothing.
    public func complete(with engine: CompletionEngine) {}

    /// Always empty; setting it does nothing.
    public var precedingLines: String {
        get { "" }
        set {}
    }

    /// Always nil; setting it does nothing: no one types.
    public var typingPauseObserver: TypingPauseObserver? {
        get { nil }
        set {}
    }

    /// Does nothing.
    public func watch(_ signals: SignalWatcher) {}

    /// Does nothing.
    public func releaseTerminal() {}
}

/// What ``LineReader/readLine(prompt:)`` got.
public enum LineReadResult: Equatable, Sendable {
    /// A line, without its line break. Bytes that are not UTF-8 read as U+FFFD.
    case line(String)
    /// Ctrl-C: the line being typed is dropped.
    case interrupted
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfInput
    /// A line that was read and dropped, with the reason to show (a line too long, say).
    case refused(String)
}
