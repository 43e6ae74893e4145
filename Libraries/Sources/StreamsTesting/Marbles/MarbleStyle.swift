/// How a diagram is coloured: not at all, or with ANSI colours for a terminal.
public struct MarbleStyle: Sendable {
    /// Whether ANSI colour codes are written.
    public var colored: Bool

    /// No colour.
    public static let plain = MarbleStyle(colored: false)
    /// ANSI colours: values in cyan, completion in green, failure in red, time dimmed.
    public static let terminal = MarbleStyle(colored: true)

    func time(_ text: String) -> String { paint(text, "2") }

    func event(_ event: MarbleTimeline.Event, _ symbol: Character) -> String {
        switch event {
        case .value: return paint(String(symbol), "36")
        case .finished: return paint(String(symbol), "32")
        case .failure: return paint(String(symbol), "31")
        }
    }

    func label(_ text: String) -> String { paint(text, "1") }

    func error(_ text: String) -> String { paint(text, "1;31") }

    private func paint(_ text: String, _ code: String) -> String {
        colored && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
