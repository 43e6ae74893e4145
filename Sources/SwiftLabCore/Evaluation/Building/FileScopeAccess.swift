/// `private` and `fileprivate` on a top-level declaration: to the learner every input is
/// part of one program, as in the LLDB REPL, so later inputs (other modules to the
/// compiler) must still see it. The modifier (with `(set)`) becomes blanks, so every
/// column stays where the learner typed it.
enum FileScopeAccess {
    private static let fileScoped: Set<String> = ["private", "fileprivate"]

    /// `cellItem` with the `private`/`fileprivate` modifiers before its keyword blanked out.
    static func opened(_ cellItem: CellItem) -> CellItem {
        switch cellItem.kind {
        case .declaration, .binding: break
        default: return cellItem
        }
        let tokens = cellItem.tokens
        let end = DeclarationPrefix.end(in: tokens)
        var utf8 = Array(cellItem.item.text.utf8)
        var changed = false
        var index = 0
        while index < end {
            let first = tokens[index]
            var last = index
            if index + 1 < end, tokens[index + 1].text == "(" {  // `private(set)`, `nonisolated(unsafe)`
                last = BracketMatching.close(in: tokens, from: index + 1)
            }
            if first.kind == .keyword || first.kind == .identifier, fileScoped.contains(first.text) {
                let endOffset = tokens[last].utf8Offset + tokens[last].text.utf8.count
                for offset in first.utf8Offset..<endOffset where utf8[offset] != UInt8(ascii: "\n") {
                    utf8[offset] = UInt8(ascii: " ")
                }
                changed = true
            }
            index = last + 1
        }
        guard changed else { return cellItem }
        var opened = cellItem
        opened.item.text = String(decoding: utf8, as: UTF8.self)
        return opened
    }
}
