/// Stands in for the session when it could not start (no Swift compiler found, say), for
/// the REPL and the lessons alike: inputs are shown back with a note instead of an
/// invented result, and the lessons can still be read (`:lessons`, `:lesson`, `:next`,
/// `:back`, `:hint`, `:solution`), while `:run`, `:check` and `:edit` say why they cannot.
public final class UnavailableEvaluator: REPLEvaluator, LessonEvaluator {
    /// Why nothing can run, as the session reported it.
    public let reason: String
    private let style: TerminalStyle

    /// Creates the stand-in; `reason` is shown whenever code would have to run, and
    /// `style` decorates the REPL's note.
    public init(reason: String, style: TerminalStyle) {
        self.reason = reason
        self.style = style
    }

    /// Shows `input` back with a note that it was not run.
    public func evaluate(_ input: ParsedInput, output: (String) -> Void) -> InputOutcome {
        output(input.text + "\n")
        output(style.secondary("note: Swift cannot be evaluated; the input above was read but not run.") + "\n")
        return .succeeded
    }

    /// `nil`: nothing runs, so there is nothing to interrupt.
    public var interruptHandler: (@Sendable () -> Void)? { nil }

    /// Why code cannot run: ``reason``.
    public var unavailableReason: String? { reason }

    /// Runs nothing; reports a compile error carrying ``reason``.
    public func evaluate(_ input: String, output: (String) -> Void) -> LessonEvaluation {
        LessonEvaluation(status: .compileError, diagnostics: reason)
    }

    /// Runs nothing; reports a compile error carrying ``reason``.
    public func evaluateTransient(_ code: String, output: (String) -> Void) -> LessonEvaluation {
        LessonEvaluation(status: .compileError, diagnostics: reason)
    }

    /// Nothing to forget.
    public func reset() {}
}
