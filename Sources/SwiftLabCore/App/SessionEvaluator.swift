/// Plugs a ``Session`` into the REPL loop: Swift inputs are evaluated in the session, and
/// Ctrl-C while one runs stops it.
public final class SessionEvaluator: REPLEvaluator {
    /// The session inputs run in.
    public let session: Session

    /// Creates the evaluator for `session`.
    public init(session: Session) {
        self.session = session
    }

    /// Evaluates `input` in the session.
    public func evaluate(_ input: ParsedInput, output: (String) -> Void) -> InputOutcome {
        session.evaluate(input, output: output).status
    }

    /// Names the code evaluated next by `line` in the session's messages.
    public func inputStarts(atLine line: Int) {
        session.promptLine = line
    }

    /// Compiles `input` in the background, in case it is entered as it is.
    public func speculate(on input: String) {
        session.speculate(on: input)
    }

    /// Drops what was compiled ahead for an input that has changed since.
    public func supersedeSpeculation() {
        session.supersedeSpeculation()
    }

    /// Stops the running input; earlier state stays as it was.
    public var interruptHandler: (@Sendable () -> Void)? {
        { [session] in session.interrupt() }
    }
}
