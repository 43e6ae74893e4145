/// What runs the Swift inputs the REPL reads. The evaluation area provides the real one
/// (compiled cells in a worker process); until then ``UnavailableEvaluator`` says so.
public protocol REPLEvaluator: AnyObject {
    /// Runs one complete input (the lexer found nothing open in it), passing everything to
    /// show (program output, results, diagnostics) to `output` as it comes.
    func evaluate(_ input: String, output: (String) -> Void) -> InputOutcome

    /// Called from a background thread when the user presses Ctrl-C while
    /// ``evaluate(_:output:)`` runs; it should stop the running code (and make
    /// `evaluate` return soon). `nil`: running code cannot be interrupted.
    var interruptHandler: (@Sendable () -> Void)? { get }
}

/// Whether an input ran cleanly; piped sessions exit with status 1 if any did not.
public enum InputOutcome: Equatable, Sendable {
    /// The input compiled and ran to its end.
    case succeeded
    /// The input did not compile, trapped, was interrupted or timed out.
    case failed
}
