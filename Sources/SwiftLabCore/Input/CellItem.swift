/// One top-level item of an input, classified the way the cell generator needs it.
struct CellItem: Equatable {
    /// What kind of item it is.
    enum Kind: Equatable {
        /// `import Module` (also `@testable import`, scoped imports).
        case importDeclaration(module: String)
        /// A type, function, extension, operator ...: stays at file scope.
        /// `name` is `nil` for extensions; `keyword` is the declaring keyword (`struct`, `func` ...).
        case declaration(name: String?, keyword: String)
        /// `let` / `var`: becomes a global of the cell; `names` are the names it binds.
        case binding(names: [String], keyword: String)
        /// A statement (`for`, `if`, an assignment ...): runs as written.
        case statement
        /// An expression whose value the REPL shows.
        case expression
    }

    /// The item as the lexer split it.
    var item: TopLevelItem
    /// Its classification.
    var kind: Kind
    /// Its tokens, positioned relative to the item (line 1 is the item's first line),
    /// without comments.
    var tokens: [SwiftToken]

    /// Keywords that begin a declaration that stays at file scope.
    static let declarationKeywords: Set<String> = [
        "func", "struct", "class", "enum", "protocol", "extension", "typealias", "actor",
        "precedencegroup", "operator", "macro",
    ]
    /// Contextual keywords that may also name a variable or function (`var any = 1`,
    /// `func open()`), which the lexer reports as keywords.
    static let contextualNames: Set<String> = [
        "any", "some", "open", "package", "async", "actor", "macro", "mutating", "nonmutating", "override",
        "final", "lazy", "weak", "unowned", "convenience", "required", "dynamic", "indirect", "nonisolated",
        "isolated", "consuming", "borrowing",
    ]

    /// Whether `token` can be a declared name: an identifier, or a contextual keyword.
    static func isName(_ token: SwiftToken) -> Bool {
        token.kind == .identifier || (token.kind == .keyword && contextualNames.contains(token.text))
    }

    /// Keywords that begin a statement.
    static let statementKeywords: Set<String> = [
        "if", "guard", "for", "while", "repeat", "switch", "do", "defer", "return", "break",
        "continue", "throw", "fallthrough",
    ]
    /// Operators that assign: an item using one at its top level is a statement.
    static let assignmentOperators: Set<String> = [
        "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&+=", "&-=", "&*=",
        "&<<=", "&>>=",
    ]

    /// Classifies an item.
    init(_ item: TopLevelItem) {
        self.item = item
        tokens = SwiftLexer.tokenize(item.text).filter { $0.kind != .lineComment && $0.kind != .blockComment }
        kind = Self.classify(tokens)
    }

    private static func classify(_ tokens: [SwiftToken]) -> Kind {
        let start = DeclarationPrefix.end(in: tokens)
        guard start < tokens.count else { return .statement }
        let first = tokens[start]
        if first.kind == .keyword, first.text == "import" {
            // `import Foundation`, `import struct Foundation.Date`, `import Foundation.NSString`
            // `import Foundation`, `import struct Foundation.Date`: the first name is the module.
            let module = tokens[(start + 1)...].first { $0.kind == .identifier }
            return .importDeclaration(module: module?.text ?? "")
        }
        if first.kind == .keyword, declarationKeywords.contains(first.text) {
            var name: String?
            if first.text != "extension", start + 1 < tokens.count {
                let next = tokens[start + 1]
                if isName(next) || next.kind == .operator { name = next.text }
            }
            return .declaration(name: name, keyword: first.text)
        }
        if first.kind == .keyword, first.text == "let" || first.text == "var" {
            let names = boundNames(in: tokens, after: start)
            return names.isEmpty ? .statement : .binding(names: names, keyword: first.text)
        }
        if first.kind == .poundKeyword || (first.kind == .keyword && statementKeywords.contains(first.text)) {
            return .statement
        }
        if hasTopLevelAssignment(tokens) { return .statement }
        return .expression
    }

    /// Whether an assignment operator appears outside brackets.
    static func hasTopLevelAssignment(_ tokens: [SwiftToken]) -> Bool {
        var depth = 0
        for token in tokens {
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}": depth -= 1
                default: break
                }
            } else if depth == 0, token.kind == .operator, assignmentOperators.contains(token.text) {
                return true
            }
        }
        return false
    }

    /// The names a `let`/`var` item binds: `x` in `let x = 1`, `a`, `b` in
    /// `let (a, b) = t` and in `var a = 1, b = 2`. `_` binds nothing.
    static func boundNames(in tokens: [SwiftToken], after keyword: Int) -> [String] {
        var names: [String] = []
        for range in patternRanges(in: tokens, after: keyword) {
            let first = tokens[range.lowerBound]
            if isName(first), first.text != "_" {
                names.append(first.text)
            } else if first.text == "(" {
                let close = BracketMatching.close(in: tokens, from: range.lowerBound)
                var previous: SwiftToken?
                for token in tokens[(range.lowerBound + 1)..<close] {
                    if isName(token), token.text != "_", previous?.text != ":" {
                        names.append(token.text)
                    }
                    previous = token
                }
            }
        }
        return names
    }

    /// The token ranges of the comma-separated patterns after `let`/`var` (each up to,
    /// not including, its initializer): a part after a top-level comma counts as a new
    /// pattern only when it looks like one (`name =`, `name:`, `(`...`) =`), so that
    /// `Dictionary<String, Int>()` is not split.
    static func patternRanges(in tokens: [SwiftToken], after keyword: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = keyword + 1
        var depth = 0
        var index = keyword + 1
        func looksLikePattern(at position: Int) -> Bool {
            guard position < tokens.count else { return false }
            let token = tokens[position]
            if isName(token), position + 1 < tokens.count {
                let next = tokens[position + 1]
                return next.text == "=" || next.text == ":"
            }
            if isName(token) { return true }
            if token.text == "(" {
                let close = BracketMatching.close(in: tokens, from: position)
                return close + 1 < tokens.count && (tokens[close + 1].text == "=" || tokens[close + 1].text == ":")
            }
            return false
        }
        guard looksLikePattern(at: start) else { return [] }
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}": depth -= 1
                case "," where depth == 0 && looksLikePattern(at: index + 1):
                    ranges.append(start..<index)
                    start = index + 1
                default: break
                }
            }
            index += 1
        }
        ranges.append(start..<tokens.count)
        return ranges
    }
}
