/// Where the lesson engine writes and how it asks the learner a question.
///
/// The REPL provides one backed by the terminal (or standard input and output when not a
/// terminal); tests provide a scripted one.
public protocol LessonConsole: AnyObject {
    /// Writes `text` exactly as given (add `"\n"` to end a line).
    func write(_ text: String)
    /// Shows `prompt`, reads one line and returns it without its newline; nil at end of input.
    func ask(_ prompt: String) -> String?
}
