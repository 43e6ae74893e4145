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
    private var historyCountAtEditLoad: [String: Int] = [:]

    /// The open lesson, if any.
    public private(set) var lesson: Lesson?
    /// The index of the open section in ``lesson``'s sections.
    public private(set) var sectionIndex = 0

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

    private var style: TerminalStyle { renderer.style }

    private var checkFlow: ExerciseCheckFlow { ExerciseCheckFlow(library: library, store: store) }

    private func say(_ text: String = "") { console.write(text + "\n") }

    /// Whether code can run; if not, says why `command` cannot, and what still works.
    private func canEvaluate(_ command: String) -> Bool {
        guard let reason = evaluator.unavailableReason else { return true }
        say(style.apply(.red, to: "✗ ") + "\(command) needs to run Swift code, and swiftlab could not start its Swift session:")
        say("  " + reason)
        say(style.apply(.dim, to: "The lessons can still be read: :lesson, :next, :back, :hint and :solution work."))
        return false
    }

    // MARK: - Banner and overviews

    /// The lines shown when swiftlab starts: overall progress and how to go on.
    public func banner() -> String {
        LessonOverview(library: library, progress: store.load(), style: style).banner()
    }

    /// `:lessons`: every lesson with done and current marks, and a progress bar.
    public func listLessons() {
        say(LessonOverview(library: library, progress: store.load(), style: style).list())
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
            say("You are on lesson \(lesson.number), \(lesson.title), section \(sectionIndex + 1) of \(lesson.sections.count).")
        }
        say(style.apply(.dim, to: "Saved in \(store.fileURL.path). :progress reset starts over."))
    }

    /// `:progress reset`: erases all progress after the learner confirms.
    public func resetProgress() {
        let answer = console.ask("Erase all lesson progress (passed exercises, hints seen, where you are)? This cannot be undone. [y/N] ")
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
                say("No lesson '\(query)'. Did you mean :lesson \(close.slug) (lesson \(close.number), \(close.title))?")
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
            say(style.apply(.dim, to: "That was the last section of lesson \(lesson.number); on to lesson \(following.number)."))
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

    private func move(to lesson: Lesson, section: Int) {
        self.lesson = lesson
        sectionIndex = section
        store.update { $0.visit(lessonID: lesson.id, section: section) }
        showSection()
    }

    private func noLessonOpen() {
        say("No lesson is open: :lessons lists them, :lesson N opens one.")
    }

    /// Shows the open section: a header, the text, examples and starter code, and what to do next.
    public func showSection() {
        guard let lesson else { return noLessonOpen() }
        if let measureWidth { renderer.width = max(20, measureWidth()) }
        let section = lesson.sections[sectionIndex]
        say(style.apply(.dim, to: "Lesson \(lesson.number) · \(lesson.title) · \(sectionIndex + 1)/\(lesson.sections.count)"))
        let heading = sectionIndex == 0 ? "# \(lesson.title)" : section.exercise != nil ? "## Exercise: \(section.title)" : "## \(section.title)"
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
                let label = example.isPrediction
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
            case .starter(let code):
                hiddenBehind = nil
                say(style.apply(.bold, to: "Start from:"))
                say(renderer.codeBlock(code, language: "swift").joined(separator: "\n"))
            }
            say()
        }
        if let hidden = hiddenBehind ?? section.items.lazy.compactMap({ item -> LessonExample? in
            if case .example(let example) = item, example.isPrediction,
               !self.revealedPredictions.contains(self.predictionKey(lesson, example)) { return example }
            return nil
        }).first {
            say(style.apply(.dim, to: "Guess first: :run \(hidden.number) asks for your guess, runs it, then explains."))
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

    // MARK: - Examples

    /// `:run N`: runs example N of the open lesson in the session, so its names stay. A
    /// prediction first asks for a guess, compares it with the values printed, then shows
    /// the explanation that follows it in the lesson. A `:` command typed at the guess
    /// prompt is returned, for the REPL to run instead.
    @discardableResult
    public func run(_ argument: String) -> String? {
        guard let lesson else {
            noLessonOpen()
            return nil
        }
        let examples = lesson.examples
        guard !examples.isEmpty else {
            say("Lesson \(lesson.number) has no examples to run.")
            return nil
        }
        let argument = argument.trimmingSpaces()
        let chosen: LessonExample?
        if argument.isEmpty {
            chosen = lesson.sections[sectionIndex].items.lazy.compactMap { item -> LessonExample? in
                if case .example(let example) = item { return example }
                return nil
            }.first
        } else {
            chosen = Int(argument).flatMap { number in examples.first { $0.number == number } }
        }
        guard let example = chosen else {
            say("Lesson \(lesson.number) has examples 1 to \(examples.count): :run N runs one.")
            return nil
        }
        guard canEvaluate(":run") else {
            say("Example \(example.number):")
            say(renderer.codeBlock(example.code, language: "swift").joined(separator: "\n"))
            say("What it prints, according to the lesson:")
            say(renderer.codeBlock(example.expectedOutput, language: "output").joined(separator: "\n"))
            return nil
        }
        runExamples(neededBy: example, in: lesson)
        say(renderer.codeBlock(example.code, language: "swift").joined(separator: "\n"))
        var guess: String?
        if example.isPrediction {
            guess = console.ask("What will it print? Type your guess (Return to skip): ")?.trimmingSpaces()
            if let command = guess, command.hasPrefix(":") {
                say(style.apply(.dim, to: "(Not run: \(command) is a command. :run \(example.number) asks again.)"))
                return command
            }
        }
        var printed = ""
        _ = evaluator.evaluate(example.code) { chunk in
            printed += chunk
            console.write(chunk)
        }
        if !printed.isEmpty && !printed.hasSuffix("\n") { say() }
        if let guess, !guess.isEmpty {
            if PredictionComparison.matches(guess: guess, printed: printed) {
                say(style.apply(.green, to: "✓ You predicted it."))
            } else {
                say(style.apply(.yellow, to: "Not what you guessed") + " (\(guess)).")
            }
        }
        if example.isPrediction { revealExplanation(of: example, in: lesson) }
        return nil
    }

    /// Runs, in order, the earlier examples of `lesson` that declare names `example` uses
    /// and the session does not have yet (and those they need in turn), saying so; their
    /// output is shown only when one fails.
    private func runExamples(neededBy example: LessonExample, in lesson: Lesson) {
        let known = Set(evaluator.declaredNames)
        var needed: [LessonExample] = []
        var wanted = usedNames(in: example.code).subtracting(known).subtracting(LearnerCode.declaredNames(in: example.code))
        for earlier in lesson.examples.filter({ $0.number < example.number }).reversed() {
            let provides = LearnerCode.declaredNames(in: earlier.code).intersection(wanted)
            guard !provides.isEmpty else { continue }
            needed.insert(earlier, at: 0)
            wanted.subtract(provides)
            wanted.formUnion(usedNames(in: earlier.code).subtracting(known))
        }
        guard !needed.isEmpty else { return }
        let listed = needed.map { String($0.number) }
        let numbers = listed.count == 1 ? listed[0] : listed.dropLast().joined(separator: ", ") + " and " + listed.last!
        say(style.apply(.dim, to: "Example \(example.number) uses what example\(needed.count == 1 ? "" : "s") \(numbers) define\(needed.count == 1 ? "s" : ""): running \(needed.count == 1 ? "it" : "them") first."))
        for earlier in needed {
            var printed = ""
            let result = evaluator.evaluate(earlier.code) { printed += $0 }
            if result.status != .succeeded {
                say("Example \(earlier.number) did not run:")
                console.write(printed.hasSuffix("\n") || printed.isEmpty ? printed : printed + "\n")
            }
        }
    }

    /// The identifiers `code` mentions.
    private func usedNames(in code: String) -> Set<String> {
        Set(SwiftLexer.tokenize(code).filter { $0.kind == .identifier }.map(\.text))
    }

    /// Predictions whose explanation the learner has seen (`lesson-id#number`).
    private var revealedPredictions: Set<String> = []

    private func predictionKey(_ lesson: Lesson, _ example: LessonExample) -> String {
        "\(lesson.id)#\(example.number)"
    }

    /// Shows the prose that follows `example` in its section (the explanation it hid), once.
    private func revealExplanation(of example: LessonExample, in lesson: Lesson) {
        guard revealedPredictions.insert(predictionKey(lesson, example)).inserted else { return }
        func isThisExample(_ item: SectionItem) -> Bool {
            if case .example(let other) = item { return other.number == example.number }
            return false
        }
        guard let section = lesson.sections.first(where: { $0.items.contains(where: isThisExample) }),
              let index = section.items.firstIndex(where: isThisExample) else { return }
        let explanation = section.items[(index + 1)...].prefix { item in
            if case .markdown = item { return true }
            return false
        }.compactMap { item -> String? in
            if case .markdown(let text) = item { return text }
            return nil
        }
        guard !explanation.isEmpty else { return }
        say()
        say(style.apply(.bold, to: "Why:"))
        explanation.forEach { say(renderer.render($0)) }
    }

    // MARK: - Exercises

    /// The exercise of the open section, if it is one.
    public var currentExercise: Exercise? { lesson?.sections[sectionIndex].exercise }

    private func requireExercise() -> (Lesson, Exercise)? {
        guard let lesson else {
            noLessonOpen()
            return nil
        }
        guard let exercise = currentExercise else {
            say(lesson.exercises.isEmpty
                ? "Lesson \(lesson.number) has no exercises."
                : "This section is not an exercise: :exercise goes to the next one.")
            return nil
        }
        return (lesson, exercise)
    }

    /// `:exercise`: shows the open exercise while it is unsolved; otherwise goes to the
    /// lesson's next unsolved exercise (or, when all are solved, the next exercise).
    public func showExercise() {
        guard let lesson else { return noLessonOpen() }
        let progress = store.load()
        if let exercise = currentExercise, !progress.hasPassed(exercise, in: lesson) { return showSection() }
        let indices = lesson.sections.indices.filter { lesson.sections[$0].exercise != nil }
        guard !indices.isEmpty else {
            say("Lesson \(lesson.number) has no exercises.")
            return
        }
        let unsolved = indices.filter { !progress.hasPassed(lesson.sections[$0].exercise!, in: lesson) }
        if unsolved.isEmpty {
            say(style.apply(.green, to: "✓") + " You have solved every exercise of lesson \(lesson.number).")
        }
        let target = unsolved.first { $0 > sectionIndex } ?? unsolved.first
            ?? indices.first { $0 > sectionIndex } ?? indices[0]
        move(to: lesson, section: target)
    }

    /// `:check`: runs the open exercise's check against the session.
    ///
    /// On a pass, the learner's code typed in this session (`history`) is written to the
    /// exercise's workspace file (the file it replaces kept as a backup), so `swiftlab
    /// check` finds the same answer.
    public func check(history: [String] = []) {
        guard let (lesson, exercise) = requireExercise(), canEvaluate(":check") else { return }
        let checked = checkFlow.check(exercise, in: lesson, with: evaluator)
        let outcome = checked.outcome
        say(outcome.message(style: style))
        if case .missingDefinitions(let names) = outcome.verdict {
            say("Write \(names.count == 1 ? "it" : "them") here (or with :edit), then :check again.")
        }
        guard outcome.passed else {
            let seen = checked.before.record(for: lesson.id).hintsSeen[exercise.id] ?? 0
            if seen < exercise.hints.count {
                say(style.apply(.dim, to: ":hint gives a hint (\(seen + 1) of \(exercise.hints.count))."))
            } else {
                say(style.apply(.dim, to: ":solution shows the reference solution."))
            }
            return
        }
        let (before, after) = (checked.before, checked.after)
        let key = lesson.id + "/" + exercise.id
        if let code = LearnerCode.latest(for: exercise, in: history.dropFirst(historyCountAtEditLoad[key] ?? 0)),
           (try? workspace.write(code, for: exercise, in: lesson)) == true {
            say(style.apply(.dim, to: "Saved your answer to \(workspace.fileURL(for: exercise, in: lesson).path)."))
        }
        say("Lesson \(lesson.number): " + checkFlow.exercisesBar(of: lesson, in: after, style: style) + " exercises")
        if after.isDone(lesson) && !before.isDone(lesson) {
            say(style.apply(.green, .bold, to: "Lesson \(lesson.number) done!") + " Lessons "
                + checkFlow.lessonsBar(in: after, style: style))
            if let following = library.lesson(after: lesson) {
                say("Next: :lesson \(following.number) (\(following.title)).")
            }
        }
        say(style.apply(.dim, to: ":solution shows the reference solution to compare with yours; :next goes on."))
    }

    /// `:hint`: the open exercise's next hint, in order; the last one again when all are shown.
    public func hint() {
        guard let (lesson, exercise) = requireExercise() else { return }
        let (index, seen) = checkFlow.revealHint(of: exercise, in: lesson)
        say(style.apply(.bold, to: "Hint \(index + 1) of \(exercise.hints.count):"))
        say(renderer.render(exercise.hints[index]))
        if index + 1 == exercise.hints.count && seen >= exercise.hints.count {
            say(style.apply(.dim, to: "That is the last hint. :solution shows the reference solution."))
        }
    }

    /// `:solution`: the reference solution, after a pass or once the learner confirms.
    public func solution() {
        guard let (lesson, exercise) = requireExercise() else { return }
        if !store.load().hasPassed(exercise, in: lesson) {
            let answer = console.ask("You have not solved '\(exercise.title)' yet. Show the solution anyway? [y/N] ")
            guard let answer, ["y", "yes"].contains(answer.trimmingSpaces().lowercased()) else {
                say("Not shown. :hint gives a hint instead.")
                return
            }
        }
        say(style.apply(.bold, to: "Reference solution:"))
        say(renderer.codeBlock(exercise.solution, language: "swift").joined(separator: "\n"))
    }

    /// `:starter`: runs the supporting code of the exercise's starter (the types and
    /// functions the reference solution does not declare) in the session, so the learner
    /// does not paste it; what the learner is to write is left alone.
    public func loadStarter() {
        guard let (_, exercise) = requireExercise(), canEvaluate(":starter") else { return }
        // What the learner writes: what the reference solution declares differently from
        // the starter (a type both declare alike is support).
        func squeezed(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let solutionItems = SwiftLexer.topLevelItems(in: exercise.solution)
        let unchanged = Set(solutionItems.map { squeezed($0.text) })
        let supporting = SwiftLexer.topLevelItems(in: exercise.starter ?? "").filter { item in
            unchanged.contains(squeezed(item.text))
                || LearnerCode.declaredNames(in: item.text).isDisjoint(with: LearnerCode.declaredNames(in: exercise.solution))
        }
        let yours = LearnerCode.declaredNames(in: exercise.solution)
            .subtracting(supporting.flatMap { LearnerCode.declaredNames(in: $0.text) })
        guard !supporting.isEmpty else {
            say("'\(exercise.title)' has no supporting code: its starter is only what you write.")
            return
        }
        let result = evaluator.evaluate(supporting.map(\.text).joined(separator: "\n\n")) { console.write($0) }
        let names = supporting.flatMap { LearnerCode.declaredNames(in: $0.text).sorted() }
        if result.status == .succeeded {
            say("Loaded the supporting code of '\(exercise.title)'" + (names.isEmpty ? "." : ": \(names.joined(separator: ", ")).")
                + " Now write " + yours.sorted().joined(separator: ", ") + ".")
        }
    }

    /// `:edit`: opens the exercise's workspace file in the learner's editor and loads it on
    /// return if they changed it (an editor that failed, or quit without saving, leaves
    /// the session as it was).
    ///
    /// The file starts from the learner's latest code for the exercise: what they typed in
    /// the REPL (from `history`, this session's inputs) since the file was last loaded, when
    /// there is any; the file it replaces is kept as a backup.
    public func edit(history: [String] = []) {
        guard let (lesson, exercise) = requireExercise(), canEvaluate(":edit") else { return }
        let url: URL
        do {
            url = try workspace.prepareFile(for: exercise, in: lesson).url
            let key = lesson.id + "/" + exercise.id
            let typedSinceLoad = history.dropFirst(historyCountAtEditLoad[key] ?? 0)
            if let code = LearnerCode.latest(for: exercise, in: typedSinceLoad),
               try workspace.write(code, for: exercise, in: lesson) {
                say(style.apply(.dim, to: "The file starts from your code typed here; the one before is kept as \(workspace.backupURL(for: exercise, in: lesson).lastPathComponent)."))
            }
        } catch {
            say("Cannot create the exercise file in \(workspace.directory.path): \(error.localizedDescription)")
            return
        }
        let before = try? Data(contentsOf: url)
        guard openEditor(url) else {
            say("Could not start an editor: set $EDITOR (for example `export EDITOR=nano`). The file is \(url.path).")
            return
        }
        guard let after = try? Data(contentsOf: url), after != before else {
            say("The file was not changed, so nothing was loaded. The file is \(url.path).")
            return
        }
        guard let code = workspace.code(for: exercise, in: lesson) else {
            say("Cannot read \(url.path).")
            return
        }
        say(style.apply(.dim, to: "Loading \(url.path)"))
        let result = evaluator.evaluate(code) { console.write($0) }
        historyCountAtEditLoad[lesson.id + "/" + exercise.id] = history.count
        if result.status == .succeeded {
            say("Loaded. :check checks it.")
        } else {
            // The diagnostics or the trap message were shown as they came.
            say("Your file did not load; :edit again to fix it.")
        }
    }
}
