/// A `:` command of the shell, such as `:help` or `:quit`.
///
/// Areas register their own commands (the evaluator `:type`, the lessons `:lesson`) in
/// the ``CommandRegistry``; the REPL runs a command when an input starts with `:`.
public struct Command {
    /// The name typed after the colon, such as `help`.
    public var name: String
    /// Other names that run the same command, such as `q` for `quit`.
    public var aliases: [String]
    /// One line saying what the command does, shown by `:help`.
    public var summary: String
    /// How to call it, such as `:history [count]`, shown by `:help <command>`.
    public var usage: String
    /// A longer explanation that `:help <command>` shows after the summary, if any.
    public var details: String?
    /// Whether its arguments are Swift (`:marbles`, `:type`): the REPL then reads more
    /// lines while they are unfinished (an open brace), as it does for an input.
    public var takesSwift: Bool
    /// Runs the command and says what the REPL should do next.
    public var run: (CommandInvocation) -> CommandOutcome

    /// Creates a command; `usage` defaults to `:name`.
    public init(
        name: String, aliases: [String] = [], summary: String, usage: String? = nil, details: String? = nil,
        takesSwift: Bool = false, run: @escaping (CommandInvocation) -> CommandOutcome
    ) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.usage = usage ?? ":\(name)"
        self.details = details
        self.takesSwift = takesSwift
        self.run = run
    }
}

/// What a command is given when it runs.
public struct CommandInvocation {
    /// The text after the command name, with surrounding blanks removed.
    public var arguments: String
    /// All commands, for commands that list or describe others.
    public var registry: CommandRegistry
    /// The inputs entered so far, oldest first (previous sessions included).
    public var history: [String]
    /// The inputs entered since this swiftlab started, oldest first: the ones the session
    /// may hold.
    public var sessionInputs: ArraySlice<String>
    /// How to decorate output.
    public var style: TerminalStyle
    /// Prints text for the user (above the prompt if the line editor is active).
    /// A line break is added when the text does not end with one.
    public var print: (String) -> Void
    /// Reports that the command failed as an input can (its Swift did not compile): the
    /// REPL prints the failure's text; the machine interface sends it as an `error` with
    /// the diagnostics on the cell's lines. The command still returns its outcome.
    public var fail: (CommandFailure) -> Void

    /// Creates an invocation.
    public init(
        arguments: String, registry: CommandRegistry, history: [String], sessionInputs: ArraySlice<String>? = nil,
        style: TerminalStyle, print: @escaping (String) -> Void
    ) {
        self.arguments = arguments
        self.registry = registry
        self.history = history
        self.sessionInputs = sessionInputs ?? history[...]
        self.style = style
        self.print = print
        fail = { print($0.text) }
    }
}

/// What the REPL does after a command ran.
public enum CommandOutcome: Equatable, Sendable {
    /// Read the next input.
    case `continue`
    /// Leave the REPL (exit status 0).
    case quit
    /// Evaluate this Swift input as if the user had typed it (for commands that run an
    /// example, say), then read the next input.
    case evaluate(String)
    /// Run this `:` command line as if the user had typed it (one typed where the command
    /// asked a question), then read the next input.
    case runCommand(String)
}
