#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the shell decorates what it prints: ANSI colour when the output is a terminal
/// that understands it, plain text otherwise.
///
/// Colour is used only when standard output is a terminal, `TERM` is not `dumb`, and
/// `NO_COLOR` is unset or empty (https://no-color.org).
public struct TerminalStyle: Sendable, Equatable {
    /// Whether the decorating methods add ANSI escape sequences.
    public var usesColor: Bool

    /// Creates a style that uses colour exactly when `usesColor` is `true`.
    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// A style with no escape sequences at all.
    public static let plain = TerminalStyle(usesColor: false)

    /// The style for text written to the file descriptor `fd` in `environment`.
    public static func forOutput(
        fileDescriptor fd: Int32 = STDOUT_FILENO,
        environment: [String: String] = ProcessEnvironment.current
    ) -> TerminalStyle {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        return TerminalStyle(usesColor: isatty(fd) == 1 && !noColor && !dumb)
    }

    /// Text for an error message (bold red).
    public func error(_ text: String) -> String { wrap(text, "1;31") }
    /// Text for a warning (yellow).
    public func warning(_ text: String) -> String { wrap(text, "33") }
    /// Secondary text such as notes and hints (dim).
    public func secondary(_ text: String) -> String { wrap(text, "2") }
    /// Emphasised text such as a command name in a listing (bold).
    public func emphasis(_ text: String) -> String { wrap(text, "1") }

    private func wrap(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
