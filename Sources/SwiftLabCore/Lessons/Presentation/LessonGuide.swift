import Foundation

/// The lessons as the learner meets them in the REPL: which lesson and section is open,
/// and what each lesson command (`:lesson`, `:next`, `:run`, `:check`, `:hint` ...) does.
///
/// The guide keeps no state of its own that must survive a restart: the position, passed
/// exercises and hints seen go to ``ProgressStore`` as soon as they change.
public final class LessonGuide {
    /// All lessons, and the problems of those that did not load.
    public let library: LessonLibrary
    /// Where progress is saved.
    public let store: ProgressStore
    /// The learner's exercise files for `:edit`.
    public let workspace: ExerciseWorkspace
    /// Runs examples and checks in the learner's session.
    public let evaluator: any LessonEvaluator
    /// Where output goes and questions are asked.
    public let console: any LessonConsole
    /// How lesson text is shown.
    public var renderer: MarkdownRenderer
    /// Opens a file in the learner's editor and returns when they are done; returns false
    /// when no editor could be started. Replaceable for tests.
    public var openEditor: (URL) -> Bool = { TerminalEditor.open($0, environment: ProcessInfo.processInfo.environment) }

    /// Measures the terminal's width before each section is shown, so text is wrapped to
    /// the window as it is now; nil keeps ``renderer``'s width.
    public var measureWidth: (() -> Int)?

    /// For each exercise (`lesson/exercise`) loaded by `:edit`, how many inputs the history
    /// held then: only inputs typed after that are newer than the file.
    var historyCountAtEditLoad: [String: Int] = [:]

    /// Predictions whose explanation the learner has seen (`lesson-id#number`).
    var revealedPredictions: Set<String> = []

    /// The open lesson, if any.
    public internal(set) var lesson: Lesson?
    /// The index of the open section in ``lesson``'s sections.
    public internal(set) var sectionIndex = 0

    /// Creates a guide and restores the position saved by an earlier run, without printing.
    public init(
        library: LessonLibrary, store: ProgressStore, workspace: ExerciseWorkspace,
        evaluator: any LessonEvaluator, console: any LessonConsole, renderer: MarkdownRenderer
    ) {
        self.library = library
        self.store = store
        self.workspace = workspace
        self.evaluator = evaluator
        self.console = console
        self.renderer = renderer
        let progress = store.load()
        if let id = progress.currentLesson, let saved = library.lessons.first(where: { $0.id == id }) {
            lesson = saved
            sectionIndex = min(max(0, progress.currentSection), saved.sections.count - 1)
        }
    }

    var style: TerminalStyle { renderer.style }

    var checkFlow: ExerciseCheckFlow { ExerciseCheckFlow(library: library, store: store) }

    func say(_ text: String = "") { console.write(text + "\n") }

    /// Whether code can run; if not, says why `command` cannot, and what still works.
    func canEvaluate(_ command: String) -> Bool {
        guard let reason = evaluator.unavailableReason else { return true }
        say(
            style.apply(.red, to: "✗ ")
                + "\(command) needs to run Swift code, and swiftlab could not start its Swift session:")
        say("  " + reason)
        say(style.apply(.dim, to: "The lessons can still be read: :lesson, :next, :back, :hint and :solution work."))
        return false
    }

    // MARK: - Banner and overviews

    /// The lines shown when swiftlab starts: overall progress and how to go on.
    public func banner() -> String {
        LessonOverview(library: library, progress: store.load(), style: style).banner()
    }

    /// `:lessons`: every lesson with done and current marks, and a progress bar, and its
    /// exercises with their state and file.
    public func listLessons() {
        say(LessonOverview(library: library, progress: store.load(), style: style).list(workspace: workspace))
    }

    /// `:reset LESSON [EXERCISE]`: puts exercise files back to their starter code (see
    /// ``ExerciseReset``); `arguments` is what follows `:reset`.
    public func resetExercises(_ arguments: String) {
        let words = arguments.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        for line in ExerciseReset(library: library, workspace: workspace).run(words, command: ":reset").lines {
            say(line)
        }
    }

    /// `:progress`: overall progress and, per started lesson, exercises passed.
    public func showProgress() {
        let progress = store.load()
        let done = progress.completedCount(of: library.lessons)
        say("Lessons done: " + ProgressBar.render(done: done, total: library.lessons.count, style: style))
        let exercises = library.lessons.flatMap { lesson in lesson.exercises.map { (lesson, $0) } }
        let passed = exercises.filter { progress.hasPassed($1, in: $0) }.count
        say("Exercises:    " + ProgressBar.render(done: passed, total: exercises.count, style: style))
        if let lesson {
            say(
                "You are on lesson \(lesson.number), \(lesson.title), section \(sectionIndex + 1) of \(lesson.sections.count)."
            )
        }
        say(style.apply(.dim, to: "Saved in \(store.fileURL.path). :progress reset starts over."))
    }

    /// `:progress reset`: erases all progress after the learner confirms.
    public func resetProgress() {
        let answer = console.ask(
            "Erase all lesson progress (passed exercises, hints seen, where you are)? This cannot be undone. [y/N] ")
        guard let answer, ["y", "yes"].contains(answer.trimmingSpaces().lowercased()) else {
            say("Kept your progress.")
            return
        }
        store.update { $0 = LessonProgress() }
        lesson = nil
        sectionIndex = 0
        say("Progress erased. :lesson 1 starts again from the beginning.")
    }

    // MARK: - Navigation

