/// A top-level `var x: T` without an initializer, given its value by a later input, as
/// LLDB and `swiftc main.swift` accept it.
///
/// A cell's globals live in a library, where every stored global needs an initializer,
/// so the variable becomes a computed one over optional storage:
/// `var x: T { get { SwiftLabRuntime.initializedValue(storage, named: "x") } set { storage = newValue } }`.
/// Reading it before it has a value stops the input with a message naming it.
struct DeferredInitialization {
    /// The variable's name.
    var name: String
    /// The declaration the item becomes (the learner's text, then the accessors).
    var declaration: String
    /// The storage's declaration, for the generated line before the item.
    var storage: String
    /// The variable's type as written.
    var typeText: String

    /// The rewrite of `cellItem` when it is `var name: Type` and nothing more.
    init?(_ cellItem: CellItem) {
        let tokens = cellItem.tokens.filter { $0.kind != .lineComment && $0.kind != .blockComment }
        let start = DeclarationPrefix.end(in: tokens)
        guard start + 3 < tokens.count, tokens[start].kind == .keyword, tokens[start].text == "var",
            tokens[start + 1].kind == .identifier, tokens[start + 2].text == ":"
        else { return nil }
        // Anything that is not part of a type (`=`, accessors, a second pattern) rules it out.
        var depth = 0
        for token in tokens[(start + 3)...] {
            if token.kind == .punctuation {
                if "([".contains(token.text) { depth += 1 }
                if ")]".contains(token.text) { depth -= 1 }
                if token.text == "{" || token.text == "}" || token.text == ";" { return nil }
                if token.text == ",", depth == 0 { return nil }
            }
            if token.kind == .operator, token.text == "=" { return nil }
        }
        let text = cellItem.item.text
        let typeStart = tokens[start + 3]
        let last = tokens[tokens.count - 1]
        let utf8 = Array(text.utf8)
        let typeText = String(
            decoding: utf8[typeStart.utf8Offset..<(last.utf8Offset + last.text.utf8.count)], as: UTF8.self)
        self.typeText = typeText
        name = tokens[start + 1].text
        let storageName = "__swiftlab_storage_\(name.filter { $0 != "`" })"
        storage = "var \(storageName): Optional<\(typeText)> = nil"
        declaration =
            String(decoding: utf8[..<(last.utf8Offset + last.text.utf8.count)], as: UTF8.self)
            + " { get { SwiftLabRuntime.initializedValue(\(storageName), named: \"\(name)\") }"
            + " set { \(storageName) = newValue } }"
    }
}
