/// Groups the parser's headings, text and fenced blocks into ``LessonSection`` values,
/// enforcing the format's rules (an example is followed by its output, an exercise has
/// exactly one check and solution and at least one hint, and so on).
struct SectionBuilder {
    let path: String
    private(set) var sections: [LessonSection] = []

    private var current: (title: String, line: Int, isExercise: Bool)?
    private var items: [SectionItem] = []
    private var markdownLines: [String] = []
    /// An example whose `output` block has not been seen yet.
    private var pendingExample: (code: String, isPrediction: Bool, line: Int)?
    private var starter: (code: String, line: Int)?
    private var check: (code: String, line: Int)?
    private var solution: (code: String, line: Int)?
    private var hints: [String] = []
    private var exampleCount = 0
    private var exerciseCount = 0

    init(path: String) { self.path = path }

    var isEmpty: Bool { current == nil }

    mutating func begin(title: String, line: Int, isExercise: Bool) {
        current = (title, line, isExercise)
    }

    /// Whether `body` has a line drawn as `MarbleDiagram` draws one: `input`, `input 2` or
    /// `output`, two or more spaces, then marbles (`-`, values, `|`, `#`, brackets).
    static func looksLikeMarbleDiagram(_ body: String) -> Bool {
        body.split(separator: "\n").contains { line in
            let words = line.split(separator: " ", maxSplits: 1)
            guard let label = words.first, label == "input" || label == "output", words.count == 2 else { return false }
            var rest = Substring(words[1])
            if label == "input", let number = rest.split(separator: " ").first, Int(number) != nil {
                rest = rest.dropFirst(number.count)
            }
            guard rest.hasPrefix(" ") else { return false }
            let marbles = rest.drop { $0 == " " }
            return !marbles.isEmpty && !marbles.contains(" ")
                && marbles.contains { "-|#".contains($0) }
                && marbles.allSatisfy { !$0.isWhitespace }
        }
    }

    mutating func addText(_ line: String) throws(LessonParseError) {
        if pendingExample != nil, line.trimmingSpaces().isEmpty { return }
        try requireNoPendingExample()
        markdownLines.append(line)
    }

    mutating func addFence(info: String, body: String, raw: String, line: Int) throws(LessonParseError) {
        let words = info.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let language = words.first ?? ""
        let role = words.count > 1 ? words[1] : nil
        if language == "output" {
            guard let example = pendingExample else {
                throw error(line, "an output block must follow a 'swift example' or 'swift predict' block")
            }
            exampleCount += 1
            items.append(
                .example(
                    LessonExample(
                        number: exampleCount, code: example.code, expectedOutput: body,
                        isPrediction: example.isPrediction, line: example.line)))
            pendingExample = nil
            return
        }
        try requireNoPendingExample()
        if language == "hint" {
            try requireExercise(line, "a hint block")
            hints.append(body)
            return
        }
        guard language == "swift", let role else {
            // A diagram typed by hand could silently disagree with what the operators do.
            if Self.looksLikeMarbleDiagram(body) {
                throw error(
                    line,
                    "a marble diagram must be the output of a 'swift example' that prints a MarbleDiagram, so that verify checks it"
                )
            }
            // Any other block (```swift, ```text, ```sh ...) is shown as written.
            markdownLines.append(raw)
            return
        }
        switch role {
        case "example", "predict":
            flushMarkdown()
            pendingExample = (body, role == "predict", line)
        case "starter":
            try requireExercise(line, "a 'swift starter' block")
            guard starter == nil else { throw error(line, "an exercise has at most one 'swift starter' block") }
            starter = (body, line)
            flushMarkdown()
            items.append(.starter(body))
        case "check":
            try requireExercise(line, "a 'swift check' block")
            guard check == nil else {
                throw error(line, "an exercise has exactly one 'swift check' block; this is a second one")
            }
            check = (body, line)
        case "solution":
            try requireExercise(line, "a 'swift solution' block")
            guard solution == nil else {
                throw error(line, "an exercise has exactly one 'swift solution' block; this is a second one")
            }
            solution = (body, line)
        default:
            throw error(
                line,
                "unknown block tag 'swift \(role)': use 'swift' (shown, not run), 'swift example', 'swift predict', 'swift starter', 'swift check' or 'swift solution'"
            )
        }
    }

    /// Ends the current section, checking that an exercise is complete.
    mutating func finish() throws(LessonParseError) {
        guard let section = current else { return }
        try requireNoPendingExample()
        flushMarkdown()
        var exercise: Exercise?
        if section.isExercise {
            guard let check else {
                throw error(section.line, "the exercise '\(section.title)' has no 'swift check' block")
            }
            guard let solution else {
                throw error(section.line, "the exercise '\(section.title)' has no 'swift solution' block")
            }
            guard !hints.isEmpty else {
                throw error(section.line, "the exercise '\(section.title)' has no 'hint' block")
            }
            exerciseCount += 1
            let task = items.compactMap { item -> String? in
                if case .markdown(let text) = item { return text }
                return nil
            }.joined(separator: "\n\n")
            exercise = Exercise(
                number: exerciseCount, title: section.title, task: task, starter: starter?.code,
                check: check.code, hints: hints, solution: solution.code,
                line: section.line, checkLine: check.line)
        }
        sections.append(LessonSection(title: section.title, line: section.line, items: items, exercise: exercise))
        current = nil
        items = []
        starter = nil
        check = nil
        solution = nil
        hints = []
    }

    // MARK: - Helpers

    private mutating func flushMarkdown() {
        while let first = markdownLines.first, first.trimmingSpaces().isEmpty { markdownLines.removeFirst() }
        while let last = markdownLines.last, last.trimmingSpaces().isEmpty { markdownLines.removeLast() }
        if !markdownLines.isEmpty { items.append(.markdown(markdownLines.joined(separator: "\n"))) }
        markdownLines = []
    }

    private func requireNoPendingExample() throws(LessonParseError) {
        if let example = pendingExample {
            let tag = example.isPrediction ? "swift predict" : "swift example"
            throw error(example.line, "this '\(tag)' block must be followed by an 'output' block with what it prints")
        }
    }

    private func requireExercise(_ line: Int, _ what: String) throws(LessonParseError) {
        guard current?.isExercise == true else {
            throw error(line, "\(what) belongs in an '## Exercise: ...' section")
        }
    }

    private func error(_ line: Int, _ message: String) -> LessonParseError {
        LessonParseError(path: path, line: line, message: message)
    }
}
