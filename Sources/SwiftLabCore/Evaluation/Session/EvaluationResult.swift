import Foundation

/// What happened to one input.
public struct EvaluationResult: Sendable {
    /// How the evaluation ended.
    public var status: InputOutcome
    /// The compiler's errors and warnings, mapped to the input.
    public var diagnostics: [Diagnostic]
    /// Everything the evaluation printed, in order: program output, result lines,
    /// rendered diagnostics and messages about traps.
    public var transcript: String
    /// Time spent compiling and linking.
    public var compileTime: Duration
    /// Time spent running (including a restart after a crash).
    public var runTime: Duration
    /// When the input did not compile only because it mixes two copies of a declaration
    /// (one entered again since earlier code was compiled against the other): the notes
    /// saying what to enter again, or `:reset` (see ``StaleDeclarationAdvice``).
    public var staleDeclarationAdvice: String?
    /// When the input crashed: the line of it that was running (a call into earlier
    /// code that trapped, or the trap itself), if known.
    public var trapLine: Int?

    /// Creates a result.
    public init(
        status: InputOutcome, diagnostics: [Diagnostic] = [], transcript: String = "",
        compileTime: Duration = .zero, runTime: Duration = .zero
    ) {
        self.status = status
        self.diagnostics = diagnostics
        self.transcript = transcript
        self.compileTime = compileTime
        self.runTime = runTime
    }
}
