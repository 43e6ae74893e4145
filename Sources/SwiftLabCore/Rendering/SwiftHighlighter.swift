/// Colours Swift code for the terminal using ``SwiftLexer``'s tokens, keeping every
/// character of the source (spaces and line breaks included) exactly where it was.
public struct SwiftHighlighter: Sendable {
    /// The styles to write; with ``TerminalStyle/plain`` the code comes back unchanged.
    public var style: TerminalStyle

    /// Creates a highlighter writing `style`.
    public init(style: TerminalStyle) { self.style = style }

    /// `code` with keywords, literals, comments, attributes and type names coloured.
    public func highlight(_ code: String) -> String {
        guard style.usesColor else { return code }
        let bytes = Array(code.utf8)
        var result = ""
        var position = 0
        for token in SwiftLexer.tokenize(code) {
            let start = token.utf8Offset
            let end = start + token.text.utf8.count
            guard start >= position, end <= bytes.count else { continue }
            result += String(decoding: bytes[position..<start], as: UTF8.self)
            if let colour = colour(for: token) {
                result += style.apply(colour, to: token.text)
            } else {
                result += token.text
            }
            position = end
        }
        result += String(decoding: bytes[position...], as: UTF8.self)
        return result
    }

    private func colour(for token: SwiftToken) -> TerminalStyle.Code? {
        switch token.kind {
        case .keyword, .attribute, .poundKeyword: return .magenta
        case .stringLiteral, .singleQuotedText, .regexLiteral: return .red
        case .integerLiteral, .floatLiteral: return .blue
        case .lineComment, .blockComment: return .dim
        case .identifier: return token.text.first?.isUppercase == true ? .cyan : nil
        default: return nil
        }
    }
}