    /// `:lesson N|NAME`: opens a lesson (the current one where the learner left it).
    public func open(_ query: String) {
        let query = query.trimmingSpaces()
        guard !query.isEmpty else {
            if lesson != nil {
                showSection()
            } else {
                say("Which lesson? :lesson N or :lesson NAME; :lessons lists them.")
            }
            return
        }
        guard let found = library.lesson(named: query) else {
            let names = library.lessons.map { "\($0.number) (\($0.slug))" }.joined(separator: ", ")
            if let problem = library.problems.first(where: { $0.path.contains(query) }) {
                say("That lesson could not be read: \(problem)")
            } else if let close = library.lessons.min(by: {
                EditDistance.between(query.lowercased(), $0.slug) < EditDistance.between(query.lowercased(), $1.slug)
            }), EditDistance.between(query.lowercased(), close.slug) <= max(2, query.count / 3) {
                say(
                    "No lesson '\(query)'. Did you mean :lesson \(close.slug) (lesson \(close.number), \(close.title))?"
                )
            } else {
                say("No lesson '\(query)'. Lessons: \(names.isEmpty ? "none" : names).")
            }
            return
        }
        let progress = store.load()
        let resume = progress.currentLesson == found.id ? min(progress.currentSection, found.sections.count - 1) : 0
        move(to: found, section: resume)
    }

    /// `:next`: the next section (or, at the end, says what comes next).
    public func next() {
        guard let lesson else { return noLessonOpen() }
        if sectionIndex + 1 < lesson.sections.count {
            move(to: lesson, section: sectionIndex + 1)
        } else if let following = library.lesson(after: lesson) {
            // At a lesson's end, :next goes on to the next lesson, where the learner left it.
            say(
                style.apply(
                    .dim, to: "That was the last section of lesson \(lesson.number); on to lesson \(following.number).")
            )
            open(String(following.number))
        } else {
            say("That was the last section of the last lesson.")
        }
    }

    /// `:back`: the previous section.
    public func back() {
        guard let lesson else { return noLessonOpen() }
        guard sectionIndex > 0 else {
            say("This is the start of lesson \(lesson.number).")
            return
        }
        move(to: lesson, section: sectionIndex - 1)
    }

    func move(to lesson: Lesson, section: Int) {
        self.lesson = lesson
        sectionIndex = section
        store.update { $0.visit(lessonID: lesson.id, section: section) }
        showSection()
    }

    func noLessonOpen() {
        say("No lesson is open: :lessons lists them, :lesson N opens one.")
    }

    /// Shows `example` as its section does: a label saying how to run it, its code, and
    /// (unless it is a prediction) what it prints.
    func showExample(_ example: LessonExample, in lesson: Lesson) {
        let label =
            example.isPrediction
            ? "Predict the output (:run \(example.number)):"
            : "Example \(example.number) (:run \(example.number) runs it):"
        say(style.apply(.bold, to: label))
        say(renderer.codeBlock(example.code, language: "swift").joined(separator: "\n"))
        // The text around an example talks about what it prints, so show that
        // too; a prediction keeps it hidden until the learner has guessed.
        if !example.isPrediction, !example.expectedOutput.isEmpty {
            say(style.apply(.dim, to: "It prints:"))
            say(renderer.codeBlock(example.expectedOutput, language: "output").joined(separator: "\n"))
        }
    }

    /// Shows the open section: a header, the text, examples and starter code, and what to do next.
    public func showSection() {
        guard let lesson else { return noLessonOpen() }
        if let measureWidth { renderer.width = max(20, measureWidth()) }
        let section = lesson.sections[sectionIndex]
        say(
            style.apply(
                .dim, to: "Lesson \(lesson.number) · \(lesson.title) · \(sectionIndex + 1)/\(lesson.sections.count)"))
        let heading =
            sectionIndex == 0
            ? "# \(lesson.title)" : section.exercise != nil ? "## Exercise: \(section.title)" : "## \(section.title)"
        say(renderer.render(heading))
        say()
        // The prose after a prediction explains it: hidden until the learner has run it.
        var hiddenBehind: LessonExample?
        for item in section.items {
            switch item {
            case .markdown(let text):
                if hiddenBehind == nil { say(renderer.render(text)) } else { continue }
            case .example(let example):
                hiddenBehind = nil
                if example.isPrediction && !revealedPredictions.contains(predictionKey(lesson, example)) {
                    hiddenBehind = example
                }
                showExample(example, in: lesson)
            case .starter(let code):
                hiddenBehind = nil
                say(style.apply(.bold, to: "Start from:"))
                say(renderer.codeBlock(code, language: "swift").joined(separator: "\n"))
            }
            say()
        }
        if let hidden = hiddenBehind
            ?? section.items.lazy.compactMap({ item -> LessonExample? in
                if case .example(let example) = item, example.isPrediction,
                    !self.revealedPredictions.contains(self.predictionKey(lesson, example))
                {
                    return example
                }
                return nil
            }).first
        {
            say(
                style.apply(.dim, to: "Guess first: :run \(hidden.number) asks for your guess, runs it, then explains.")
            )
        }
        if let exercise = section.exercise {
            if store.load().hasPassed(exercise, in: lesson) {
                say(style.apply(.green, to: "✓ Solved.") + " :solution shows the reference solution.")
            } else {
                say(style.apply(.dim, to: "Write your answer here (or :edit), then :check. :hint gives a hint."))
            }
        }
        if sectionIndex + 1 < lesson.sections.count {
            say(style.apply(.dim, to: ":next → \(lesson.sections[sectionIndex + 1].title)"))
        } else if let following = library.lesson(after: lesson) {
            say(style.apply(.dim, to: "End of the lesson. :lesson \(following.number) → \(following.title)"))
        } else {
            say(style.apply(.dim, to: "End of the lesson."))
        }
    }
}
