/// An input lexed once, where it enters (the REPL, a lesson, a command): its text and
/// its top-level items, each classified. Evaluation reads these instead of lexing the
/// text again.
public struct ParsedInput: Sendable {
    /// The input as entered.
    public let text: String
    /// Its top-level statements and declarations (``SwiftLexer/topLevelItems(in:)``).
    public let items: [TopLevelItem]
    /// The same items, tokenized and classified (declaration, binding, statement ...).
    let cellItems: [CellItem]

    /// Lexes `text`.
    public init(_ text: String) {
        self.text = text
        items = SwiftLexer.topLevelItems(in: text)
        cellItems = items.map(CellItem.init)
    }

    /// Whether the input holds code, not only blanks and comments.
    public var hasCode: Bool { !items.isEmpty }
}
