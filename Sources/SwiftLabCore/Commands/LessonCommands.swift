/// The lesson commands of the REPL, registered in the shell's ``CommandRegistry``:
/// `:lessons`, `:lesson`, `:next`, `:back`, `:run`, `:exercise`, `:check`, `:hint`,
/// `:solution`, `:starter`, `:edit` and `:progress`.
public enum LessonCommands {
    /// Registers every lesson command, acting on `guide`.
    public static func register(in registry: inout CommandRegistry, guide: LessonGuide) {
        func add(
            _ name: String, aliases: [String] = [], _ summary: String, usage: String? = nil,
            _ action: @escaping (String) -> Void
        ) {
            registry.register(
                Command(name: name, aliases: aliases, summary: summary, usage: usage) { invocation in
                    action(invocation.arguments)
                    return .continue
                })
        }
        add("lessons", "List the lessons, with what you have done and a progress bar.") { _ in guide.listLessons() }
        add("lesson", aliases: ["l"], "Open a lesson by number or name (where you left it).", usage: ":lesson N|NAME") {
            guide.open($0)
        }
        add("next", aliases: ["n"], "Go to the next section of the lesson.") { _ in guide.next() }
        add("back", aliases: ["b"], "Go back to the previous section.") { _ in guide.back() }
        registry.register(
            Command(
                name: "run", summary: "Run an example of the lesson in this session (its names stay).",
                usage: ":run [N]"
            ) { invocation in
                // A command typed where a prediction asks for a guess runs as a command.
                guide.run(invocation.arguments).map { .runCommand($0) } ?? .continue
            })
        add("exercise", aliases: ["ex"], "Show the current exercise, or go to the next unsolved one.") { _ in
            guide.showExercise()
        }
        registry.register(
            Command(
                name: "check", summary: "Check the current exercise against what you have defined.",
                usage: ":check [LESSON.N]",
                details: """
                    Runs the exercise's hidden checks against the definitions in your session (what you
                    typed, :edit or :starter loaded). Each failing check shows its expected and actual
                    value; a missing definition is named. A pass is recorded in your progress and your
                    answer is saved to the exercise's file, so `swiftlab check` agrees.
                    :check 3.2 checks exercise 2 of lesson 3 (and makes it the open one), as the
                    check cells of a lesson's notebook (swiftlab notebook 3) do.
                    """
            ) { invocation in
                guide.check(invocation.arguments, history: Array(invocation.sessionInputs))
                return .continue
            })
        add("starter", "Load the exercise's supporting code (types and helpers it gives you) into the session.") { _ in
            guide.loadStarter()
        }
        add("hint", "Show the next hint for the current exercise.") { _ in guide.hint() }
        add("solution", "Show the reference solution (asks first if you have not passed yet).") { _ in guide.solution()
        }
        registry.register(
            Command(
                name: "edit",
                summary:
                    "Edit the current exercise (your latest code for it) in $VISUAL or $EDITOR; it is loaded if you save a change.",
                details: """
                    Opens the exercise's file in $VISUAL, else $EDITOR, else editor, nano or vi. The file
                    starts from the answer you typed here, if any (the file it replaces is kept as
                    .swift.previous). Quitting without saving loads nothing.
                    """
            ) { invocation in
                guide.edit(history: Array(invocation.sessionInputs))
                return .continue
            })
        add("progress", "Show your progress; ':progress reset' erases it (asks first).", usage: ":progress [reset]") {
            argument in
            switch argument {
            case "": guide.showProgress()
            case "reset": guide.resetProgress()
            default: guide.console.write("Usage: :progress or :progress reset\n")
            }
        }
    }
}
