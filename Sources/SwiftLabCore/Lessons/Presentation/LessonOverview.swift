/// The whole course at a glance: the start banner's progress line and the `:lessons` /
/// `swiftlab lessons` list, computed from the lessons and the saved progress.
public struct LessonOverview {
    /// All lessons and the problems of those that did not load.
    public var library: LessonLibrary
    /// The learner's saved progress.
    public var progress: LessonProgress
    /// Whether to write colours.
    public var style: TerminalStyle

    /// Creates an overview.
    public init(library: LessonLibrary, progress: LessonProgress, style: TerminalStyle) {
        self.library = library
        self.progress = progress
        self.style = style
    }

    /// The lesson the learner is on, from the saved progress.
    public var currentLesson: Lesson? {
        progress.currentLesson.flatMap { id in library.lessons.first { $0.id == id } }
    }

    /// The first lesson after the current one that is not done, else the first not done.
    public var nextLessonToDo: Lesson? {
        let current = currentLesson
        let after = library.lessons.filter { current == nil || $0.number > current!.number }
        return after.first { !progress.isDone($0) } ?? library.lessons.first { !progress.isDone($0) }
    }

    /// Overall progress and how to go on: continue the current lesson, or start the next.
    public func banner() -> String {
        guard !library.lessons.isEmpty else {
            return "No lessons found in \(library.directory)."
        }
        var lines: [String] = []
        let done = progress.completedCount(of: library.lessons)
        lines.append("Lessons " + ProgressBar.render(done: done, total: library.lessons.count, style: style) + " done")
        if let current = currentLesson, !progress.isDone(current) {
            let section = min(progress.currentSection, current.sections.count - 1) + 1
            lines.append(
                "Continue lesson \(current.number), \(current.title) (section \(section) of \(current.sections.count)): type "
                    + style.apply(.bold, to: ":lesson \(current.number)") + ".")
        } else if let next = nextLessonToDo {
            let verb = done == 0 && currentLesson == nil ? "Start with" : "Next up:"
            lines.append(
                "\(verb) lesson \(next.number), \(next.title): type " + style.apply(.bold, to: ":lesson \(next.number)")
                    + ".")
        } else {
            lines.append("You have done every lesson. :lessons lists them to revisit any.")
        }
        if !library.problems.isEmpty {
            lines.append(
                style.apply(
                    .yellow, to: "\(library.problems.count) lesson file(s) could not be read: :lessons shows why."))
        }
        return lines.joined(separator: "\n")
    }

    /// Where a list is shown, which decides how it says to open a lesson.
    public enum Place: Sendable {
        /// In the REPL (`:lessons`): `:lesson N`.
        case repl
        /// At the shell (`swiftlab lessons`): `swiftlab check N`, or the REPL.
        case commandLine
    }

    /// Every lesson with a done (✓) or current (▶) mark and exercises passed, each
    /// exercise under it with its state and file (when `workspace` is given), then a
    /// line per lesson file that could not be read and how to go on from `place`.
    public func list(workspace: ExerciseWorkspace? = nil, place: Place = .repl) -> String {
        let done = progress.completedCount(of: library.lessons)
        var lines = [
            style.apply(.bold, to: "Lessons") + "  "
                + ProgressBar.render(done: done, total: library.lessons.count, style: style) + " done"
        ]
        let titleWidth = library.lessons.map(\.title.count).max() ?? 0
        let current = currentLesson
        for item in library.lessons {
            let mark: String
            if progress.isDone(item) {
                mark = style.apply(.green, to: "✓")
            } else if item.id == current?.id {
                mark = style.apply(.yellow, to: "▶")
            } else {
                mark = " "
            }
            let number = item.number < 10 ? " \(item.number)" : "\(item.number)"
            let title = item.title + String(repeating: " ", count: titleWidth - item.title.count)
            var line = "  \(mark) \(number)  \(title)"
            let exercises = item.exercises
            if !exercises.isEmpty {
                let passed = exercises.filter { progress.hasPassed($0, in: item) }.count
                line += style.apply(.dim, to: "  \(passed)/\(exercises.count) exercises")
            }
            lines.append(line.trimmingTrailingSpaces())
            if let workspace { lines += exerciseLines(of: item, in: workspace) }
        }
        for problem in library.problems {
            lines.append(style.apply(.yellow, to: "  ! ") + problem.description)
        }
        if let workspace {
            lines.append(style.apply(.dim, to: "Exercise files are in \(workspace.directory.path)."))
        }
        switch place {
        case .repl:
            lines.append(
                "Open one with :lesson N or :lesson NAME; :reset N EXERCISE puts an exercise file back to its starter code."
            )
        case .commandLine:
            lines.append(
                "Check a lesson's files with swiftlab check N; swiftlab reset N EXERCISE puts one back to its starter code; "
                    + "run swiftlab and type :lesson N to read it.")
        }
        return lines.joined(separator: "\n")
    }

    /// One line per exercise of `lesson`: its state, number and name, and its file.
    private func exerciseLines(of lesson: Lesson, in workspace: ExerciseWorkspace) -> [String] {
        let nameWidth = lesson.exercises.map(\.id.count).max() ?? 0
        return lesson.exercises.map { exercise in
            let state = ExerciseState(of: exercise, in: lesson, progress: progress, workspace: workspace)
            let label: String
            switch state {
            case .done: label = style.apply(.green, to: "done   ")
            case .started: label = style.apply(.yellow, to: "started")
            case .new: label = style.apply(.dim, to: "new    ")
            }
            let name = exercise.id + String(repeating: " ", count: nameWidth - exercise.id.count)
            return "        \(label) \(exercise.number) \(name)  "
                + style.apply(.dim, to: workspace.relativePath(for: exercise, in: lesson))
        }
    }
}
