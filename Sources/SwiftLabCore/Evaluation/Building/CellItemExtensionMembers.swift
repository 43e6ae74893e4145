extension CellItem {
    /// What an `extension` item adds: the extended type as written (`Sequence`,
    /// `Outer.Inner`, `[Int]`, without generic arguments) and the names of the members declared
    /// directly in its body. `nil` for other items.
    var extensionMembers: GeneratedCell.Extension? {
        let start = DeclarationPrefix.end(in: tokens)
        guard start < tokens.count, tokens[start].kind == .keyword, tokens[start].text == "extension" else {
            return nil
        }
        var index = start + 1
        var typeName = ""
        if index < tokens.count, tokens[index].text == "[" {
            // `extension [Int]`: the whole sugared type.
            let close = BracketMatching.close(in: tokens, from: index)
            typeName = tokens[index...close].map(\.text).joined()
            index = close + 1
        }
        while index < tokens.count, tokens[index].kind == .identifier || tokens[index].text == "." {
            typeName += tokens[index].text
            index += 1
        }
        if index < tokens.count, tokens[index].text == "<" {
            // Generic arguments: `extension Array<Int>`.
            var depth = 0
            while index < tokens.count {
                if tokens[index].kind == .operator {  // `>>` closes two
                    depth +=
                        tokens[index].text.filter { $0 == "<" }.count - tokens[index].text.filter { $0 == ">" }.count
                }
                index += 1
                if depth <= 0 { break }
            }
        }
        let statesConformances = index < tokens.count && tokens[index].text == ":"
        guard let open = tokens[index...].firstIndex(where: { $0.kind == .punctuation && $0.text == "{" }) else {
            return GeneratedCell.Extension(extendedType: typeName, members: [], statesConformances: statesConformances)
        }
        var members: [String] = []
        var depth = 0
        var position = open
        while position < tokens.count {
            let token = tokens[position]
            if token.kind == .punctuation {
                if "([{".contains(token.text) { depth += 1 }
                if ")]}".contains(token.text) { depth -= 1 }
                if depth == 0 { break }
            } else if depth == 1, token.kind == .keyword {
                switch token.text {
                case "init", "subscript", "deinit":
                    members.append(token.text)
                case "func", "var", "let", "struct", "class", "enum", "actor", "protocol", "typealias":
                    if position + 1 < tokens.count,
                        tokens[position + 1].kind == .identifier || tokens[position + 1].kind == .operator
                    {
                        members.append(tokens[position + 1].text)
                    }
                default:
                    break
                }
            }
            position += 1
        }
        return GeneratedCell.Extension(extendedType: typeName, members: members, statesConformances: statesConformances)
    }
}
