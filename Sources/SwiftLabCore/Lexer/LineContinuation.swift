/// Decides, line by line, whether an input whose brackets, strings and comments are all
/// closed still waits for more lines, as a Swift file would read on: a declaration whose
/// body has not started (`class C`, `func f<T>(_ x: T)` with its `where` clause or `{`
/// on the next line), generic parameters or a value continued on the next line (a line
/// ending with `,`, `:`, `.` or a binary operator such as `=`), an attribute alone on its
/// line (`@inline(never)`), and an open `#if` ... `#endif` block.
///
/// Feed it the lines that end outside any bracket (``waits(after:)``); a line that leaves
/// a bracket open starts a body (``bracketsOpened()``).
struct LineContinuation {
    private static let typeIntroducers: Set<String> = ["class", "struct", "enum", "protocol", "extension", "actor"]
    private static let functionIntroducers: Set<String> = ["func", "init", "subscript"]
    /// What may start a line that continues a declaration's header.
    private static let headerContinuations: Set<String> = [
        "where", "->", "throws", "rethrows", "async", ":", ",", "&",
    ]

    /// Open `#if` blocks.
    private var conditionalDepth = 0
    /// A declaration's header was read and its `{` has not come yet.
    private var headerAwaitsBody = false
    /// The last line ended with something that needs a right-hand side.
    private var lastLineContinues = false

    /// A line left a bracket open: a declaration's body (if one was awaited) has started.
    mutating func bracketsOpened() {
        headerAwaitsBody = false
        lastLineContinues = false
    }

    /// Reads `line`, which ends outside any bracket, and says whether the input still
    /// waits for another line.
    mutating func waits(after line: String) -> Bool {
        var tokens = SwiftLexer.tokenize(line).filter { $0.kind != .lineComment && $0.kind != .blockComment }
        for token in tokens where token.kind == .poundKeyword {
            if token.text == "#if" { conditionalDepth += 1 }
            if token.text == "#endif" { conditionalDepth = max(0, conditionalDepth - 1) }
        }
        let continuedLine = lastLineContinues
        lastLineContinues = endsNeedingMore(tokens, in: line)
        if let lastSemicolon = tokens.lastIndex(where: { $0.kind == .punctuation && $0.text == ";" }) {
            tokens.removeSubrange(...lastSemicolon)
        }
        let hasBraces = tokens.contains { $0.kind == .punctuation && ($0.text == "{" || $0.text == "}") }
        let start = DeclarationPrefix.end(in: tokens)
        var attributesOnly = false
        if hasBraces {
            headerAwaitsBody = false
        } else if Self.isHeader(tokens, at: start) {
            headerAwaitsBody = true
        } else if start == tokens.count, tokens.contains(where: { $0.kind == .attribute }) {
            attributesOnly = true
        } else if headerAwaitsBody, !continuedLine,
            !(tokens.first.map { Self.headerContinuations.contains($0.text) } ?? true)
        {
            // The header ended on the line before without its body; this line is
            // something else, and the compiler says what is missing.
            headerAwaitsBody = false
        }
        return conditionalDepth > 0 || headerAwaitsBody || attributesOnly || lastLineContinues
    }

    /// Whether `tokens[start...]` begins a type or function declaration (`class C`,
    /// `func f`); `class func` and the like are members, not a type.
    private static func isHeader(_ tokens: [SwiftToken], at start: Int) -> Bool {
        guard start < tokens.count, tokens[start].kind == .keyword else { return false }
        let keyword = tokens[start].text
        if functionIntroducers.contains(keyword) { return true }
        guard start + 1 < tokens.count, typeIntroducers.contains(keyword) else { return false }
        return tokens[start + 1].kind == .identifier
    }

    /// Whether the line ends with `,`, `.`, `:` or a binary operator (blanks before it):
    /// `var x =`, `let total = a +`, `func f<T,`.
    private func endsNeedingMore(_ tokens: [SwiftToken], in line: String) -> Bool {
        guard let last = tokens.last else { return false }
        switch last.kind {
        case .punctuation:
            return [",", ".", ":"].contains(last.text)
        case .operator:
            let utf8 = Array(line.utf8)
            guard last.utf8Offset > 0 else { return false }
            let before = utf8[last.utf8Offset - 1]
            return before == UInt8(ascii: " ") || before == UInt8(ascii: "\t")
        default:
            return false
        }
    }
}
