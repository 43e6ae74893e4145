/// How one input ended: the one answer the evaluation gives the REPL, the lessons and
/// the command line alike. Piped sessions exit with status 1 if any input did not succeed.
public enum InputOutcome: Equatable, Sendable {
    /// The input compiled and ran to its end; its state is kept.
    case succeeded
    /// The compiler rejected the input (or the evaluation could not start); nothing changed.
    case compileError
    /// The input's code trapped, crashed or ended the worker; the input is not kept, and
    /// earlier state is unchanged (or, when the worker ended, restored by a new one).
    case crashed
    /// Ctrl-C stopped the input's code; earlier state is unchanged (or restored).
    case interrupted
    /// The input ran longer than the timeout; earlier state is unchanged (or restored).
    case timedOut
}
