/// A Swift-aware lexer for the REPL: it tokenizes input, tells whether an input is
/// complete or needs continuation lines, and splits an input into top-level items.
///
/// It never fails: malformed input still yields tokens (``SwiftToken/Kind/unknown`` for
/// what it cannot place), and judging the code is left to the compiler.
public enum SwiftLexer {
    /// The tokens of `source`, in order, without whitespace and line breaks.
    ///
    /// A string literal (with its interpolations), a regex literal and a comment are one
    /// token each.
    public static func tokenize(_ source: String) -> [SwiftToken] {
        let scanner = SwiftScanner(source)
        var tracker = SourcePositionTracker(source)
        return scanner.tokens.map { token in
            let position = tracker.position(ofScalarAt: token.start)
            return SwiftToken(
                kind: token.kind, text: scanner.text(of: token),
                line: position.line, column: position.column, utf8Offset: position.utf8Offset)
        }
    }

    /// Whether `source` is ready for the compiler: it is ``InputCompleteness/incomplete``
    /// while a bracket, brace or parenthesis, a multi-line string (`"""`), a multi-line
    /// regex or a block comment is still open at the end.
    ///
    /// So is what a Swift file would continue on the next line (``LineContinuation``): a
    /// declaration without its body yet (`class C`, `func f<T>(_ x: T)`, whose `where`
    /// clause or `{` may come next), a line ending with `=`, another binary operator or
    /// `,`, an attribute alone on its line, and an open `#if` block. A stray closing bracket does not make an input incomplete:
    /// the compiler reports it.
    /// A single-line string cannot continue on the next line, so an unterminated one is
    /// complete too.
    public static func completeness(of source: String) -> InputCompleteness {
        let scanner = SwiftScanner(source)
        guard scanner.openBrackets.isEmpty, !scanner.endsInsideMultilineConstruct else { return .incomplete }
        // What else makes an input wait (a header without its body, an open `#if`) is
        // decided line by line, as the REPL reads.
        var lines = LineByLineCompleteness()
        var answer = InputCompleteness.complete
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            answer = lines.append(line: String(line))
        }
        return answer
    }

    /// Splits `source` into its top-level statements and declarations.
    ///
    /// Items end at a `;` or a line break outside any brackets. A line break does not end
    /// an item when the next line clearly continues it (it starts with `.`, `else`,
    /// `catch`, `where`, `{`, `:` or a binary operator such as `+ x` or `? a : b`), when the
    /// line ends with a binary operator, `,`, `.` or `:`, or when the line holds only
    /// attributes (`@MainActor`). An `#if` ... `#endif` block is one item, and so is
    /// `repeat { ... }` with its `while` on the next line.
    public static func topLevelItems(in source: String) -> [TopLevelItem] {
        let scanner = SwiftScanner(source)
        var splitter = TopLevelSplitter(scanner: scanner)
        var tracker = SourcePositionTracker(source)
        return splitter.itemRanges().map { range in
            let position = tracker.position(ofScalarAt: range.lowerBound)
            let text = scanner.text(of: ScannedToken(kind: .unknown, start: range.lowerBound, end: range.upperBound))
            return TopLevelItem(text: text, line: position.line, column: position.column)
        }
    }
}
