/// One top-level statement or declaration of an input, as
/// ``SwiftLexer/topLevelItems(in:)`` splits it.
public struct TopLevelItem: Equatable, Sendable {
    /// The item's source text, from its first token to its last, comments inside it
    /// included; never the separating `;` or surrounding comments.
    public var text: String
    /// The 1-based line of the item's first character in the input.
    public var line: Int
    /// The 1-based column of the item's first character, counted in `Character`s.
    public var column: Int

    /// Creates an item.
    public init(text: String, line: Int, column: Int) {
        self.text = text
        self.line = line
        self.column = column
    }
}
