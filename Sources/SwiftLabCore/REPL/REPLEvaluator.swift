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

    /// Called while the person pauses on `input`, a complete input not yet entered: the
    /// evaluator may prepare it (compile it) in the background, provided that doing so
    /// changes nothing that shows, and that ``evaluate(_:output:)`` of another input never
    /// waits for it.
    func speculate(on input: String)

    /// Called when a key changes the input after ``speculate(on:)``: what was prepared for
    /// it is no longer wanted.
    func supersedeSpeculation()
}

extension REPLEvaluator {
    /// Evaluators that name no inputs ignore prompt numbers.
    public func inputStarts(atLine line: Int) {}

    /// Evaluators that prepare nothing ahead ignore pauses.
    public func speculate(on input: String) {}

    /// Does nothing.
    public func supersedeSpeculation() {}
}
