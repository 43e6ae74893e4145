import Foundation

/// The lesson subcommands of the `swiftlab` executable:
/// `swiftlab lessons`, `swiftlab check [LESSON]`, `swiftlab watch [LESSON]`,
/// `swiftlab reset LESSON [EXERCISE]` and `swiftlab verify [LESSON ...]`.
public struct LessonCommandLine {
    /// The lessons.
    public var library: LessonLibrary
    /// Where progress is saved.
    public var store: ProgressStore
    /// The learner's exercise files.
    public var workspace: ExerciseWorkspace
    /// Makes the evaluator that `check`, `watch` and `verify` run code in.
    public var makeEvaluator: () throws -> any LessonEvaluator
    /// Whether to write colours.
    public var style: TerminalStyle
    /// Writes to standard output.
    public var write: (String) -> Void
    /// How often `watch` looks for saved files.
    public var pollInterval: TimeInterval = 0.5
    /// Whether standard output is a terminal: `watch` then clears the screen before each
    /// check, as Rustlings' watch mode does; otherwise it appends.
    public var clearsScreen = isatty(STDOUT_FILENO) != 0

    /// The names of the subcommands this type handles.
    public static let subcommands = Set(LessonSubcommand.allCases.map(\.rawValue))

    /// Creates the subcommands over the given lessons, progress and workspace.
    public init(
        library: LessonLibrary, store: ProgressStore, workspace: ExerciseWorkspace, style: TerminalStyle,
        write: @escaping (String) -> Void, makeEvaluator: @escaping () throws -> any LessonEvaluator
    ) {
        self.library = library
        self.store = store
        self.workspace = workspace
        self.style = style
        self.write = write
        self.makeEvaluator = makeEvaluator
    }

    private func say(_ text: String = "") { write(text + "\n") }

    private var checkFlow: ExerciseCheckFlow { ExerciseCheckFlow(library: library, store: store) }

    /// The usage line and a short description of `subcommand`, shown by `--help`.
    static func help(for subcommand: String) -> String {
        (LessonSubcommand(rawValue: subcommand) ?? .verify).help
    }

