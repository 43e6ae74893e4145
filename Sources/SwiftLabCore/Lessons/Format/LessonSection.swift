/// One page of a lesson: the introduction, or the text under one `## ` heading.
public struct LessonSection: Sendable, Equatable {
    /// The heading text without `## ` (the lesson title for the introduction).
    public var title: String
    /// The 1-based line of the heading in the lesson file (1 for the introduction).
    public var line: Int
    /// What the learner sees, in order. Hidden parts of an exercise (check, hints,
    /// solution) are not here but in ``exercise``.
    public var items: [SectionItem]
    /// The exercise this section poses, when its heading starts with `## Exercise:`.
    public var exercise: Exercise?

    /// Creates a section from its parts.
    public init(title: String, line: Int, items: [SectionItem], exercise: Exercise? = nil) {
        self.title = title
        self.line = line
        self.items = items
        self.exercise = exercise
    }
}

/// A piece of a section that is shown to the learner.
public enum SectionItem: Sendable, Equatable {
    /// Markdown text: paragraphs, lists, subheadings and code blocks that are only shown.
    case markdown(String)
    /// A runnable example (or predict-the-output question) with its expected output.
    case example(LessonExample)
    /// An exercise's starting code, shown as a code block.
    case starter(String)
}
