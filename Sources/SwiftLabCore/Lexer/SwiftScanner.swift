/// A token as the scanner finds it: a kind and a range of scalar indices.
struct ScannedToken {
    var kind: SwiftToken.Kind
    var start: Int
    var end: Int
}

/// The single pass over a source that ``SwiftLexer`` builds on: the tokens at the top
/// level, and what is still open where the source ends.
///
/// It works on Unicode scalars, as Swift's own lexer works on code points, so that a
/// quote followed by a combining mark is still a quote.
struct SwiftScanner {
    let scalars: [Unicode.Scalar]
    private(set) var tokens: [ScannedToken] = []
    /// Brackets, braces and parentheses opened at the top level and not yet closed.
    private(set) var openBrackets: [Unicode.Scalar] = []
    /// A multi-line string, block comment or multi-line regex runs to the end.
    private(set) var endsInsideMultilineConstruct = false
    private var i = 0

    /// Scans `source`; `openBrackets` are brackets left open by text before it (see
    /// ``LineByLineCompleteness``).
    init(_ source: String, openBrackets: [Unicode.Scalar] = []) {
        scalars = Array(source.unicodeScalars)
        self.openBrackets = openBrackets
        while i < scalars.count {
            let c = scalars[i]
            if c.isSwiftBlank || c.isSwiftNewline {
                i += 1
                continue
            }
            let start = i
            let kind = scanToken(after: tokens.last)
            let token = ScannedToken(kind: kind, start: start, end: i)
            if kind == .punctuation { BracketStack.apply(scalars[start], to: &self.openBrackets) }
            tokens.append(token)
        }
    }

