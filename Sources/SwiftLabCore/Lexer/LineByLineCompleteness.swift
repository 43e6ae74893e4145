/// Decides, line by line, whether the lines so far form a complete input, in time linear
/// in their total length: ``SwiftLexer/completeness(of:)`` on the joined lines after each
/// line would be quadratic (10,000 piped lines inside one array literal, say).
///
/// At the end of a line that is not inside a multi-line string, comment or regex, all
/// that matters for what follows is which brackets are open, so only that is kept; text
/// is kept (and scanned again) only while such a construct is open.
public struct LineByLineCompleteness: Sendable {
    private var openBrackets: [Unicode.Scalar] = []
    /// Lines since the last line that ended outside any multi-line construct.
    private var unsettledText: String?
    /// What besides brackets makes the input wait (a header without its body, `#if` ...).
    private var continuation = LineContinuation()

    /// Creates the state for a new input.
    public init() {}

    /// Adds the next line of the input and says whether the input is now complete.
    /// After ``InputCompleteness/complete``, start the next input with ``reset()``.
    public mutating func append(line: String) -> InputCompleteness {
        let text = unsettledText.map { $0 + "\n" + line } ?? line
        let scanner = SwiftScanner(text, openBrackets: openBrackets)
        if scanner.endsInsideMultilineConstruct {
            unsettledText = text
            return .incomplete
        }
        unsettledText = nil
        openBrackets = scanner.openBrackets
        guard openBrackets.isEmpty else {
            continuation.bracketsOpened()
            return .incomplete
        }
        return continuation.waits(after: line) ? .incomplete : .complete
    }

    /// Forgets the lines added so far.
    public mutating func reset() {
        self = LineByLineCompleteness()
    }
}
