/// An exercise: a `## Exercise:` section with a task, checks, hints and a reference solution.
public struct Exercise: Sendable, Equatable {
    /// 1-based position among the lesson's exercises.
    public var number: Int
    /// The heading text after `Exercise:` (`Double every number`).
    public var title: String
    /// The task: the section's prose, as Markdown.
    public var task: String
    /// Code to start from, copied into the learner's workspace file; nil when there is none.
    public var starter: String?
    /// Swift code run as one more cell after the learner's code; hidden from the learner.
    public var check: String
    /// Hints from a gentle nudge to nearly the answer, shown one per `:hint`.
    public var hints: [String]
    /// The reference solution, shown after a pass or on request.
    public var solution: String
    /// The 1-based line of the `## Exercise:` heading.
    public var line: Int
    /// The 1-based line of the opening fence of the `swift check` block.
    public var checkLine: Int

    /// Creates an exercise from its parts.
    public init(
        number: Int, title: String, task: String, starter: String?, check: String,
        hints: [String], solution: String, line: Int, checkLine: Int
    ) {
        self.number = number
        self.title = title
        self.task = task
        self.starter = starter
        self.check = check
        self.hints = hints
        self.solution = solution
        self.line = line
        self.checkLine = checkLine
    }

    /// The key progress is saved under: the title in lower case with runs of other
    /// characters turned into `-`, so reordering exercises keeps a learner's progress.
    public var id: String { Exercise.slug(of: title) }

    /// `Double every number!` becomes `double-every-number`.
    static func slug(of text: String) -> String {
        var result = ""
        var pendingDash = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.append(character)
            } else {
                pendingDash = true
            }
        }
        return result
    }
}
