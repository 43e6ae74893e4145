/// A top-level computed property, `var name: Type { ... }`: a declaration, not a value.
/// Its getter runs when a later input reads it, never when it is declared, and it shows
/// as LLDB shows it: `name: Type = <computed property>`.
struct ComputedProperty {
    /// The property's name.
    var name: String
    /// Its type as written: `Int`, `[String: Int]`.
    var writtenType: String

    /// The property `cellItem` declares, when it is `var name: Type { ... }` and nothing
    /// more (a stored variable with observers has an `=` before its `{`).
    init?(_ cellItem: CellItem) {
        let tokens = cellItem.tokens
        let start = DeclarationPrefix.end(in: tokens)
        guard start + 3 < tokens.count, tokens[start].kind == .keyword, tokens[start].text == "var",
            tokens[start + 1].kind == .identifier, tokens[start + 2].text == ":"
        else { return nil }
        var depth = 0
        var brace: Int?
        for index in (start + 3)..<tokens.count {
            let token = tokens[index]
            if token.kind == .punctuation {
                if "([".contains(token.text) { depth += 1 }
                if ")]".contains(token.text) { depth -= 1 }
                if token.text == "{", depth == 0 {
                    brace = index
                    break
                }
                if token.text == ",", depth == 0 { return nil }
            }
            if token.kind == .operator, token.text == "=", depth == 0 { return nil }
        }
        guard let brace, brace > start + 3, BracketMatching.close(in: tokens, from: brace) == tokens.count - 1
        else { return nil }
        let utf8 = Array(cellItem.item.text.utf8)
        let typeEnd = tokens[brace - 1].utf8Offset + tokens[brace - 1].text.utf8.count
        name = tokens[start + 1].text
        writtenType = String(decoding: utf8[tokens[start + 3].utf8Offset..<typeEnd], as: UTF8.self)
    }
}
