/// What runs the Swift inputs the REPL reads (the application plugs a session in).
public protocol REPLEvaluator: AnyObject {
    /// Runs one complete input holding code (the lexer found nothing open in it), passing
    /// everything to show (program output, results, diagnostics) to `output` as it comes.
    func evaluate(_ input: ParsedInput, output: (String) -> Void) -> InputOutcome

    /// Called from a background thread when the user presses Ctrl-C while
    /// ``evaluate(_:output:)`` runs; it should stop the running code (and make
    /// `evaluate` return soon). `nil`: running code cannot be interrupted.
    var interruptHandler: (@Sendable () -> Void)? { get }

    /// Called as an input or a `:` command starts, with the prompt number of its first
    /// line: the number the learner knows the code it runs by (`input 4` in messages).
    func inputStarts(atLine line: Int)
}

extension REPLEvaluator {
    /// Evaluators that name no inputs ignore prompt numbers.
    public func inputStarts(atLine line: Int) {}
}
