/// The code of an input that can be compiled as the body of a function in a file the warm
/// compiler keeps (``BodyGeneration``) instead of a module of its own: an input that
/// declares nothing, not even a local name, so that only a function body changes between
/// two compiles and the compiler can reuse its instance (about 5-25 ms instead of 60).
///
/// The toolchain's reuse of a compiler instance (sourcekitd's `source.request.compile`
/// with the same file and arguments) is only right for such bodies; measured in
/// `Benchmarks/Sources/WarmCompilerPrototype` (BENCHMARKS.md, the warm-compiler section):
/// a name declared in a re-parsed body is not found (`cannot find 'a' in scope`), or worse
/// an outer name of the same spelling is used instead, and code that needs the source
/// location of the body (`!`, `precondition`, `#line` defaults) crashes the compiler. So
/// an input qualifies only when its tokens cannot declare a name or need a location.
struct BodyOnlyCode: Equatable {
    /// The cell's import lines (the generation's file starts with them).
    var imports: [String]
    /// The statements of the cell's body function, `#sourceLocation` lines included.
    var statements: [String]

    /// Keywords that declare nothing and need no source location (`init` as in
    /// `.map(String.init)`, `lazy` as in `xs.lazy`: declaring with them takes `var` or a
    /// declaration of its own).
    private static let allowedKeywords: Set<String> = [
        "try", "true", "false", "nil", "as", "is", "self", "Self", "init", "lazy",
    ]
    /// Functions whose `#file`/`#line` default arguments crash the reused compiler.
    private static let locationTakingFunctions: Set<String> = [
        "fatalError", "precondition", "preconditionFailure", "assert", "assertionFailure", "assertNoFailure",
    ]

    /// Whether `tokens` (an input's, or an interpolation's) can be a reused body.
    static func qualifies(_ tokens: [SwiftToken]) -> Bool {
        tokens.allSatisfy { token in
            switch token.kind {
            case .keyword: return allowedKeywords.contains(token.text)
            case .identifier:
                return !token.text.hasPrefix("$R") && !locationTakingFunctions.contains(token.text)
            case .operator: return !token.text.hasSuffix("!")
            case .stringLiteral:
                // An interpolation is code: `"\(xs.map { a in a })"` declares `a`.
                guard token.text.contains("\\(") else { return true }
                return qualifies(SwiftLexer.tokenize(String(token.text.dropFirst().dropLast())))
            case .integerLiteral, .floatLiteral, .regexLiteral, .punctuation, .lineComment, .blockComment:
                return true
            case .singleQuotedText, .attribute, .poundKeyword, .unknown:
                return false
            }
        }
    }
}
