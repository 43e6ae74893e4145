/// Recognises a type declaration whose body has not started yet (`class C`,
/// `public struct Point: Equatable`): as in LLDB and a Swift file, its `{` may come on
/// the next line, so the input is not complete.
enum DeclarationHeader {
    private static let introducers: Set<String> = ["class", "struct", "enum", "protocol", "extension", "actor"]
    private static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "indirect", "nonisolated",
    ]

    /// Whether the last statement on `line` (after any `;`) is a type declaration
    /// without its body.
    static func awaitsBody(_ line: String) -> Bool {
        var tokens = SwiftLexer.tokenize(line).filter { $0.kind != .lineComment && $0.kind != .blockComment }
        if let lastSemicolon = tokens.lastIndex(where: { $0.kind == .punctuation && $0.text == ";" }) {
            tokens.removeSubrange(...lastSemicolon)
        }
        guard !tokens.contains(where: { $0.kind == .punctuation && ($0.text == "{" || $0.text == "}") }) else {
            return false
        }
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .attribute {
                index += 1
                // An attribute's arguments: `@available(*, deprecated)`.
                if index < tokens.count, tokens[index].text == "(" {
                    var depth = 0
                    while index < tokens.count {
                        if tokens[index].text == "(" { depth += 1 }
                        if tokens[index].text == ")" { depth -= 1 }
                        index += 1
                        if depth == 0 { break }
                    }
                }
            } else if token.kind == .keyword, modifiers.contains(token.text) {
                index += 1
            } else {
                break
            }
        }
        guard index + 1 < tokens.count, introducers.contains(tokens[index].text) else { return false }
        // `class func` and the like are members, not a type.
        return tokens[index + 1].kind == .identifier
    }
}
