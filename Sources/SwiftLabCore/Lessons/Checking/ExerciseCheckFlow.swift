/// The one way an exercise is checked, for the REPL's `:check`/`:hint` and the `check`
/// and `watch` subcommands alike: check, mark it passed, reveal the next hint after a
/// failure, and measure progress for the bars. What is said about it is the caller's.
struct ExerciseCheckFlow {
    /// All lessons (for the lessons bar).
    let library: LessonLibrary
    /// Where passes and hints seen are recorded.
    let store: ProgressStore

    /// Progress before and after a check.
    struct Recorded {
        /// What the check found.
        var outcome: CheckOutcome
        /// Progress before the check.
        var before: LessonProgress
        /// Progress after it (with the pass recorded).
        var after: LessonProgress
    }

    /// Runs `exercise`'s check against what `evaluator` holds, and records a pass.
    func check(_ exercise: Exercise, in lesson: Lesson, with evaluator: any LessonEvaluator) -> Recorded {
        record(ExerciseChecker.check(exercise, with: evaluator), of: exercise, in: lesson)
    }

    /// Records `outcome` of `exercise`'s check: a pass is saved at once.
    func record(_ outcome: CheckOutcome, of exercise: Exercise, in lesson: Lesson) -> Recorded {
        let before = store.load()
        guard outcome.passed else { return Recorded(outcome: outcome, before: before, after: before) }
        let after = store.update { $0.markPassed(exercise.id, in: lesson.id) }
        return Recorded(outcome: outcome, before: before, after: after)
    }

    /// How many of `exercise`'s hints the learner has seen.
    func hintsSeen(of exercise: Exercise, in lesson: Lesson) -> Int {
        store.load().record(for: lesson.id).hintsSeen[exercise.id] ?? 0
    }

    /// The index of the hint to show, recorded as seen. `advance`: the next one (the last
    /// again once all are shown); otherwise the latest one seen again (the first if none).
    func revealHint(of exercise: Exercise, in lesson: Lesson, advance: Bool = true) -> (index: Int, seenBefore: Int) {
        let seen = hintsSeen(of: exercise, in: lesson)
        let index = advance ? min(seen, exercise.hints.count - 1) : max(0, min(seen, exercise.hints.count) - 1)
        if advance || seen == 0 {
            store.update { $0.noteHints(index + 1, exerciseID: exercise.id, in: lesson.id) }
        }
        return (index, seen)
    }

    /// The bar of `lesson`'s exercises passed in `progress`.
    func exercisesBar(of lesson: Lesson, in progress: LessonProgress, style: TerminalStyle) -> String {
        let passed = lesson.exercises.filter { progress.hasPassed($0, in: lesson) }.count
        return ProgressBar.render(done: passed, total: lesson.exercises.count, style: style)
    }

    /// The bar of lessons done in `progress`.
    func lessonsBar(in progress: LessonProgress, style: TerminalStyle) -> String {
        ProgressBar.render(
            done: progress.completedCount(of: library.lessons), total: library.lessons.count, style: style)
    }
}
