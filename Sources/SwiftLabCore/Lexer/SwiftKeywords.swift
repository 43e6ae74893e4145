/// The words the lexer reports as ``SwiftToken/Kind/keyword``: Swift's reserved words
/// plus the contextual keywords and modifiers that begin declarations, so that a
/// highlighter and the evaluator's item classifier see them as such.
enum SwiftKeywords {
    static let all: Set<String> = [
        // Declarations
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "actor", "macro", "package",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws",
        "true", "try", "async", "some", "any", "_",
        // Declaration modifiers
        "mutating", "nonmutating", "override", "final", "lazy", "weak", "unowned",
        "convenience", "required", "dynamic", "indirect", "nonisolated", "isolated",
        "consuming", "borrowing",
    ]

    /// Keywords after which an expression starts, so a `/` there opens a regex literal.
    static let valueKeywords: Set<String> = ["self", "Self", "super", "true", "false", "nil"]
}
