/// The lesson subcommands of `swiftlab`, each with its usage and help: the one place
/// they are defined, for `swiftlab --help`, `swiftlab SUBCOMMAND --help` and dispatch.
public enum LessonSubcommand: String, CaseIterable, Sendable {
    /// `swiftlab lessons`
    case lessons
    /// `swiftlab check [--hint] [LESSON]`
    case check
    /// `swiftlab watch [LESSON]`
    case watch
    /// `swiftlab reset LESSON [EXERCISE]`
    case reset
    /// `swiftlab verify [LESSON ...]`
    case verify
    /// `swiftlab notebook LESSON [FILE]`
    case notebook

    /// The arguments after the subcommand's name, as the usage line shows them.
    var arguments: String {
        switch self {
        case .lessons: return ""
        case .check: return " [--hint] [LESSON]"
        case .watch: return " [LESSON]"
        case .reset: return " LESSON [EXERCISE]"
        case .verify: return " [LESSON ...]"
        case .notebook: return " [--solutions] LESSON [FILE]"
        }
    }

    /// Its lines in `swiftlab --help`.
    var summary: [String] {
        switch self {
        case .lessons: return ["List the lessons and their exercises, with each file and its state."]
        case .check:
            return [
                "Check your exercise files of a lesson (the current one by default);",
                "they are in $XDG_DATA_HOME/swiftlab/workspace.",
            ]
        case .watch: return ["Check them again every time you save one."]
        case .reset: return ["Put an exercise file back to its starter code (the old one is kept)."]
        case .verify:
            return [
                "Check that every lesson's examples print what the text says and",
                "its exercises' checks pass with the solutions (for lesson writers).",
            ]
        case .notebook: return ["Write a lesson as a Jupyter notebook for the swiftlab kernel."]
        }
    }

    /// `swiftlab SUBCOMMAND --help`: the usage line and what it does.
    var help: String {
        let details: String
        switch self {
        case .lessons:
            details = """
                Lists the lessons, with the ones you have done, the current one and a progress bar,
                and under each its exercises: done (passed), started (you wrote in its file) or new,
                and the file in $XDG_DATA_HOME/swiftlab/workspace.
                """
        case .check:
            details = """
                Checks your exercise files of LESSON (a number or a name; by default the lesson
                you are on). With --hint, shows the next hint for each one that does not pass
                yet (hints are counted as seen only then). Missing files are created from the
                starter code in $XDG_DATA_HOME/swiftlab/workspace.
                """
        case .watch:
            details = """
                Checks your exercise files of LESSON as `swiftlab check` does, then again every
                time you save one of them, showing the first exercise that does not pass yet and
                what to do next (on a terminal the screen is cleared each time). Ctrl-C stops.
                """
        case .reset:
            details = """
                Puts the file of exercise EXERCISE (a number or a name, as `swiftlab lessons` lists
                them) of LESSON back to its starter code; without EXERCISE, every exercise file of
                LESSON. What a file held is kept next to it as .swift.previous. Your progress is
                not changed. In swiftlab: :reset LESSON [EXERCISE] (:reset alone resets the session).
                """
        case .verify:
            details = """
                For lesson writers: runs every example of the named lessons (all by default)
                and compares what it prints with its output block, and runs each exercise's
                checks, which must pass with the solution and fail with the starter code.
                """
        case .notebook:
            details = """
                Writes LESSON (a number or a name) as a Jupyter notebook: its text as Markdown
                cells, its examples as code cells, each exercise as a code cell with its
                starter code and a :check cell. FILE is by default the lesson's file name with
                .ipynb (03-flatmap.ipynb) in the current folder; - writes to standard output.
                With --solutions, the teacher's copy: each exercise's cell holds its solution,
                and every :check cell passes. Open it with the swiftlab kernel (make jupyter
                installs it).
                """
        }
        return "Usage: swiftlab \(rawValue)\(arguments)\n\n" + details
    }

    /// The usage line listing every subcommand.
    static var usage: String {
        "swiftlab " + allCases.map { $0.rawValue + $0.arguments }.joined(separator: " | ")
    }

    /// The subcommands' block of `swiftlab --help`.
    static var overview: String {
        allCases.flatMap { subcommand in
            subcommand.summary.enumerated().map { index, line in
                (index == 0
                    ? "  " + subcommand.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: 15)) + line
            }
        }.joined(separator: "\n")
    }
}
