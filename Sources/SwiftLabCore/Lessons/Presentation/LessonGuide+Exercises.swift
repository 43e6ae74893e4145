import Foundation

/// The exercise commands: `:exercise`, `:check`, `:hint`, `:solution`, `:starter` and `:edit`.
extension LessonGuide {
    /// The exercise of the open section, if it is one.
    public var currentExercise: Exercise? { lesson?.sections[sectionIndex].exercise }

    private func requireExercise() -> (Lesson, Exercise)? {
        guard let lesson else {
            noLessonOpen()
            return nil
        }
        guard let exercise = currentExercise else {
            say(
                lesson.exercises.isEmpty
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
        let target =
            unsolved.first { $0 > sectionIndex } ?? unsolved.first
            ?? indices.first { $0 > sectionIndex } ?? indices[0]
        move(to: lesson, section: target)
    }

    /// `:check`: runs the open exercise's check against the session; `:check 3.2` first
    /// opens exercise 2 of lesson 3 (without showing it), as a lesson's notebook does.
    ///
    /// On a pass, the learner's code typed in this session (`history`) is written to the
    /// exercise's workspace file (the file it replaces kept as a backup), so `swiftlab
    /// check` finds the same answer.
    public func check(_ target: String = "", history: [String] = []) {
        if !target.isEmpty, !openQuietly(exercise: target) { return }
        guard let (lesson, exercise) = requireExercise(), canEvaluate(":check") else { return }
        let checked = checkFlow.check(exercise, in: lesson, with: evaluator)
        let outcome = checked.outcome
        if case .missingDefinitions(let names) = outcome.verdict {
            // Given code (a type the exercise supplies) is loaded with :starter, not written.
            let given = Set(supportingCode(of: exercise).names)
            let toLoad = names.filter(given.contains)
            let toWrite = names.filter { !given.contains($0) }
            if toLoad.isEmpty {
                say(outcome.message(style: style))
                say("Write \(names.count == 1 ? "it" : "them") here (or with :edit), then :check again.")
            } else {
                let list = { (names: [String]) in names.map { "`\($0)`" }.joined(separator: ", ") }
                say(
                    style.apply(.yellow, .bold, to: "✗ Not yet")
                        + ": the check uses \(list(toLoad)), which the exercise gives you: :starter loads it.")
                if !toWrite.isEmpty { say("Then write \(list(toWrite)) here (or with :edit), and :check again.") }
            }
        } else {
            say(outcome.message(style: style))
        }
        if case .doesNotCompile(let diagnostics) = outcome.verdict, diagnostics.contains("non-function type") {
            // An older value of the same name (another lesson's `let greeting`) hides the
            // function the check calls: the check's code cannot tell, the learner can.
            let functions = Self.functionNames(in: exercise.solution).intersection(evaluator.declaredNames)
            if !functions.isEmpty {
                let list = functions.sorted().map { "`\($0)`" }.joined(separator: ", ")
                say(
                    "The check calls \(list) as a function, and this session also has a value of that name "
                        + "(declared earlier, perhaps in another lesson), which hides it. :reset starts a fresh "
                        + "session; then :starter and your answer again, and :check.")
            }
        }
        if case .staleDefinitions = outcome.verdict {
            // Hints are about the exercise; this is about the session.
            say("Enter that code again as the note says (or :reset and enter your answer again), then :check again.")
            return
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
            (try? workspace.write(code, for: exercise, in: lesson)) == true
        {
            say(style.apply(.dim, to: "Saved your answer to \(workspace.fileURL(for: exercise, in: lesson).path)."))
        }
        say("Lesson \(lesson.number): " + checkFlow.exercisesBar(of: lesson, in: after, style: style) + " exercises")
        if after.isDone(lesson) && !before.isDone(lesson) {
            say(
                style.apply(.green, .bold, to: "Lesson \(lesson.number) done!") + " Lessons "
                    + checkFlow.lessonsBar(in: after, style: style))
            if let following = library.lesson(after: lesson) {
                say("Next: :lesson \(following.number) (\(following.title)).")
            }
        }
        say(style.apply(.dim, to: ":solution shows the reference solution to compare with yours; :next goes on."))
    }

    /// Makes exercise `target` (`3.2`: lesson 3's second) the open section without
    /// showing it; says how to name one when `target` names none.
    func openQuietly(exercise target: String) -> Bool {
        let parts = target.split(separator: ".")
        guard parts.count == 2, let found = library.lesson(named: String(parts[0])), let number = Int(parts[1]),
            found.exercises.indices.contains(number - 1),
            let section = found.sectionIndex(of: found.exercises[number - 1])
        else {
            say(
                "No exercise '\(target)': :check LESSON.N checks exercise N of a lesson (:check 3.2), :check the open one."
            )
            return false
        }
        lesson = found
        sectionIndex = section
        store.update { $0.visit(lessonID: found.id, section: section) }
        return true
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
        let (supporting, names) = supportingCode(of: exercise)
        let yours = LearnerCode.declaredNames(in: exercise.solution).subtracting(names)
        guard !supporting.isEmpty else {
            say("'\(exercise.title)' has no supporting code: its starter is only what you write.")
            return
        }
        let result = evaluator.evaluate(supporting.joined(separator: "\n\n")) { console.write($0) }
        if result.status == .succeeded {
            say(
                "Loaded the supporting code of '\(exercise.title)'"
                    + (names.isEmpty ? "." : ": \(names.joined(separator: ", ")).")
                    + " Now write " + yours.sorted().joined(separator: ", ") + ".")
        }
    }

    /// The supporting code of `exercise`'s starter (the top-level declarations the
    /// reference solution does not declare differently: a type both declare alike is
    /// support), and the names it declares, in order.
    func supportingCode(of exercise: Exercise) -> (items: [String], names: [String]) {
        func squeezed(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let unchanged = Set(SwiftLexer.topLevelItems(in: exercise.solution).map { squeezed($0.text) })
        let solutionNames = LearnerCode.declaredNames(in: exercise.solution)
        let supporting = SwiftLexer.topLevelItems(in: exercise.starter ?? "").filter { item in
            unchanged.contains(squeezed(item.text))
                || LearnerCode.declaredNames(in: item.text).isDisjoint(with: solutionNames)
        }
        return (supporting.map(\.text), supporting.flatMap { LearnerCode.declaredNames(in: $0.text).sorted() })
    }

    /// The names of the functions `code` declares at its top level.
    static func functionNames(in code: String) -> Set<String> {
        Set(
            SwiftLexer.topLevelItems(in: code).compactMap { item -> String? in
                // The item's introducer, after attributes and modifiers (`@MainActor public func`).
                let introducers: Set = [
                    "func", "struct", "class", "enum", "actor", "protocol", "extension", "let", "var",
                ]
                let tokens = SwiftLexer.tokenize(item.text)
                guard let index = tokens.firstIndex(where: { $0.kind == .keyword && introducers.contains($0.text) }),
                    tokens[index].text == "func", index + 1 < tokens.count
                else { return nil }
                return tokens[index + 1].text
            })
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
                try workspace.write(code, for: exercise, in: lesson)
            {
                say(
                    style.apply(
                        .dim,
                        to:
                            "The file starts from your code typed here; the one before is kept as \(workspace.backupURL(for: exercise, in: lesson).lastPathComponent)."
                    ))
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
