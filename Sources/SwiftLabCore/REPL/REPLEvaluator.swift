/// What runs the Swift inputs the REPL reads (the application plugs a session in).
public protocol REPLEvaluator: AnyObject {
    /// Runs one complete input holding code (the lexer found nothing open in it), passing
    /// everything to show (program output, results, diagnostics) to `output` as it comes.
    func evaluate(_ input: ParsedInput, output: (String) -> Void) -> InputOutcome

    /// Called from a background thread when the user presses Ctrl-C while
    /// ``evaluate(_:output:)`` runs; it should stop the running code (and make
    /// `evaluate` return soon). `nil`: running code cannot be interrupted.
    var interruptHandler: (@Sendable () -> Void)? { get }
}
