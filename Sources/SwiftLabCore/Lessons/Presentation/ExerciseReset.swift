/// Puts exercise files back to their starter code: `swiftlab reset LESSON [EXERCISE]` and
/// `:reset LESSON [EXERCISE]` (`:reset` alone resets the REPL session, as it always did).
///
/// The file each replaces is kept as `.swift.previous` next to it, so nothing is lost.
struct ExerciseReset {
    /// The lessons.
    var library: LessonLibrary
    /// The learner's files.
    var workspace: ExerciseWorkspace

    /// What to say, and whether it worked.
    struct Outcome {
        var lines: [String]
        var succeeded: Bool
    }

    /// Resets the exercise named by `arguments` (`LESSON EXERCISE`: a lesson's number or
    /// name, an exercise's number or name), or every exercise of `LESSON` when no exercise
    /// is named; `command` is how the learner typed the command, for the usage line.
    func run(_ arguments: [String], command: String) -> Outcome {
        let usage = "Usage: \(command) LESSON [EXERCISE], as in '\(command) 2 1' or '\(command) 2 double'."
        guard (1...2).contains(arguments.count) else { return Outcome(lines: [usage], succeeded: false) }
        guard let lesson = library.lesson(named: arguments[0]) else {
            return Outcome(lines: ["No lesson '\(arguments[0])'.", usage], succeeded: false)
        }
        guard !lesson.exercises.isEmpty else {
            return Outcome(lines: ["Lesson \(lesson.number) (\(lesson.title)) has no exercises."], succeeded: false)
        }
        var exercises = lesson.exercises
        if arguments.count == 2 {
            let name = arguments[1].lowercased()
            guard
                let exercise = lesson.exercises.first(where: {
                    String($0.number) == name || $0.id == name || $0.title.lowercased() == name
                })
            else {
                let names = lesson.exercises.map { "\($0.number) (\($0.id))" }.joined(separator: ", ")
                return Outcome(
                    lines: ["Lesson \(lesson.number) has no exercise '\(arguments[1])'; its exercises: \(names)."],
                    succeeded: false)
            }
            exercises = [exercise]
        }
        var lines: [String] = []
        for exercise in exercises {
            let path = workspace.fileURL(for: exercise, in: lesson).path
            do {
                if let backup = try workspace.reset(exercise, in: lesson) {
                    lines.append(
                        "\(path) holds the starter code again; what it held is in \(backup.lastPathComponent).")
                } else {
                    lines.append("\(path) holds the starter code.")
                }
            } catch {
                lines.append("Cannot reset \(path): \(error.localizedDescription)")
                return Outcome(lines: lines, succeeded: false)
            }
        }
        return Outcome(lines: lines, succeeded: true)
    }
}
