import SwiftLabRuntime

/// What the command line asks for, when it names no lesson subcommand (``LessonSubcommand``).
enum CommandLineRequest: Equatable {
    /// Start the REPL with these options.
    case startShell(ShellOptions)
    /// Answer the machine interface (`swiftlab serve --jsonl`) with these options.
    case serve(ShellOptions)
    /// Print ``helpText``.
    case showHelp
    /// Print the version.
    case showVersion
    /// Print the message and exit with status 2.
    case reject(String)

    /// The options of the REPL itself.
    struct ShellOptions: Equatable {
        /// How long each input may run, in seconds (`--timeout`).
        var timeout: Double?
        /// How results are shown (`--display`); the runtime's default when nil.
        var display: DisplayStyle?
        /// The language mode, the user's modules and libraries, compiler flags.
        var compiler = CompilerOptions()
        /// A SwiftPM package whose libraries inputs can import (`--package`).
        var package: String?
    }

    /// Reads `arguments` (without the program's name).
    init(arguments: [String]) {
        switch arguments.first {
        case "-h", "--help":
            self = arguments.count == 1 ? .showHelp : .reject("swiftlab: unexpected arguments. Try 'swiftlab --help'.")
            return
        case "--version":
            self =
                arguments.count == 1 ? .showVersion : .reject("swiftlab: unexpected arguments. Try 'swiftlab --help'.")
            return
        case "serve":
            var rest = Array(arguments.dropFirst())
            guard let flag = rest.firstIndex(of: "--jsonl") else {
                self = .reject(
                    "swiftlab serve: name the protocol, as in 'swiftlab serve --jsonl' (JSON lines on standard input and output; see Documentation/MachineInterface.md)."
                )
                return
            }
            rest.remove(at: flag)
            switch CommandLineRequest(arguments: rest) {
            case .startShell(let options): self = .serve(options)
            case .reject(let message): self = .reject(message)
            default: self = .reject("swiftlab serve: unexpected arguments. Try 'swiftlab --help'.")
            }
            return
        default:
            break
        }
        var options = ShellOptions()
        var remaining = arguments[...]
        while let option = remaining.first {
            switch options.compiler.consume(&remaining) {
            case .success?: continue
            case .failure(let error)?:
                self = .reject("swiftlab: \(error)")
                return
            case nil: remaining.removeFirst()
            }
            switch option {
            case "--timeout":
                guard let value = remaining.popFirst(), let seconds = Double(value), seconds > 0 else {
                    self = .reject(
                        "swiftlab: --timeout needs a number of seconds greater than 0, as in '--timeout 10'.")
                    return
                }
                options.timeout = seconds
            case "--package":
                guard let path = remaining.popFirst(), !path.isEmpty else {
                    self = .reject(
                        "swiftlab: --package needs the path of a SwiftPM package, as in '--package ../MyLibrary'.")
                    return
                }
                options.package = path
            case "--display":
                guard let value = remaining.popFirst(), let style = DisplayStyle(rawValue: value) else {
                    self = .reject("swiftlab: --display needs 'lldb' or 'compact', as in '--display lldb'.")
                    return
                }
                options.display = style
            default:
                self = .reject("swiftlab: unknown argument '\(option)'. Try 'swiftlab --help'.")
                return
            }
        }
        self = .startShell(options)
    }

    /// What `swiftlab --help` prints.
    static let helpText = """
        swiftlab \(SwiftLabCore.version): an interactive Swift shell for learning functional \
        operators and reactive streams.

        Usage: swiftlab [--help | --version] [--timeout SECONDS] [--display lldb|compact]
                        [--swift-version 5|6] [-I DIR] [-L DIR] [-l NAME] [-Xswiftc FLAG]
                        [--package PATH]
               swiftlab serve --jsonl [options]
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

        swiftlab serve --jsonl answers requests from a program instead of a person (the
        Jupyter kernel, an editor): JSON objects, one a line, on standard input and output
        (Documentation/MachineInterface.md in the source describes them).

        Lessons (in the REPL: :lessons, :lesson N, :next, :run N, :check, :hint ...):
        \(LessonSubcommand.overview)
          'swiftlab SUBCOMMAND --help' explains one of them.

        Options:
          -h, --help   Show this help.
          --version    Show the version.
          --timeout SECONDS
                       Stop any input that runs longer than this (as Ctrl-C does).
          --display lldb|compact
                       How results are shown. compact (the default) is Swift's own
                       spelling on one line, class instances with their stored
                       properties (Bar(bar: 2, baaz: 3)), broken one member a line when
                       wider than the terminal. lldb is the LLDB Swift REPL's format
                       ($R0: Bar = { then bar = 2 ... one member a line; optionals as
                       the wrapped value or nil; an existential as its dynamic type;
                       NaN, 0, 1.0E+20), so transcripts from LLDB read the same.
                       (:display lldb|compact switches in the REPL.)
          --swift-version 5|6
                       The language mode inputs are compiled in (default 6; in the
                       REPL: :set swift-version 5).
          -I DIR       Where import finds your own modules (also -IDIR).
          -L DIR       Where your libraries are found, when linking and loading.
          -l NAME      Link every input with libNAME (also -lNAME), as in
                       swiftlab -I dir -L dir -lA, then import A.
          -Xswiftc FLAG
                       Pass FLAG to the compiler (for example -Xswiftc -DDEBUG).
          --package PATH
                       Build the SwiftPM package at PATH and make its Swift libraries
                       importable, as swift run --repl does.
        """
}
