/// The ANSI styles swiftlab's lesson text uses, and whether to use them at all.
///
/// When output is not a terminal (a pipe, a file, a test) ``plain`` turns every style into
/// nothing, so the same rendering code produces clean text.
public struct TextStyle: Sendable, Equatable {
    /// Whether escape sequences are written.
    public var isEnabled: Bool

    /// Styles on (`true`) or off.
    public init(isEnabled: Bool) { self.isEnabled = isEnabled }

    /// No escape sequences.
    public static let plain = TextStyle(isEnabled: false)
    /// ANSI escape sequences.
    public static let ansi = TextStyle(isEnabled: true)

    /// An SGR code (`1` bold, `3` italic, `36` cyan ...).
    public struct Code: Sendable, Equatable, Hashable {
        /// The number written into `ESC [ n m`.
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
    }

    /// The sequence that turns on `code`, or "" when styles are off.
    public func start(_ code: Code) -> String { isEnabled ? "\u{1B}[\(code.value)m" : "" }
    /// The sequence that turns every style off, or "" when styles are off.
    public var reset: String { isEnabled ? "\u{1B}[0m" : "" }

    /// `text` in `codes`, followed by a reset.
    public func apply(_ codes: Code..., to text: String) -> String {
        guard isEnabled, !codes.isEmpty, !text.isEmpty else { return text }
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
