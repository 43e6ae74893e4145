/// The static type of a shown value as the input spells it, where that keeps a type
/// alias's name: the runtime's type has no aliases (`Celsius` is `Double` to it), while
/// the compiler, and so the LLDB REPL, shows `t: Celsius = 20` and `$R0: Foo.X = 0`.
///
/// Taken from the source in the two cases where the source says it: a binding's type
/// annotation that names an alias (`let t: [Celsius] = []`), and a call of an alias's
/// initializer (`Foo.X(0)`, `Celsius.init(3)`, as an expression or a binding's whole
/// initializer). Any other expression of an alias type (`f()` returning `Celsius`,
/// `t + 1`) shows the type the alias stands for.
enum WrittenType {
    /// The names declared by `typealias` anywhere in `tokens`, nested ones too (`X` in
    /// `class Foo { typealias X = Int }`).
    static func aliasNames(in tokens: [SwiftToken]) -> [String] {
        zip(tokens, tokens.dropFirst()).compactMap { keyword, name in
            keyword.kind == .keyword && keyword.text == "typealias" && name.kind == .identifier ? name.text : nil
        }
    }

    /// The written types of the names a binding item binds, for those whose type names an
    /// alias: the annotation (`let t: Celsius = 20`) or an initializer call (`let u = Celsius(3)`).
    static func bindingTypes(in cellItem: CellItem, aliases: Aliases) -> [String: String] {
        let tokens = cellItem.tokens
        let keyword = CellItem.firstSignificantIndex(in: tokens)
        var types: [String: String] = [:]
        for range in CellItem.patternRanges(in: tokens, after: keyword) {
            guard range.count >= 3, tokens[range.lowerBound].kind == .identifier else { continue }
            let name = tokens[range.lowerBound].text
            let next = tokens[range.lowerBound + 1]
            if next.text == ":" {
                let start = range.lowerBound + 2
                let end = topLevelEquals(in: tokens, range: start..<range.upperBound) ?? range.upperBound
                let annotation = tokens[start..<end]
                guard !annotation.isEmpty,
                      annotation.contains(where: { $0.kind == .identifier && aliases.all.contains($0.text) }) else { continue }
                types[name] = text(of: annotation, in: cellItem.item.text)
            } else if next.text == "=" {
                types[name] = initializerCallType(tokens[(range.lowerBound + 2)..<range.upperBound],
                                                  in: cellItem.item.text, aliases: aliases)
            }
        }
        return types
    }

    /// The alias whose initializer an expression item calls as its whole (`Foo.X(0)`).
    static func expressionType(of cellItem: CellItem, aliases: Aliases) -> String? {
        initializerCallType(cellItem.tokens[...], in: cellItem.item.text, aliases: aliases)
    }

    /// The type aliases a cell can see.
    struct Aliases {
        /// Every alias name, nested ones included: enough to recognise `Foo.X`.
        var all: Set<String> = []
        /// The aliases declared at the top level: an unqualified `X(0)` calls the
        /// initializer of one of these (a nested alias of that name would be a function).
        var topLevel: Set<String> = []

        /// The aliases `input` declares and those of the earlier cells.
        init(visibleIn input: ParsedInput, after earlierCells: [GeneratedCell]) {
            all = Set(input.cellItems.flatMap { aliasNames(in: $0.tokens) } + earlierCells.flatMap(\.typeAliasNames))
            for cellItem in input.cellItems {
                if case let .declaration(name?, "typealias") = cellItem.kind { topLevel.insert(name) }
            }
            for cell in earlierCells {
                topLevel.formUnion(cell.declarations.filter { $0.keyword == "typealias" }.map(\.name))
            }
        }

        /// The given aliases.
        init(all: Set<String>, topLevel: Set<String>) {
            self.all = all
            self.topLevel = topLevel
        }
    }

    /// `Path(...)` or `Path.init(...)`, nothing before or after, whose last path component
    /// is an alias (`topLevel` for a path of one name): `Path`.
    private static func initializerCallType(_ tokens: ArraySlice<SwiftToken>, in text: String,
                                            aliases: Aliases) -> String? {
        var index = tokens.startIndex
        var path: [SwiftToken] = []
        while index < tokens.endIndex, tokens[index].kind == .identifier {
            path.append(tokens[index])
            index += 1
            guard index + 1 < tokens.endIndex, tokens[index].text == ".", tokens[index + 1].kind == .identifier else { break }
            index += 1
        }
        if index + 1 < tokens.endIndex, tokens[index].text == ".", tokens[index + 1].text == "init" { index += 2 }
        guard let last = path.last, index < tokens.endIndex, tokens[index].text == "(",
              CellItem.matchingClose(in: Array(tokens), from: index - tokens.startIndex) == tokens.count - 1,
              path.count == 1 ? aliases.topLevel.contains(last.text) : aliases.all.contains(last.text) else { return nil }
        return path.map(\.text).joined(separator: ".")
    }

    /// The index of the first `=` outside brackets in `range`.
    private static func topLevelEquals(in tokens: [SwiftToken], range: Range<Int>) -> Int? {
        var depth = 0
        for index in range {
            let token = tokens[index]
            if token.kind == .punctuation, "([{".contains(token.text) { depth += 1 }
            if token.kind == .punctuation, ")]}".contains(token.text) { depth -= 1 }
            if token.kind == .operator, token.text == "=", depth == 0 { return index }
        }
        return nil
    }

    /// The source text from the first token to the end of the last.
    private static func text(of tokens: ArraySlice<SwiftToken>, in source: String) -> String {
        let bytes = Array(source.utf8)
        let last = tokens.last!
        return String(decoding: bytes[tokens.first!.utf8Offset..<last.utf8Offset + last.text.utf8.count], as: UTF8.self)
    }
}
