/// One lexical token of Swift source, as ``SwiftLexer/tokenize(_:)`` returns it.
///
/// Whitespace and line breaks are not tokens; comments are, so that a highlighter can
/// colour them. A string literal, interpolations included, is a single token.
public struct SwiftToken: Equatable, Sendable {
    /// What kind of token this is.
    public var kind: Kind
    /// The exact source text of the token.
    public var text: String
    /// The 1-based line of the token's first character.
    public var line: Int
    /// The 1-based column of the token's first character, counted in `Character`s.
    public var column: Int
    /// The offset of the token's first byte in the UTF-8 encoding of the source.
    public var utf8Offset: Int

    /// Creates a token.
    public init(kind: Kind, text: String, line: Int, column: Int, utf8Offset: Int) {
        self.kind = kind
        self.text = text
        self.line = line
        self.column = column
        self.utf8Offset = utf8Offset
    }

    /// The kinds of token the lexer distinguishes.
    public enum Kind: Equatable, Sendable {
        /// A name, including backquoted names (`` `class` ``) and `$0`-style names.
        case identifier
        /// A reserved word or declaration modifier, such as `let`, `func` or `else`.
        case keyword
        /// An integer literal: `42`, `0xFF`, `0b1010`, `1_000`.
        case integerLiteral
        /// A floating-point literal: `3.14`, `1e-9`, `0x1p4`.
        case floatLiteral
        /// A string literal of any form (single-line, multi-line, raw), with its
        /// delimiters and interpolations.
        case stringLiteral
        /// A regular expression literal: `/a+b/` or `#/.../#`.
        case regexLiteral
        /// Text in single quotes. Swift has no such literal; the lexer keeps it as one
        /// token so that the compiler, not the lexer, reports it.
        case singleQuotedText
        /// An operator, including `=`, `->`, `?`, `!` and `...`.
        case `operator`
        /// A bracket, brace, parenthesis, `,`, `;`, `:`, `.` (member access) or `\`.
        case punctuation
        /// An attribute name with its `@`: `@MainActor`, `@discardableResult`.
        case attribute
        /// A `#` keyword, directive or macro: `#if`, `#available`, `#expect`.
        case poundKeyword
        /// A `//` comment, up to the end of its line.
        case lineComment
        /// A `/* ... */` comment, nested comments included.
        case blockComment
        /// Anything else, one character at a time (stray bytes, a lone `#`).
        case unknown
    }
}
