/// Which earlier cells a new cell imports at all: those that declare a name the input
/// mentions, so that an input's cost does not grow with the number of earlier inputs
/// (importing every earlier declaring cell made the 500th input of a session about three
/// times slower than the first, see BENCHMARKS.md).
///
/// The selection may leave out a cell the input needs in a way no name shows (a
/// `callAsFunction` of an earlier type, a conformance used through a generic); the
/// compiler then refuses the cell, and ``CellBuilder`` compiles it again with every
/// earlier cell imported, so the learner always gets the answer of the whole program.
/// What the selection must never do is let an input compile to something else than it
/// would with every cell imported. Names are matched whole, so every declaration of a
/// name the input uses is imported (its overloads and redeclarations included); the one
/// way left to change a program's meaning without naming anything is a conformance
/// (overload resolution and `is`/`as?` checks depend on which conformances are visible),
/// so a cell whose extension states a conformance is always imported.
enum NarrowImports {
    /// Keywords after which a declared name follows, at any depth of a declaration:
    /// members of types and enum cases are reached through values without naming the
    /// cell's top-level names (`point.x`, `.red`), but need `@testable` access to its module.
    private static let declaringKeywords: Set<String> = [
        "func", "var", "let", "struct", "class", "enum", "actor", "protocol", "typealias",
        "associatedtype", "case", "operator", "precedencegroup", "macro",
    ]

    /// The names by which a later input reaches what `items` declare: their top-level
    /// names, the names of members and cases declared inside them, and operators.
    static func reachableNames(declaredBy items: [CellItem]) -> Set<String> {
        var names = Set<String>()
        for item in items {
            switch item.kind {
            case .declaration, .binding: break
            default: continue
            }
            if case .binding(let bound, _) = item.kind { names.formUnion(bound) }
            let tokens = item.tokens
            for (index, token) in tokens.enumerated() where token.kind == .keyword {
                guard declaringKeywords.contains(token.text) else { continue }
                var next = index + 1
                // `case a, b(Int), c`: every name of the list.
                while next < tokens.count {
                    let candidate = tokens[next]
                    guard candidate.kind == .identifier || candidate.kind == .operator else { break }
                    names.insert(plainName(candidate.text))
                    guard token.text == "case" else { break }
                    var after = next + 1
                    if after < tokens.count, tokens[after].text == "(" {
                        after = BracketMatching.close(in: tokens, from: after) + 1
                    }
                    if after < tokens.count, tokens[after].kind == .operator, tokens[after].text == "=" {
                        after += 2  // a raw value
                    }
                    guard after < tokens.count, tokens[after].text == "," else { break }
                    next = after + 1
                }
            }
        }
        return names
    }

    /// The names `items` mention: identifiers (without backquotes), operators, and the
    /// identifiers inside string interpolations.
    static func mentionedNames(in items: [CellItem]) -> Set<String> {
        var names = Set<String>()
        for item in items { collect(item.tokens, into: &names) }
        return names
    }

    private static func collect(_ tokens: [SwiftToken], into names: inout Set<String>) {
        for token in tokens {
            switch token.kind {
            case .identifier, .operator:
                names.insert(plainName(token.text))
            case .stringLiteral where token.text.contains("\\"):
                for code in interpolations(in: token.text) {
                    collect(SwiftLexer.tokenize(code), into: &names)
                }
            default:
                continue
            }
        }
    }

    /// The code inside each `\( ... )` (or `\#( ... )` in a raw string) of a string
    /// literal; nested parentheses and strings are kept whole, to be lexed again.
    static func interpolations(in literal: String) -> [String] {
        let characters = Array(literal)
        var found: [String] = []
        var index = 0
        while index < characters.count {
            guard characters[index] == "\\" else {
                index += 1
                continue
            }
            var open = index + 1
            while open < characters.count, characters[open] == "#" { open += 1 }
            guard open < characters.count, characters[open] == "(" else {
                index += 2
                continue
            }
            var depth = 0
            var end = open
            while end < characters.count {
                if characters[end] == "(" { depth += 1 }
                if characters[end] == ")" {
                    depth -= 1
                    if depth == 0 { break }
                }
                end += 1
            }
            found.append(String(characters[(open + 1)..<min(end, characters.count)]))
            index = end + 1
        }
        return found
    }

    /// The module names of the cells in `earlier` that a cell for `items` imports: those
    /// that declare something and either declare a name the items mention or state a
    /// conformance.
    static func modules(importedFrom earlier: [GeneratedCell], by items: [CellItem]) -> Set<String> {
        let mentioned = mentionedNames(in: items)
        var modules = Set<String>()
        for cell in earlier where cell.exportsDeclarations {
            if cell.extensions.contains(where: \.statesConformances) || !cell.reachableNames.isDisjoint(with: mentioned)
            {
                modules.insert(cell.moduleName)
            }
        }
        return modules
    }

    /// `` `class` `` -> `class`.
    private static func plainName(_ text: String) -> String {
        text.count > 2 && text.hasPrefix("`") && text.hasSuffix("`") ? String(text.dropFirst().dropLast()) : text
    }
}
