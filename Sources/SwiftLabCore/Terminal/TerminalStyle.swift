#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How swiftlab decorates what it prints, for the shell and for lesson text alike: ANSI
/// styles when the output is a terminal that understands them, plain text otherwise.
///
/// ``forOutput(fileDescriptor:environment:)`` is the one place that decides: colour is
/// used only when the output is a terminal, `TERM` is not `dumb`, and `NO_COLOR` is unset
/// or empty (https://no-color.org). With ``plain`` every method returns its text
/// unchanged, so the same code produces clean text for pipes, files and tests.
public struct TerminalStyle: Sendable, Equatable {
    /// Whether ANSI escape sequences are written.
    public var usesColor: Bool

    /// Creates a style that uses colour exactly when `usesColor` is `true`.
    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// A style with no escape sequences at all.
    public static let plain = TerminalStyle(usesColor: false)
    /// A style that always writes ANSI escape sequences.
    public static let ansi = TerminalStyle(usesColor: true)

    /// The style for text written to the file descriptor `fd` in `environment`.
    public static func forOutput(
        fileDescriptor fd: Int32 = STDOUT_FILENO,
        environment: [String: String] = ProcessEnvironment.current
    ) -> TerminalStyle {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        return TerminalStyle(usesColor: isatty(fd) == 1 && !noColor && !dumb)
    }

    // MARK: - What the text is

    /// Text for an error message (bold red).
    public func error(_ text: String) -> String { apply(.boldRed, to: text) }
    /// Text for a warning (yellow).
    public func warning(_ text: String) -> String { apply(.yellow, to: text) }
    /// Secondary text such as notes and hints (dim).
    public func secondary(_ text: String) -> String { apply(.dim, to: text) }
    /// Emphasised text such as a command name in a listing (bold).
    public func emphasis(_ text: String) -> String { apply(.bold, to: text) }

    // MARK: - Individual styles

    /// An SGR code (`1` bold, `3` italic, `36` cyan ...).
    public struct Code: Sendable, Equatable, Hashable {
        /// The number(s) written into `ESC [ n m`.
        public var value: String
        /// Creates a code from its SGR number(s).
        public init(_ value: String) { self.value = value }

        /// Bold.
        public static let bold = Code("1")
        /// Dim (faint).
        public static let dim = Code("2")
        /// Italic.
        public static let italic = Code("3")
        /// Underlined.
        public static let underline = Code("4")
        /// Red text.
        public static let red = Code("31")
        /// Green text.
        public static let green = Code("32")
        /// Yellow text.
        public static let yellow = Code("33")
        /// Blue text.
        public static let blue = Code("34")
        /// Magenta text.
        public static let magenta = Code("35")
        /// Cyan text.
        public static let cyan = Code("36")
        /// Bold red in one sequence, for errors.
        public static let boldRed = Code("1;31")
    }

    /// The sequence that turns on `code`, or "" without colour.
    public func start(_ code: Code) -> String { usesColor ? "\u{1B}[\(code.value)m" : "" }
    /// The sequence that turns every style off, or "" without colour.
    public var reset: String { usesColor ? "\u{1B}[0m" : "" }

    /// `text` in `codes`, followed by a reset; `text` unchanged without colour.
    public func apply(_ codes: Code..., to text: String) -> String {
        guard usesColor, !codes.isEmpty, !text.isEmpty else { return text }
        return codes.map(start).joined() + text + reset
    }

    /// The number of terminal columns `text` takes, ignoring escape sequences.
    public static func visibleWidth(of text: some StringProtocol) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }
}
