import Foundation
import SwiftLabRuntime

/// Lets lessons run code in the REPL's ``Session``: examples as ordinary inputs, checks
/// as transient cells compiled against the learner's definitions.
public final class SessionLessonEvaluator: LessonEvaluator {
    /// The session code runs in.
    public let session: Session

    /// Wraps `session`.
    public init(session: Session) { self.session = session }

    /// Runs `input` in the session as the REPL does (see ``Session/evaluate(_:output:)``).
    public func evaluate(_ input: String, output: (String) -> Void) -> LessonEvaluation {
        Self.lessonEvaluation(session.evaluate(input, output: output))
    }

    /// Runs `code` against the session without recording it (see ``Session/evaluateTransient(_:output:)``).
    public func evaluateTransient(_ code: String, output: (String) -> Void) -> LessonEvaluation {
        Self.lessonEvaluation(session.evaluateTransient(code, output: output))
    }

    /// Starts a fresh session.
    public func reset() { session.reset() }

    /// The names the session declares (see ``Session/declaredNames``).
    public var declaredNames: [String] { session.declaredNames }

    /// The engine's view of a result: for anything but success, the transcript (rendered
    /// diagnostics or the trap message) without check reports is what to show.
    static func lessonEvaluation(_ result: EvaluationResult) -> LessonEvaluation {
        guard result.status != .succeeded else { return LessonEvaluation(status: .succeeded) }
        let message = result.transcript.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { CheckReport(line: $0) == nil }
            .joined(separator: "\n")
            .trimmingCharacters(in: .newlines)
        return LessonEvaluation(
            status: result.status, diagnostics: message, usesStaleDefinitions: result.staleDeclarationAdvice != nil,
            trapLine: result.trapLine)
    }
}
