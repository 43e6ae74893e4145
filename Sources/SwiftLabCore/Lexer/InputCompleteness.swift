/// Whether an input can be handed to the compiler, or needs more lines first.
public enum InputCompleteness: Equatable, Sendable {
    /// Every bracket, multi-line string and block comment that was opened is closed.
    /// The input may still be wrong Swift; the compiler says so.
    case complete
    /// Something is still open (a bracket, brace or parenthesis, a multi-line string or
    /// a block comment): the REPL should read a continuation line.
    case incomplete
}
