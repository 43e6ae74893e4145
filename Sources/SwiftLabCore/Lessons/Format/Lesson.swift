/// One lesson: a Markdown file in `Lessons/` named `NN-slug.md`, parsed by ``LessonParser``.
///
/// A lesson is a sequence of pages: its introduction (the text before the first `## `
/// heading) followed by one page per `## ` section. `:next` and `:back` move between them.
public struct Lesson: Sendable, Equatable {
    /// The lesson's position, from the file name's two digits (`03-flatmap.md` is 3).
    public var number: Int
    /// The name part of the file name (`flatmap`), used by `:lesson NAME`.
    public var slug: String
    /// The text of the `# Title` line.
    public var title: String
    /// Where the lesson was read from, for messages.
    public var path: String
    /// The introduction followed by every `## ` section, in file order.
    public var sections: [LessonSection]

    /// Creates a lesson from its parts; ``LessonParser`` is the usual way to get one.
    public init(number: Int, slug: String, title: String, path: String, sections: [LessonSection]) {
        self.number = number
        self.slug = slug
        self.title = title
        self.path = path
        self.sections = sections
    }

    /// The file's base name without extension (`03-flatmap`): the key progress is saved under.
    public var id: String { format2(number) + "-" + slug }

    /// Every runnable example and predict block, numbered from 1 in file order (as `:run N` counts).
    public var examples: [LessonExample] {
        sections.flatMap { section in
            section.items.compactMap { item -> LessonExample? in
                if case .example(let example) = item { return example }
                return nil
            }
        }
    }

    /// Every exercise, in file order.
    public var exercises: [Exercise] { sections.compactMap(\.exercise) }

    /// The index in ``sections`` of the section holding `exercise`.
    public func sectionIndex(of exercise: Exercise) -> Int? {
        sections.firstIndex { $0.exercise?.id == exercise.id }
    }
}

/// Two-digit, zero-padded form of a lesson number, without Foundation's `String(format:)`.
func format2(_ number: Int) -> String {
    number < 10 && number >= 0 ? "0\(number)" : "\(number)"
}