    func text(of token: ScannedToken) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[token.start..<token.end])
        return String(view)
    }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        let j = i + offset
        return j < scalars.count ? scalars[j] : nil
    }

    /// Whether `count` `#` signs start at index `j`.
    private func hashes(_ count: Int, at j: Int) -> Bool {
        guard j + count <= scalars.count else { return false }
        return scalars[j..<(j + count)].allSatisfy { $0 == "#" }
    }

    // MARK: Tokens

    /// Scans one token starting at `i` (which is not blank) and returns its kind.
    private mutating func scanToken(after previous: ScannedToken?) -> SwiftToken.Kind {
        let c = scalars[i]
        switch c {
        case "/" where peek(1) == "/":
            while i < scalars.count, !scalars[i].isSwiftNewline { i += 1 }
            return .lineComment
        case "/" where peek(1) == "*":
            return scanBlockComment()
        case "/" where regexMayStart(after: previous):
            if let end = bareRegexEnd() {
                i = end
                return .regexLiteral
            }
            return scanOperator()
        case "\"":
            return scanString(hashCount: 0)
        case "#":
            var count = 0
            while peek(count) == "#" { count += 1 }
            if peek(count) == "\"" { return scanString(hashCount: count) }
            if peek(count) == "/" { return scanExtendedRegex(hashCount: count) }
            if count == 1, let next = peek(1), next.isIdentifierHead {
                i += 1
                scanIdentifierBody()
                return .poundKeyword
            }
            i += 1
            return .unknown
        case "@":
            if let next = peek(1), next.isIdentifierHead {
                i += 1
                scanIdentifierBody()
                return .attribute
            }
            i += 1
            return .unknown
        case "'":
            return scanSingleQuoted()
        case "`":
            return scanBackquotedIdentifier()
        case "$":
            i += 1
            while i < scalars.count, scalars[i].isIdentifierContinuation { i += 1 }
            return .identifier
        case "(", ")", "[", "]", "{", "}", ",", ";", ":", "\\":
            i += 1
            return .punctuation
        case ".":
            if let next = peek(1), next == "." || next.isOperatorHead, next != "/" || peek(2) != "/" {
                return scanOperator()
            }
            i += 1
            return .punctuation
        default:
            if c.isDecimalDigit { return scanNumber() }
            if c.isIdentifierHead {
                let start = i
                scanIdentifierBody()
                var word = String.UnicodeScalarView()
                word.append(contentsOf: scalars[start..<i])
                return SwiftKeywords.all.contains(String(word)) ? .keyword : .identifier
            }
            if c.isOperatorHead { return scanOperator() }
            i += 1
            return .unknown
        }
    }

    private mutating func scanIdentifierBody() {
        i += 1
        while i < scalars.count, scalars[i].isIdentifierContinuation { i += 1 }
    }

    private mutating func scanBackquotedIdentifier() -> SwiftToken.Kind {
        var j = i + 1
        while j < scalars.count, scalars[j] != "`", !scalars[j].isSwiftNewline { j += 1 }
        guard j < scalars.count, scalars[j] == "`", j > i + 1 else {
            i += 1
            return .unknown
        }
        i = j + 1
        return .identifier
    }

    /// Operators are maximal runs of operator characters; a run that starts with `.`
    /// may contain dots, others may not. `//` and `/*` always start a comment.
    private mutating func scanOperator() -> SwiftToken.Kind {
        let dotOperator = scalars[i] == "."
        i += 1
        while i < scalars.count {
            let c = scalars[i]
            if c == "/", let next = peek(1), next == "/" || next == "*" { break }
            if c.isOperatorContinuation || (dotOperator && c == ".") { i += 1 } else { break }
        }
        return .operator
    }

    private mutating func scanNumber() -> SwiftToken.Kind {
        var isFloat = false
        if scalars[i] == "0", let base = peek(1), base == "x" || base == "o" || base == "b" {
            i += 2
            let isDigit: (Unicode.Scalar) -> Bool =
                base == "x"
                ? { $0.isHexDigit || $0 == "_" }
                : { $0.isDecimalDigit || $0 == "_" }
            while i < scalars.count, isDigit(scalars[i]) { i += 1 }
            if base == "x" {
                if scalars.indices.contains(i + 1), scalars[i] == ".", scalars[i + 1].isHexDigit {
                    isFloat = true
                    i += 1
                    while i < scalars.count, isDigit(scalars[i]) { i += 1 }
                }
                if i < scalars.count, scalars[i] == "p" || scalars[i] == "P" {
                    isFloat = true
                    scanExponent()
                }
            }
        } else {
            while i < scalars.count, scalars[i].isDecimalDigit || scalars[i] == "_" { i += 1 }
            if scalars.indices.contains(i + 1), scalars[i] == ".", scalars[i + 1].isDecimalDigit {
                isFloat = true
                i += 1
                while i < scalars.count, scalars[i].isDecimalDigit || scalars[i] == "_" { i += 1 }
            }
            if i < scalars.count, scalars[i] == "e" || scalars[i] == "E" {
                var j = i + 1
                if j < scalars.count, scalars[j] == "+" || scalars[j] == "-" { j += 1 }
                if j < scalars.count, scalars[j].isDecimalDigit {
                    isFloat = true
                    scanExponent()
                }
            }
        }
        // A malformed literal such as `12abc` stays one token; the compiler names the problem.
        while i < scalars.count, scalars[i].isIdentifierContinuation { i += 1 }
        return isFloat ? .floatLiteral : .integerLiteral
    }

    private mutating func scanExponent() {
        i += 1
        if i < scalars.count, scalars[i] == "+" || scalars[i] == "-" { i += 1 }
        while i < scalars.count, scalars[i].isDecimalDigit || scalars[i] == "_" { i += 1 }
    }

    private mutating func scanBlockComment() -> SwiftToken.Kind {
        i += 2
        var depth = 1
        while i < scalars.count {
            if scalars[i] == "/", peek(1) == "*" {
                depth += 1
                i += 2
            } else if scalars[i] == "*", peek(1) == "/" {
                depth -= 1
                i += 2
                if depth == 0 { return .blockComment }
            } else {
                i += 1
            }
        }
        endsInsideMultilineConstruct = true
        return .blockComment
    }

    /// Swift's Unicode-aware lexer has no character literals; `'a'` is scanned to its
    /// closing quote on the same line so that one stray quote cannot swallow the input.
    private mutating func scanSingleQuoted() -> SwiftToken.Kind {
        i += 1
        while i < scalars.count, !scalars[i].isSwiftNewline {
            if scalars[i] == "\\", let next = peek(1), !next.isSwiftNewline {
                i += 2
                continue
            }
            i += 1
            if scalars[i - 1] == "'" { break }
        }
        return .singleQuotedText
    }

    // MARK: Strings

    /// Scans `"..."`, `"""..."""` and their raw forms with `hashCount` `#` signs;
    /// `i` is at the first `#` or the opening quote.
    private mutating func scanString(hashCount: Int) -> SwiftToken.Kind {
        i += hashCount
        let multiline = peek(1) == "\"" && peek(2) == "\""
        i += multiline ? 3 : 1
        scanStringBody(hashCount: hashCount, multiline: multiline)
        return .stringLiteral
    }

    private mutating func scanStringBody(hashCount: Int, multiline: Bool) {
        while i < scalars.count {
            let c = scalars[i]
            if c.isSwiftNewline && !multiline { return }  // unterminated: the compiler says so
            if c == "\\", hashes(hashCount, at: i + 1) {
                let escaped = i + 1 + hashCount
                if escaped < scalars.count, scalars[escaped] == "(" {
                    i = escaped + 1
                    scanInterpolation(multiline: multiline)
                } else if escaped < scalars.count, !(scalars[escaped].isSwiftNewline && !multiline) {
                    i = escaped + 1
                } else {
                    i = escaped
                }
                continue
            }
            if c == "\"" {
                if multiline {
                    if peek(1) == "\"", peek(2) == "\"", hashes(hashCount, at: i + 3) {
                        i += 3 + hashCount
                        return
                    }
                } else if hashes(hashCount, at: i + 1) {
                    i += 1 + hashCount
                    return
                }
            }
            i += 1
        }
        if multiline { endsInsideMultilineConstruct = true }
    }

    /// Scans the expression of `\( ... )` up to and including its closing parenthesis.
    /// It may contain strings, comments and parentheses of its own; in a single-line
    /// string it ends at a line break, as in Swift.
    private mutating func scanInterpolation(multiline: Bool) {
        var depth = 0
        var previous: ScannedToken?
        while i < scalars.count {
            let c = scalars[i]
            if c.isSwiftNewline {
                if !multiline { return }
                i += 1
                continue
            }
            if c.isSwiftBlank {
                i += 1
                continue
            }
            let start = i
            if c == ")" && depth == 0 {
                i += 1
                return
            }
            if c == "(" { depth += 1 }
            if c == ")" { depth -= 1 }
            let kind = scanToken(after: previous)
            previous = ScannedToken(kind: kind, start: start, end: i)
        }
        if multiline { endsInsideMultilineConstruct = true }
    }

    // MARK: Regular expressions

    /// A bare `/` starts a regex literal only where an expression may start, when it is
    /// not followed by a blank, and when the literal closes on the same line.
    private func regexMayStart(after previous: ScannedToken?) -> Bool {
        guard let next = peek(1), !next.isSwiftBlank, !next.isSwiftNewline else { return false }
        guard let previous else { return true }
        switch previous.kind {
        case .operator:
            return true
        case .punctuation:
            return ["(", "[", "{", ",", ":", ";"].contains(scalars[previous.start])
        case .keyword:
            return !SwiftKeywords.valueKeywords.contains(text(of: previous))
        default:
            return false
        }
    }

    private func bareRegexEnd() -> Int? {
        var j = i + 1
        while j < scalars.count, !scalars[j].isSwiftNewline {
            if scalars[j] == "\\", j + 1 < scalars.count, !scalars[j + 1].isSwiftNewline {
                j += 2
                continue
            }
            if scalars[j] == "/" { return j + 1 }
            j += 1
        }
        return nil
    }

    /// `#/.../#`, which may span lines when the opening delimiter ends its line.
    private mutating func scanExtendedRegex(hashCount: Int) -> SwiftToken.Kind {
        i += hashCount + 1
        // At the end of the input too: in the REPL, the line break is yet to come.
        let multiline = i == scalars.count || scalars[i].isSwiftNewline
        while i < scalars.count {
            let c = scalars[i]
            if c.isSwiftNewline && !multiline { return .regexLiteral }
            if c == "\\", let next = peek(1), multiline || !next.isSwiftNewline {
                i += 2
                continue
            }
            if c == "/", hashes(hashCount, at: i + 1) {
                i += 1 + hashCount
                return .regexLiteral
            }
            i += 1
        }
        i = scalars.count
        if multiline { endsInsideMultilineConstruct = true }
        return .regexLiteral
    }
}

/// Keeps the stack of open brackets: an opener is pushed; a closer pops back to its
/// opener, and a closer with no opener is ignored (the compiler reports it).
enum BracketStack {
    static func apply(_ punctuation: Unicode.Scalar, to stack: inout [Unicode.Scalar]) {
        let opener: Unicode.Scalar
        switch punctuation {
        case "(", "[", "{":
            stack.append(punctuation)
            return
        case ")": opener = "("
        case "]": opener = "["
        case "}": opener = "{"
        default: return
        }
        if let index = stack.lastIndex(of: opener) { stack.removeSubrange(index...) }
    }
}
