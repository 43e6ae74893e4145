/// What may come before a declaration's keyword: attributes with their arguments
/// (`@available(*, deprecated)`, `@MainActor`) and modifiers with theirs (`public`,
/// `private(set)`, `nonisolated(unsafe)`). The line continuation rules (is this line a
/// declaration's header?) and the classification of an input's items read past it alike.
enum DeclarationPrefix {
    /// Modifiers that may precede a declaration or binding.
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "static",
        "lazy", "dynamic", "indirect", "override", "required", "convenience", "nonisolated",
        "mutating", "nonmutating", "weak", "unowned", "prefix", "postfix", "infix",
    ]

    /// The index of the first token after the attributes and modifiers `tokens` start
    /// with (`tokens.count` when nothing else follows them).
    ///
    /// A modifier's name counts as one only before another name, an attribute or its
    /// arguments' `(`: `open(file)` is a call and `final = 3` an assignment, but
    /// `private(set) var` is a declaration.
    static func end(in tokens: [SwiftToken]) -> Int {
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .attribute {
                index += 1
                if index < tokens.count, tokens[index].text == "(" {
                    index = BracketMatching.close(in: tokens, from: index) + 1
                }
                continue
            }
            let isModifier = (token.kind == .keyword || token.kind == .identifier) && modifiers.contains(token.text)
            if isModifier, index + 1 < tokens.count,
                tokens[index + 1].kind == .keyword || tokens[index + 1].kind == .identifier
                    || tokens[index + 1].kind == .attribute || tokens[index + 1].text == "("
            {
                index += 1
                // `nonisolated(unsafe)`, `private(set)`
                if index < tokens.count, tokens[index].text == "(" {
                    index = BracketMatching.close(in: tokens, from: index) + 1
                }
                continue
            }
            break
        }
        return index
    }
}
