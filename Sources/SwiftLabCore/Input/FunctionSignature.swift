/// What tells one overload of a top-level function from another: its generic
/// parameters, argument labels and parameter types, and `prefix`/`postfix` for an
/// operator; not its return type, so `func g() -> Int` entered after
/// `func g() -> String` replaces it, while `func f(_ x: String)` entered after
/// `func f(_ x: Int)` is another overload, as in the LLDB REPL.
enum FunctionSignature {
    /// The signature of the `func` that `tokens` (an item's, without comments) declare,
    /// spelled without blanks: `_:Int`, `<T>x:T,y:[T]`; `nil` when they declare no function.
    static func of(_ tokens: [SwiftToken]) -> String? {
        let start = DeclarationPrefix.end(in: tokens)
        guard start + 1 < tokens.count, tokens[start].kind == .keyword, tokens[start].text == "func",
            let open = tokens[(start + 2)...].firstIndex(where: { $0.kind == .punctuation && $0.text == "(" })
        else { return nil }
        let fixity = tokens[..<start].first { ["prefix", "postfix"].contains($0.text) }.map { $0.text + " " } ?? ""
        let generics = tokens[(start + 2)..<open].map(\.text).joined()
        let close = BracketMatching.close(in: tokens, from: open)
        var parameters: [String] = []
        var current: [SwiftToken] = []
        var depth = 0
        for token in tokens[(open + 1)..<close] {
            depth += nesting(of: token)
            if depth == 0, token.kind == .punctuation, token.text == "," {
                parameters.append(parameter(current))
                current = []
            } else {
                current.append(token)
            }
        }
        if !current.isEmpty { parameters.append(parameter(current)) }
        return fixity + generics + parameters.joined(separator: ",")
    }

    /// `label:Type` for one parameter's tokens (`_ x: Int = 0` is `_:Int`).
    private static func parameter(_ tokens: [SwiftToken]) -> String {
        guard let colon = tokens.firstIndex(where: { $0.kind == .punctuation && $0.text == ":" }) else {
            return tokens.map(\.text).joined()
        }
        var type: [String] = []
        var depth = 0
        for token in tokens[(colon + 1)...] {
            depth += nesting(of: token)
            if depth == 0, token.kind == .operator, token.text == "=" { break }
            type.append(token.text)
        }
        return (tokens.first?.text ?? "") + ":" + type.joined()
    }

    /// How far `token` opens (positive) or closes (negative) brackets, generic angle
    /// brackets included (`Dictionary<String, Int>`), not an arrow's `>`.
    private static func nesting(of token: SwiftToken) -> Int {
        switch token.kind {
        case .punctuation:
            if "([{".contains(token.text) { return 1 }
            if ")]}".contains(token.text) { return -1 }
            return 0
        case .operator where token.text != "->":
            return token.text.reduce(0) { $0 + ($1 == "<" ? 1 : $1 == ">" ? -1 : 0) }
        default:
            return 0
        }
    }
}
