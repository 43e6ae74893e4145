/// The evaluator used while Swift evaluation is not built in: it shows the input back
/// with a note instead of inventing a result.
public final class UnavailableEvaluator: REPLEvaluator {
    private let style: TerminalStyle

    /// Creates the evaluator; `style` decorates its note.
    public init(style: TerminalStyle) {
        self.style = style
    }

    /// Shows `input` back with a note that it was not run.
    public func evaluate(_ input: String, output: (String) -> Void) -> InputOutcome {
        output(input + "\n")
        output(style.secondary("note: Swift evaluation is not available yet; the input above was read but not run.") + "\n")
        return .succeeded
    }

    /// `nil`: nothing runs, so there is nothing to interrupt.
    public var interruptHandler: (@Sendable () -> Void)? { nil }
}
