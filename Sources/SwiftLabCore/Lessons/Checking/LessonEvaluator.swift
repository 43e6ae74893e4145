/// What the lesson engine needs from the evaluator: run an input as the REPL does, run a
/// check without recording it, and start afresh.
///
/// ``SessionLessonEvaluator`` runs code in the REPL's session; unit tests use a fake so
/// that navigation and messages can be tested without compiling anything.
public protocol LessonEvaluator: AnyObject {
    /// Runs `input` as if the learner typed it, streaming what the REPL prints to `output`.
    func evaluate(_ input: String, output: (String) -> Void) -> LessonEvaluation
    /// Compiles and runs `code` against the session's current definitions without
    /// recording it, streaming what it prints to `output`.
    func evaluateTransient(_ code: String, output: (String) -> Void) -> LessonEvaluation
    /// Forgets every earlier input, as a fresh session.
    func reset()
    /// Why no code can run at all (the session could not start), or nil when it can.
    var unavailableReason: String? { get }
    /// The names the session's inputs have declared so far.
    var declaredNames: [String] { get }
}

extension LessonEvaluator {
    /// An evaluator can run code unless it says otherwise.
    public var unavailableReason: String? { nil }
    /// No names, for an evaluator that does not keep any.
    public var declaredNames: [String] { [] }
}

/// The outcome of one evaluation, as the lesson engine needs it.
public struct LessonEvaluation: Sendable, Equatable {
    /// How the evaluation ended.
    public var status: InputOutcome
    /// The compiler's diagnostics or the runtime's error message, as shown to the learner.
    public var diagnostics: String
    /// Whether the code did not compile only because the learner entered a declaration
    /// again after other code was compiled against the earlier one: entering that code
    /// again helps, hints do not (``diagnostics`` says what to enter).
    public var usesStaleDefinitions: Bool
    /// When the code crashed: the line of it that was running, if known.
    public var trapLine: Int?

    /// Creates an outcome.
    public init(
        status: InputOutcome, diagnostics: String = "", usesStaleDefinitions: Bool = false, trapLine: Int? = nil
    ) {
        self.status = status
        self.diagnostics = diagnostics
        self.usesStaleDefinitions = usesStaleDefinitions
        self.trapLine = trapLine
    }
}
