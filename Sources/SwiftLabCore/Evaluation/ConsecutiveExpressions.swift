/// Finds two expressions side by side on one line (`a b`, `foo(1) bar`): Swift reads
/// them as two statements and says `consecutive statements on a line must be separated
/// by ';'`. Such an input runs as a statement instead of through the display call, so
/// the learner gets that message rather than ones about the display call's arguments.
enum ConsecutiveExpressions {
    /// Words the lexer calls identifiers that may stand before an expression.
    private static let prefixWords: Set<String> = ["consume", "copy", "borrow", "each", "discard", "unsafe"]

    /// Whether `tokens` (one top-level item) hold two expressions side by side outside
    /// any brackets.
    static func present(in tokens: [SwiftToken]) -> Bool {
        var depth = 0
        var previous: SwiftToken?
        for token in tokens where token.kind != .lineComment && token.kind != .blockComment {
            defer { previous = token }
            if token.kind == .punctuation {
                if "([{".contains(token.text) { depth += 1 }
                if ")]}".contains(token.text) { depth -= 1 }
            }
            guard depth == 0, let previous, previous.line == token.line,
                previous.utf8Offset + previous.text.utf8.count < token.utf8Offset,
                endsExpression(previous), startsExpression(token)
            else { continue }
            return true
        }
        return false
    }

    private static func endsExpression(_ token: SwiftToken) -> Bool {
        switch token.kind {
        case .identifier: return !prefixWords.contains(token.text)
        case .integerLiteral, .floatLiteral, .stringLiteral: return true
        case .keyword: return SwiftKeywords.valueKeywords.contains(token.text)
        case .punctuation: return token.text == ")" || token.text == "]"
        default: return false
        }
    }

    private static func startsExpression(_ token: SwiftToken) -> Bool {
        switch token.kind {
        case .identifier, .integerLiteral, .floatLiteral, .stringLiteral: return true
        case .keyword: return SwiftKeywords.valueKeywords.contains(token.text)
        default: return false
        }
    }
}
