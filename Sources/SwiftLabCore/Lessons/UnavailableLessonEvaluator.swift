/// Stands in for the session when it could not start (no Swift compiler found, say), so
/// that the lessons can still be read: `:lessons`, `:lesson`, `:next`, `:back`, `:hint`
/// and `:solution` work, while `:run`, `:check` and `:edit` say why they cannot.
public final class UnavailableLessonEvaluator: LessonEvaluator {
    /// Why nothing can run, as the session reported it.
    public let reason: String

    /// Creates the stand-in; `reason` is shown whenever code would have to run.
    public init(reason: String) { self.reason = reason }

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
