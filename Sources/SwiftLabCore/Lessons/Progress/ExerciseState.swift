/// How far the learner is with one exercise, as `swiftlab lessons` and `:lessons` show it.
public enum ExerciseState: String, Sendable {
    /// Passed, in the REPL or with `swiftlab check`.
    case done
    /// Not passed, but the learner has written in its file.
    case started
    /// Not touched yet.
    case new

    /// The state of `exercise` from the saved `progress` and the learner's file in `workspace`.
    public init(of exercise: Exercise, in lesson: Lesson, progress: LessonProgress, workspace: ExerciseWorkspace) {
        if progress.hasPassed(exercise, in: lesson) {
            self = .done
        } else if workspace.isStarted(exercise, in: lesson) {
            self = .started
        } else {
            self = .new
        }
    }
}
