/// `:reset`: alone, starts a fresh session (what it always did); with a lesson, and
/// optionally an exercise, puts exercise files back to their starter code, as
/// `swiftlab reset LESSON [EXERCISE]` does. One name for both, so that what a learner
/// already types keeps its meaning.
enum ResetCommand {
    /// What `:help reset` shows below the summary.
    static let details = """
        :reset                     forget every declaration and value of this session
        :reset LESSON              put every exercise file of LESSON back to its starter code
        :reset LESSON EXERCISE     only that exercise's file (a number or a name, as :lessons lists them)
        A file's previous content is kept next to it as .swift.previous; the session and your
        progress are not changed by resetting a file.
        """

    /// The command, resetting `session` (nil when no Swift session could start) or the
    /// exercise files of `guide`'s workspace.
    static func command(session: Session?, guide: LessonGuide) -> Command {
        Command(
            name: "reset", summary: "Start a fresh session; ':reset N [EXERCISE]' resets an exercise file instead.",
            usage: ":reset [LESSON [EXERCISE]]", details: details
        ) { invocation in
            guard invocation.arguments.isEmpty else {
                guide.resetExercises(invocation.arguments)
                return .continue
            }
            guard let session else {
                invocation.print(invocation.style.error("There is no Swift session to reset."))
                return .continue
            }
            session.reset()
            invocation.print(
                invocation.style.secondary("The session was reset: earlier declarations and values are gone."))
            return .continue
        }
    }
}
