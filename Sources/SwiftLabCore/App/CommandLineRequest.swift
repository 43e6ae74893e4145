/// What the command line asks for, when it names no lesson subcommand (``LessonSubcommand``).
enum CommandLineRequest: Equatable {
    /// Start the REPL; `timeout` limits how long each input may run (in seconds).
    case startShell(timeout: Double?)
    /// Print ``helpText``.
    case showHelp
    /// Print the version.
    case showVersion
    /// Print the message and exit with status 2.
    case reject(String)

    /// Reads `arguments` (without the program's name).
    init(arguments: [String]) {
        guard let first = arguments.first else {
            self = .startShell(timeout: nil)
            return
        }
        if first == "--timeout" {
            guard arguments.count == 2, let seconds = Double(arguments[1]), seconds > 0 else {
                self = .reject("swiftlab: --timeout needs a number of seconds greater than 0, as in '--timeout 10'.")
                return
            }
            self = .startShell(timeout: seconds)
            return
        }
        switch first {
        case "-h", "--help": self = .showHelp
        case "--version": self = .showVersion
        default: self = .reject("swiftlab: unknown argument '\(first)'. Try 'swiftlab --help'.")
        }
        if arguments.count > 1, self != .showHelp, self != .showVersion {
            self = .reject("swiftlab: unexpected arguments. Try 'swiftlab --help'.")
        }
    }

    /// What `swiftlab --help` prints.
    static let helpText = """
        swiftlab \(SwiftLabCore.version): an interactive Swift shell for learning functional \
        operators and reactive streams.

        Usage: swiftlab [--help | --version | --timeout SECONDS]
               \(LessonSubcommand.usage)

        On a terminal, swiftlab reads Swift with line editing and runs each input as soon
        as it is complete; an input with an open bracket, brace, parenthesis, multi-line
        string or comment continues on the next line. Lines starting with ':' are
        commands (:help lists them).

        When standard input is not a terminal (swiftlab < file.swift, or a pipe), inputs
        are read from it without prompts; the exit status is 1 if any input failed.

        Keys: Tab completes, Up and Down recall earlier inputs, Ctrl-C clears the line
        (or stops running code), Ctrl-D on an empty line leaves.

        History is kept in $XDG_STATE_HOME/swiftlab/history (by default
        ~/.local/state/swiftlab/history). Colour is used on terminals unless NO_COLOR is
        set.

        Lessons (in the REPL: :lessons, :lesson N, :next, :run N, :check, :hint ...):
        \(LessonSubcommand.overview)
          'swiftlab SUBCOMMAND --help' explains one of them.

        Options:
          -h, --help   Show this help.
          --version    Show the version.
          --timeout SECONDS
                       Stop any input that runs longer than this (as Ctrl-C does).
        """
}
