/// The lesson engine's console under the machine interface: lesson text is Markdown
/// (the guide's renderer passes it through) and goes out as one `text/markdown` display
/// per command; what lesson code prints while it runs goes out as it comes, as output.
/// Questions cannot be asked (there is no prompt): they are answered as if skipped.
final class MachineLessonConsole: LessonConsole {
    /// Where text goes: `(text, isMarkdown)`; set by the server for each request.
    var send: (String, Bool) -> Void = { _, _ in }
    /// Whether lesson code is running now (see ``MachineLessonEvaluator``).
    var isEvaluating = false
    private var markdown = ""

    func write(_ text: String) {
        if isEvaluating {
            flush()
            send(text, false)
        } else {
            markdown += text
        }
    }

    /// A notebook has no prompt to answer at: a question is skipped, as at the end of input.
    func ask(_ prompt: String) -> String? {
        markdown += prompt + "(skipped: questions cannot be answered here)\n"
        return nil
    }

    /// Sends the lesson text written since the last flush.
    func flush() {
        guard !markdown.isEmpty else { return }
        send(markdown, true)
        markdown = ""
    }
}

/// Runs lesson code in the session for the machine interface's lesson guide: results
/// reach the guide as the terminal shows them (a prediction is compared with that text),
/// and the console knows code is running, so its output is sent as output.
final class MachineLessonEvaluator: LessonEvaluator {
    private let base: any LessonEvaluator
    private let console: MachineLessonConsole

    /// Runs code with `base` (the session's lesson evaluator), telling `console`.
    init(_ base: any LessonEvaluator, console: MachineLessonConsole) {
        self.base = base
        self.console = console
    }

    func evaluate(_ input: String, output: (String) -> Void) -> LessonEvaluation {
        console.isEvaluating = true
        defer { console.isEvaluating = false }
        var reader = FramedOutputReader()
        let evaluation = base.evaluate(input) { output(FramedOutputReader.plainText(reader.consume($0))) }
        output(FramedOutputReader.plainText(reader.finish()))
        return evaluation
    }

    func evaluateTransient(_ code: String, output: (String) -> Void) -> LessonEvaluation {
        var reader = FramedOutputReader()
        let evaluation = base.evaluateTransient(code) { output(FramedOutputReader.plainText(reader.consume($0))) }
        output(FramedOutputReader.plainText(reader.finish()))
        return evaluation
    }

    func reset() { base.reset() }

    var declaredNames: [String] { base.declaredNames }
}
