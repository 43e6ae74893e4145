/// A top-level `let name = await f()` (or `var`, with or without a type), as `swiftc
/// main.swift` accepts it and a library's global cannot be (its initializer may not await).
///
/// The binding runs where awaiting is allowed, in the cell's async body, as the learner
/// wrote it; the value is then kept in optional storage, and the global the later inputs
/// see is initialized from it when first read (a library's globals are lazy), by which
/// time the body has run:
///
/// ```swift
/// @MainActor let r = SwiftLabRuntime.initializedValue(storage, named: "r"); @MainActor var storage = SwiftLabRuntime.uninitialized {
///          await withTaskGroup(...) { ... }   // never called: gives the storage its type
/// }
/// ```
///
/// The initializer's copy inside `uninitialized { }` only gives the storage its type
/// (no type need be written); it keeps its input lines and columns, so a mistake in it is
/// reported once, at the learner's line, like the copy in the body.
struct AwaitedBinding {
    /// The bound name.
    var name: String
    /// `let` or `var`.
    var keyword: String
    /// The written type with its colon (`: Int`), or empty.
    var annotation: String
    /// The initializer, from its first character.
    var initializer: String
    /// The line of the item (counting from 0) the initializer starts on, and its UTF-8
    /// column there (counting from 0).
    var initializerLine: Int
    var initializerColumn: Int

    /// The storage's name.
    var storage: String { "__swiftlab_storage_\(name.filter { $0 != "`" })" }

    /// The rewrite of `cellItem` when it binds one name to an initializer that awaits.
    init?(_ cellItem: CellItem) {
        let tokens = cellItem.tokens.filter { $0.kind != .lineComment && $0.kind != .blockComment }
        let start = DeclarationPrefix.end(in: tokens)
        guard start + 3 < tokens.count, tokens[start].kind == .keyword, ["let", "var"].contains(tokens[start].text),
            tokens[start + 1].kind == .identifier,
            let equals = tokens[(start + 2)...].firstIndex(where: { $0.kind == .operator && $0.text == "=" }),
            equals + 1 < tokens.count,
            tokens[(equals + 1)...].contains(where: { $0.kind == .keyword && $0.text == "await" })
        else { return nil }
        // Between the name and `=`: nothing, or a type annotation (`: [Int]`), never a second pattern.
        let between = tokens[(start + 2)..<equals]
        if let first = between.first, first.text != ":" { return nil }
        if between.contains(where: { $0.kind == .punctuation && ($0.text == "{" || $0.text == ";") }) { return nil }
        let utf8 = Array(cellItem.item.text.utf8)
        let initializerStart = tokens[equals + 1].utf8Offset
        let typeText =
            between.isEmpty
            ? ""
            : String(
                decoding: utf8[between.first!.utf8Offset..<(between.last!.utf8Offset + between.last!.text.utf8.count)],
                as: UTF8.self)
        name = tokens[start + 1].text
        keyword = tokens[start].text
        annotation = typeText
        initializer = String(decoding: utf8[initializerStart...], as: UTF8.self)
        let before = utf8[..<initializerStart]
        initializerLine = before.filter { $0 == UInt8(ascii: "\n") }.count
        initializerColumn = initializerStart - ((before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1)
    }

    /// The generated line that declares the global and opens the storage's declaration,
    /// whose closure the initializer (on the next lines) and a closing brace complete.
    /// `isolated`: whether top-level globals are main-actor isolated (Swift 6 mode; in
    /// Swift 5 mode `swiftc main.swift` leaves them unisolated, and so does the cell).
    func declarationLine(isolated: Bool) -> String {
        let actor = isolated ? "@MainActor " : ""
        let type = annotation.isEmpty || annotation.hasPrefix(":") ? annotation : ": " + annotation
        return "\(actor)\(keyword) \(name)\(type)"
            + " = SwiftLabRuntime.initializedValue(\(storage), named: \"\(name)\"); "
            + "\(actor)var \(storage) = SwiftLabRuntime.uninitialized {"
    }
}
