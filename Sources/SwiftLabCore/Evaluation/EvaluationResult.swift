import Foundation

/// What happened to one input.
public struct EvaluationResult: Sendable {
    /// How an evaluation ended.
    public enum Status: Equatable, Sendable {
        /// The input compiled and ran to its end; its state is kept.
        case ok
        /// The compiler rejected the input; nothing changed.
        case compileError
        /// The input's code trapped, crashed or ended the worker; the worker was restarted
        /// with the earlier state, and the input left nothing behind.
        case crashed
        /// Ctrl-C stopped the input's code; earlier state was restored.
        case interrupted
        /// The input ran longer than the timeout; earlier state was restored.
        case timedOut
    }

    /// How the evaluation ended.
    public var status: Status
    /// The compiler's errors and warnings, mapped to the input.
    public var diagnostics: [Diagnostic]
    /// Everything the evaluation printed, in order: program output, result lines,
    /// rendered diagnostics and messages about traps.
    public var transcript: String
    /// Time spent compiling and linking.
    public var compileTime: Duration
    /// Time spent running (including a restart after a crash).
    public var runTime: Duration

    /// Creates a result.
    public init(status: Status, diagnostics: [Diagnostic] = [], transcript: String = "",
                compileTime: Duration = .zero, runTime: Duration = .zero) {
        self.status = status
        self.diagnostics = diagnostics
        self.transcript = transcript
        self.compileTime = compileTime
        self.runTime = runTime
    }
}
