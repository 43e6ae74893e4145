/// The static type of a shown value as the input spells it, where that keeps a type
/// alias's name: the runtime's type has no aliases (`Celsius` is `Double` to it), while
/// the compiler, and so the LLDB REPL, shows `t: Celsius = 20` and `$R0: Foo.X = 0`.
///
/// Taken from the source where the source says it: a binding's type annotation that names
/// an alias (`let t: [Celsius] = []`), a call of an alias's initializer (`Foo.X(0)`,
/// `Celsius.init(3)`), and a call of a top-level function whose declared return type
/// names an alias (`toCelsius(451)` after `func toCelsius(_ f: Double) -> Celsius`), each
/// as an expression or a binding's whole initializer (`try` and `await` before a call
/// allowed). Any other expression of an alias type (`[Celsius(1)]`, `t + 1`, a method
/// call) shows the type the alias stands for.
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
    static func bindingTypes(in cellItem: CellItem, scope: Scope) -> [String: String] {
        let tokens = cellItem.tokens
        let keyword = DeclarationPrefix.end(in: tokens)
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
                    annotation.contains(where: { $0.kind == .identifier && scope.aliases.contains($0.text) })
                else { continue }
                types[name] = text(of: annotation, in: cellItem.item.text)
            } else if next.text == "=" {
                types[name] = callType(
                    tokens[(range.lowerBound + 2)..<range.upperBound], in: cellItem.item.text, scope: scope)
            }
        }
        return types
    }

    /// The written type of an expression item that is one call (`Foo.X(0)`, `toCelsius(451)`).
    static func expressionType(of cellItem: CellItem, scope: Scope) -> String? {
        callType(cellItem.tokens[...], in: cellItem.item.text, scope: scope)
    }

    /// The declared return types of the top-level functions an item declares, as written,
    /// by name; a generic function's, one returning `some`/`any`, and one of overloads that
    /// differ in it are left out.
    static func functionReturnTypes(in cellItem: CellItem) -> [String: String] {
        guard case .declaration(let name?, "func") = cellItem.kind else { return [:] }
        let tokens = cellItem.tokens
        let keyword = DeclarationPrefix.end(in: tokens)
        guard keyword + 2 < tokens.count, tokens[keyword + 1].kind == .identifier, tokens[keyword + 2].text == "("
        else {
            return [:]
        }
        var index = BracketMatching.close(in: tokens, from: keyword + 2) + 1
        // `async`, `throws`, `throws(E)`, `rethrows` come before the arrow.
        while index < tokens.count, tokens[index].text != "->", tokens[index].text != "{" { index += 1 }
        guard index + 1 < tokens.count, tokens[index].text == "->" else { return [:] }
        let start = index + 1
        var end = start
        var depth = 0
        while end < tokens.count {
            let token = tokens[end]
            if token.kind == .punctuation, "([".contains(token.text) { depth += 1 }
            if token.kind == .punctuation, ")]".contains(token.text) { depth -= 1 }
            if depth == 0, token.text == "{" || (token.kind == .keyword && token.text == "where") { break }
            end += 1
        }
        guard end > start, !["some", "any"].contains(tokens[start].text) else { return [:] }
        return [name: text(of: tokens[start..<end], in: cellItem.item.text)]
    }

    /// What a cell knows about the types its source names.
    struct Scope {
        /// Every alias name, nested ones included: enough to recognise `Foo.X`.
        var aliases: Set<String> = []
        /// The aliases declared at the top level: an unqualified `X(0)` calls the
        /// initializer of one of these (a nested alias of that name would be a function).
        var topLevelAliases: Set<String> = []
        /// The written return types of the top-level functions a call can reach: those of
        /// the newest input that declares each name.
        var functionReturnTypes: [String: String] = [:]

        /// What `input` declares and what the earlier cells declared.
        init(visibleIn input: ParsedInput, after earlierCells: [GeneratedCell]) {
            aliases = Set(
                input.cellItems.flatMap { aliasNames(in: $0.tokens) } + earlierCells.flatMap(\.typeAliasNames))
            var declaredNames = Set<String>()
            for cellItem in input.cellItems {
                if case .declaration(let name?, let keyword) = cellItem.kind {
                    if keyword == "typealias" { topLevelAliases.insert(name) }
                    declaredNames.insert(name)
                }
            }
            functionReturnTypes = WrittenType.functionReturnTypes(in: input.cellItems)
            for cell in earlierCells.reversed() {
                topLevelAliases.formUnion(cell.declarations.filter { $0.keyword == "typealias" }.map(\.name))
                // A later declaration of a name replaces the earlier ones, whatever they are.
                for declaration in cell.declarations where declaredNames.insert(declaration.name).inserted {
                    functionReturnTypes[declaration.name] = cell.functionReturnTypes[declaration.name]
                }
            }
        }

        /// A scope of the given names.
        init(aliases: Set<String>, topLevelAliases: Set<String>, functionReturnTypes: [String: String] = [:]) {
            self.aliases = aliases
            self.topLevelAliases = topLevelAliases
            self.functionReturnTypes = functionReturnTypes
        }
    }

    /// The return types of the functions declared in `cellItems` (see ``functionReturnTypes(in:)``).
    static func functionReturnTypes(in cellItems: [CellItem]) -> [String: String] {
        var types: [String: String] = [:]
        var overloadsDiffer = Set<String>()
        for cellItem in cellItems {
            if case .declaration(let name?, "func") = cellItem.kind {
                let type = functionReturnTypes(in: cellItem)[name]
                if types[name] != nil, types[name] != type { overloadsDiffer.insert(name) }
                types[name] = types[name] ?? type
                if type == nil { overloadsDiffer.insert(name) }
            }
        }
        return types.filter { !overloadsDiffer.contains($0.key) }
    }

    /// The written type of one call, nothing before it but `try` or `await` and nothing
    /// after it: `Path(...)` or `Path.init(...)` whose last path component is an alias
    /// (`topLevelAliases` for a path of one name): `Path`; `f(...)` of a function whose
    /// return type names an alias: that type.
    private static func callType(_ allTokens: ArraySlice<SwiftToken>, in text: String, scope: Scope) -> String? {
        var tokens = allTokens
        while let first = tokens.first, first.kind == .keyword, first.text == "await" || first.text == "try" {
            tokens = tokens.dropFirst()
            // `try?` and `try!` change the type.
            if first.text == "try", let next = tokens.first, next.kind == .operator,
                next.utf8Offset == first.utf8Offset + 3
            {
                return nil
            }
        }
        var index = tokens.startIndex
        var path: [SwiftToken] = []
        while index < tokens.endIndex, tokens[index].kind == .identifier {
            path.append(tokens[index])
            index += 1
            guard index + 1 < tokens.endIndex, tokens[index].text == ".", tokens[index + 1].kind == .identifier else {
                break
            }
            index += 1
        }
        // A generic alias's arguments, written against its name: `Pair<Int>(1, 2)`.
        var genericArguments = ""
        if let last = path.last, index < tokens.endIndex, tokens[index].text.hasPrefix("<"),
            tokens[index].utf8Offset == last.utf8Offset + last.text.utf8.count,
            let (arguments, end) = Self.genericArguments(in: tokens, from: index)
        {
            genericArguments = arguments
            index = end
        }
        var callsInit = false
        if index + 1 < tokens.endIndex, tokens[index].text == ".", tokens[index + 1].text == "init" {
            index += 2
            callsInit = true
        }
        guard let last = path.last, index < tokens.endIndex, tokens[index].text == "(",
            BracketMatching.close(in: Array(tokens), from: index - tokens.startIndex) == tokens.count - 1
        else { return nil }
        if path.count == 1 ? scope.topLevelAliases.contains(last.text) : scope.aliases.contains(last.text) {
            return path.map(\.text).joined(separator: ".") + genericArguments
        }
        guard path.count == 1, !callsInit, genericArguments.isEmpty,
            let returnType = scope.functionReturnTypes[last.text],
            SwiftLexer.tokenize(returnType).contains(where: {
                $0.kind == .identifier && scope.aliases.contains($0.text)
            })
        else { return nil }
        return returnType
    }

    /// The text of the generic argument clause starting at `start` (`<String, [Int]>`, the
    /// lexer may join `>>` or `>(`-free runs of angle brackets into one operator) and the
    /// index after it; nil when the brackets do not close.
    private static func genericArguments(in tokens: ArraySlice<SwiftToken>, from start: Int) -> (String, Int)? {
        var depth = 0
        var text = ""
        var previous: SwiftToken?
        for index in start..<tokens.endIndex {
            let token = tokens[index]
            if token.kind == .operator {
                guard token.text.allSatisfy({ "<>?!&".contains($0) }) else { return nil }
                for character in token.text {
                    if character == "<" { depth += 1 } else if character == ">" { depth -= 1 }
                }
            }
            let isWord = token.kind == .identifier || token.kind == .keyword
            if isWord, let previous, previous.kind == .identifier || previous.kind == .keyword {
                text += " "  // `any P`
            }
            text += token.text
            previous = token
            if depth == 0 { return (text, index + 1) }
            if depth < 0 { return nil }
        }
        return nil
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
