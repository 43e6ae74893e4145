/// Finds where the top-level items of a scanned source begin and end (scalar ranges);
/// the rules are documented on ``SwiftLexer/topLevelItems(in:)``.
struct TopLevelSplitter {
    private let scanner: SwiftScanner
    private var scalars: [Unicode.Scalar] { scanner.scalars }

    init(scanner: SwiftScanner) {
        self.scanner = scanner
    }

    mutating func itemRanges() -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var itemStart: Int?
        var previous: ScannedToken?
        var brackets: [Unicode.Scalar] = []
        var conditionalDepth = 0  // open `#if` blocks
        var lineHoldsOnlyAttributes = false

        func closeItem() {
            if let start = itemStart, let end = previous?.end { ranges.append(start..<end) }
            itemStart = nil
        }

        for token in scanner.tokens where token.kind != .lineComment && token.kind != .blockComment {
            let atTopLevel = brackets.isEmpty && conditionalDepth == 0
            if atTopLevel && isPunctuation(token, ";") {
                closeItem()
                previous = nil
                lineHoldsOnlyAttributes = false
                continue
            }
            if atTopLevel, itemStart != nil, let last = previous,
                lineBreak(between: last, and: token),
                !lineHoldsOnlyAttributes, !continues(after: last, with: token),
                !closesRepeatWhile(itemStart: itemStart, last: last, with: token)
            {
                closeItem()
            }
            if itemStart == nil { itemStart = token.start }

            if brackets.isEmpty {
                if token.kind == .attribute {
                    lineHoldsOnlyAttributes = true
                } else if !(isPunctuation(token, "(") && previous?.kind == .attribute) {
                    lineHoldsOnlyAttributes = false
                }
            }
            if token.kind == .punctuation { BracketStack.apply(scalars[token.start], to: &brackets) }
            if token.kind == .poundKeyword {
                switch scanner.text(of: token) {
                case "#if": conditionalDepth += 1
                case "#endif": conditionalDepth = max(0, conditionalDepth - 1)
                default: break
                }
            }
            previous = token
        }
        closeItem()
        return ranges
    }

    private func isPunctuation(_ token: ScannedToken, _ scalar: Unicode.Scalar) -> Bool {
        token.kind == .punctuation && scalars[token.start] == scalar
    }

    /// Only blanks, comments and line breaks lie between two tokens; is a break among them?
    private func lineBreak(between first: ScannedToken, and second: ScannedToken) -> Bool {
        scalars[first.end..<second.start].contains { $0.isSwiftNewline }
    }

    private func isBlankOrBreak(at index: Int) -> Bool {
        guard scalars.indices.contains(index) else { return true }
        return scalars[index].isSwiftBlank || scalars[index].isSwiftNewline
    }

    /// `repeat { ... }` then `while condition` on the next line is one statement.
    private func closesRepeatWhile(itemStart: Int?, last: ScannedToken, with next: ScannedToken) -> Bool {
        guard let itemStart, isPunctuation(last, "}"), next.kind == .keyword, scanner.text(of: next) == "while",
            let first = scanner.tokens.first(where: { $0.start == itemStart })
        else { return false }
        return first.kind == .keyword && scanner.text(of: first) == "repeat"
    }

    /// Whether the line starting with `next` continues the item that ended with `last`.
    private func continues(after last: ScannedToken, with next: ScannedToken) -> Bool {
        // The line ends with something that needs a right-hand side.
        switch last.kind {
        case .punctuation where [",", ".", ":"].contains(scalars[last.start]):
            return true
        case .operator where isBlankOrBreak(at: last.start - 1):
            return true  // binary: blanks on both sides (`a +` then `b`)
        default:
            break
        }
        // The next line starts with something that needs a left-hand side.
        switch next.kind {
        case .punctuation:
            return [".", ":", "{"].contains(scalars[next.start])
        case .keyword:
            return ["else", "catch", "where"].contains(scanner.text(of: next))
        case .operator:
            // `+ b` or `? a : b` is binary or ternary; `-x` or `!flag` is a prefix
            // operator that starts a new statement.
            return isBlankOrBreak(at: next.end) || scalars[next.start] == "."
        default:
            return false
        }
    }
}
