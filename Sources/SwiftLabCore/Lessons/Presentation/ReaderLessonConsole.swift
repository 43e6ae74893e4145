/// The lesson engine's console in the REPL: output goes through the shell's line reader,
/// and questions (`:solution` before a pass, `:progress reset`, a prediction) read a line
/// from it.
public final class ReaderLessonConsole: LessonConsole {
    private let reader: any LineReader

    /// A console over `reader`.
    public init(reader: any LineReader) { self.reader = reader }

    /// Writes `text` through the line reader, as it is.
    public func write(_ text: String) { reader.write(text) }

    /// Reads the answer with the line reader (echoing prompt and answer when input is piped,
    /// so that a transcript reads like the session).
    public func ask(_ prompt: String) -> String? {
        if !reader.isInteractive { reader.write(prompt) }
        switch reader.readLine(prompt: prompt) {
        case .line(let line):
            if !reader.isInteractive { reader.write(line + "\n") }
            return line
        case .interrupted, .endOfInput, .refused:
            return nil
        }
    }
}