    /// Runs `subcommand` with `arguments`; returns the process exit status.
    public func run(_ subcommand: String, arguments: [String]) -> Int32 {
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            say(Self.help(for: subcommand))
            return 0
        }
        // Lesson names never start with '-', so anything that does is a mistyped option.
        if let option = arguments.first(where: {
            $0.hasPrefix("-") && $0 != "-" && !(subcommand == "check" && $0 == "--hint")
                && !(subcommand == "notebook" && $0 == "--solutions")
        }) {
            let usage = Self.help(for: subcommand).split(separator: "\n").first ?? ""
            say(
                "swiftlab \(subcommand): unknown option '\(option)'.\n\(usage)\n"
                    + "'swiftlab \(subcommand) --help' tells more.")
            return 2
        }
        if subcommand == "lessons", !arguments.isEmpty {
            say("swiftlab lessons takes no arguments.\nUsage: swiftlab lessons")
            return 2
        }
        switch subcommand {
        case "lessons":
            say(
                LessonOverview(library: library, progress: store.load(), style: style).list(
                    workspace: workspace, place: .commandLine))
            return library.problems.isEmpty ? 0 : 1
        case "reset":
            let outcome = ExerciseReset(library: library, workspace: workspace).run(
                arguments, command: "swiftlab reset")
            for line in outcome.lines { say(line) }
            return outcome.succeeded ? 0 : 2
        case "check", "watch":
            guard arguments.filter({ $0 != "--hint" }).count <= 1 else {
                say("swiftlab \(subcommand) takes at most one lesson.\nUsage: swiftlab \(subcommand) [LESSON]")
                return 2
            }
            let wantsHints = subcommand == "check" && arguments.contains("--hint")
            guard let lesson = chooseLesson(arguments.first { $0 != "--hint" }) else { return 2 }
            guard !lesson.exercises.isEmpty else {
                say("Lesson \(lesson.number) (\(lesson.title)) has no exercises.")
                return 0
            }
            let evaluator: any LessonEvaluator
            do {
                evaluator = try makeEvaluator()
            } catch {
                say("swiftlab: cannot start the evaluator: \(error)")
                return 1
            }
            if subcommand == "check" {
                return check(lesson, with: evaluator, showHints: wantsHints) ? 0 : 1
            }
            watch(lesson, with: evaluator)
            return 0
        case "verify":
            return verify(arguments)
        case "notebook":
            return writeNotebook(arguments)
        default:
            say("swiftlab: unknown subcommand \(subcommand)")
            return 2
        }
    }

    /// `swiftlab notebook [--solutions] LESSON [FILE]`: writes the lesson's notebook
    /// (with `--solutions`, the teacher's copy: each exercise's cell holds its solution).
    private func writeNotebook(_ allArguments: [String]) -> Int32 {
        let arguments = allArguments.filter { $0 != "--solutions" }
        guard (1...2).contains(arguments.count) else {
            say(
                "swiftlab notebook takes a lesson and, if you like, a file.\n"
                    + "Usage: swiftlab notebook [--solutions] LESSON [FILE]")
            return 2
        }
        guard let lesson = library.lesson(named: arguments[0]) else {
            say("No lesson '\(arguments[0])'. `swiftlab lessons` lists them.")
            return 2
        }
        var notebook = LessonNotebook(lesson: lesson)
        notebook.showsSolutions = allArguments.contains("--solutions")
        let path = arguments.count == 2 ? arguments[1] : notebook.fileName
        do {
            let data = try notebook.json()
            if path == "-" {
                write(String(decoding: data, as: UTF8.self))
                return 0
            }
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            say("swiftlab notebook: cannot write \(path): \(error.localizedDescription)")
            return 1
        }
        say("Wrote lesson \(lesson.number), \(lesson.title), to \(path).")
        return 0
    }

    /// The lesson named on the command line, else the current one, else the first not done.
    func chooseLesson(_ name: String?) -> Lesson? {
        if let name {
            guard let lesson = library.lesson(named: name) else {
                say("No lesson '\(name)'. `swiftlab lessons` lists them.")
                return nil
            }
            return lesson
        }
        let overview = LessonOverview(library: library, progress: store.load(), style: style)
        if let current = overview.currentLesson, !overview.progress.isDone(current) { return current }
        guard let lesson = overview.nextLessonToDo ?? library.lessons.first else {
            say("No lessons found in \(library.directory).")
            return nil
        }
        return lesson
    }

    // MARK: - check and watch

    /// Checks every exercise file of `lesson`, creating missing ones from the starter code;
    /// returns whether all pass. On a failure the next hint is shown and counted as seen
    /// only when asked for (`showHints`); otherwise it says how to ask. An exercise that
    /// passed before (in the REPL, say) is reported as passed even when its file does not.
    ///
    /// With `focused` (`watch`), an exercise that passes takes one line, and the check stops
    /// at the first that does not: the one to work on, with what to do next.
    @discardableResult
    func check(
        _ lesson: Lesson, with evaluator: any LessonEvaluator, showHints: Bool = false, focused: Bool = false
    ) -> Bool {
        let passedBefore = store.load()
        say(style.apply(.bold, to: "Lesson \(lesson.number): \(lesson.title)"))
        var passedCount = 0
        for exercise in lesson.exercises {
            let url: URL
            do {
                let prepared = try workspace.prepareFile(for: exercise, in: lesson)
                url = prepared.url
                if prepared.created {
                    say("Created \(url.path): write your answer there.")
                }
            } catch {
                say("Cannot create the exercise file in \(workspace.directory.path): \(error.localizedDescription)")
                return false
            }
            let title =
                style.apply(.bold, to: "Exercise \(exercise.number): \(exercise.title)")
                + style.apply(.dim, to: "  \(url.path)")
            evaluator.reset()
            var printed = ""
            let code = workspace.code(for: exercise, in: lesson) ?? ""
            let loaded = evaluator.evaluate(code) { printed += $0 }
            let outcome: CheckOutcome
            var report: [String] = []
            if loaded.status == .compileError {
                report.append(style.apply(.red, .bold, to: "✗ Not yet") + ": your file does not compile:")
                report.append(indented(loaded.diagnostics.isEmpty ? printed : loaded.diagnostics))
                outcome = CheckOutcome(verdict: .doesNotCompile(loaded.diagnostics))
            } else {
                outcome = checkFlow.check(exercise, in: lesson, with: evaluator).outcome
                report.append(outcome.message(style: style))
                if case .missingDefinitions = outcome.verdict {
                    report.append("Write your answer in the file above, then check again.")
                }
            }
            if focused, outcome.passed {
                say(style.apply(.green, to: "✓ ") + title)
                passedCount += 1
                continue
            }
            say()
            say(title)
            for line in report { say(line) }
            if outcome.passed {
                passedCount += 1
            } else {
                if passedBefore.hasPassed(exercise, in: lesson) {
                    say(
                        style.apply(.green, to: "✓")
                            + " You passed this exercise before (in swiftlab); this file holds other code.")
                }
                if showHints {
                    showHint(for: exercise, in: lesson)
                } else if !focused {
                    say(style.apply(.dim, to: "swiftlab check --hint \(lesson.number) shows a hint."))
                }
                if focused {
                    say()
                    say(
                        style.apply(.bold, to: "Next: ") + "edit \(url.path) and save it; it is checked again then. "
                            + "In another window, swiftlab check --hint \(lesson.number) shows a hint.")
                    return false
                }
            }
        }
        if focused {
            say()
            let next = library.lesson(after: lesson)
            say(
                style.apply(.green, .bold, to: "✓ Every exercise of lesson \(lesson.number) passes.")
                    + (next.map {
                        " Next: swiftlab watch \($0.number) (\($0.title)), or :lesson \($0.number) in swiftlab."
                    }
                        ?? " That was the last lesson."))
            return true
        }
        say()
        let progress = store.load()
        let passedEver = lesson.exercises.filter { progress.hasPassed($0, in: lesson) }.count
        say(
            "\(passedCount) of \(lesson.exercises.count) exercise files pass (\(passedEver) of \(lesson.exercises.count) exercises passed). Lessons "
                + checkFlow.lessonsBar(in: progress, style: style) + " done")
        return passedCount == lesson.exercises.count
    }

    /// Shows the next hint of `exercise` and counts it as seen.
    private func showHint(for exercise: Exercise, in lesson: Lesson) {
        let index = checkFlow.revealHint(of: exercise, in: lesson).index
        say(style.apply(.bold, to: "Hint \(index + 1) of \(exercise.hints.count): ") + exercise.hints[index])
    }

    /// Checks `lesson` now and again whenever one of its exercise files is saved, until interrupted.
    func watch(_ lesson: Lesson, with evaluator: any LessonEvaluator) {
        // Watching ends only by a signal: make sure Ctrl-C and `kill` reach us even when
        // a parent (an IDE, a test runner) started us with them blocked.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        while true {
            if clearsScreen {
                // Home and clear the screen and its scroll-back, so the screen shows this check only.
                write("\u{1B}[H\u{1B}[2J\u{1B}[3J")
            }
            check(lesson, with: evaluator, focused: true)
            // The files exist now (check creates missing ones): compare with their dates from here.
            let dates = workspace.modificationDates(of: lesson)
            say(
                style.apply(
                    .dim,
                    to:
                        "Watching \(workspace.directory.appendingPathComponent(lesson.id).path): save a file to check again, Ctrl-C to stop."
                ))
            repeat {
                Thread.sleep(forTimeInterval: pollInterval)
            } while workspace.modificationDates(of: lesson) == dates
            if !clearsScreen { say() }
        }
    }

    // MARK: - verify

    /// Verifies the named lessons (all when none are named); returns the exit status.
    func verify(_ names: [String]) -> Int32 {
        var lessons: [Lesson] = []
        var failures = 0
        if names.isEmpty {
            lessons = library.lessons
            for problem in library.problems {
                say(style.apply(.red, to: "✗ ") + problem.description)
                failures += 1
            }
        } else {
            for name in names {
                guard let lesson = library.lesson(named: name) else {
                    say(style.apply(.red, to: "✗ ") + "no lesson '\(name)'")
                    failures += 1
                    continue
                }
                lessons.append(lesson)
            }
        }
        let evaluator: any LessonEvaluator
        do {
            evaluator = try makeEvaluator()
        } catch {
            say("swiftlab: cannot start the evaluator: \(error)")
            return 1
        }
        let verifier = LessonVerifier(evaluator: evaluator)
        for lesson in lessons {
            let problems = verifier.verify(lesson)
            let counts = counted(lesson.examples.count, "example") + ", " + counted(lesson.exercises.count, "exercise")
            if problems.isEmpty {
                say(style.apply(.green, to: "✓ ") + "\(lesson.id) (\(counts))")
            } else {
                say(style.apply(.red, to: "✗ ") + "\(lesson.id) (\(counts))")
                for problem in problems { say(indented(problem.description)) }
                failures += problems.count
            }
        }
        say(
            failures == 0
                ? (lessons.count == 1 ? "1 lesson agrees" : "All \(lessons.count) lessons agree")
                    + " with what swiftlab does."
                : counted(failures, "problem") + " found.")
        return failures == 0 ? 0 : 1
    }

    /// `1 lesson`, `2 lessons`.
    private func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
