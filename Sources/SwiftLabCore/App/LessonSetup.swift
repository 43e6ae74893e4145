import Foundation
import SwiftLabDescriptorIO

/// Wires the lessons into the swiftlab executable: the REPL's lesson guide, lesson-name
/// completion and start banner, and the `swiftlab lessons | check | watch | verify` subcommands.
public enum LessonSetup {
    /// Makes the lesson guide for `shell` and adds lesson-name completion, running code in
    /// `session`; returns the guide. Its ``LessonGuide/banner()`` is what to greet with.
    @discardableResult
    public static func install(
        in shell: Shell, session: Session,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> LessonGuide {
        let guide = install(in: shell, evaluator: SessionLessonEvaluator(session: session), environment: environment)
        writeCompileCommands(of: guide.workspace, for: guide.library, session: session)
        return guide
    }

    /// Keeps the exercise workspace's `compile_commands.json` pointing at this swiftlab's
    /// modules, for editors; a failure to write it costs only the editor's help.
    static func writeCompileCommands(of workspace: ExerciseWorkspace, for library: LessonLibrary, session: Session) {
        try? workspace.writeCompileCommands(for: library, command: session.editorCompileCommand(for:))
    }

    /// Makes the lesson guide for `shell` and adds lesson-name completion, running code with
    /// `evaluator` (an ``UnavailableEvaluator`` when the session could not start, so
    /// the lessons can still be read); returns the guide.
    @discardableResult
    public static func install(
        in shell: Shell, evaluator: any LessonEvaluator,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> LessonGuide {
        let style = shell.style
        let guide = makeGuide(
            evaluator: evaluator, console: ReaderLessonConsole(reader: shell.reader), style: style,
            renderer: MarkdownRenderer(
                width: TerminalWidth.current(environment: environment), style: style,
                highlight: { _, code in SwiftHighlighter(style: style).highlight(code) }),
            environment: environment)
        guide.measureWidth = { TerminalWidth.current(environment: environment) }
        guide.openEditor = { [weak reader = shell.reader] url in
            // The editor gets the terminal in its normal mode, with no keys read ahead.
            reader?.releaseTerminal()
            return TerminalEditor.open(url, environment: environment)
        }
        shell.completionProviders.append(LessonCompletionProvider(library: guide.library))
        return guide
    }

    /// A lesson guide over the lessons, progress and exercise files `environment` points
    /// to, running code with `evaluator` and writing to `console` through `renderer`.
    static func makeGuide(
        evaluator: any LessonEvaluator, console: any LessonConsole, style: TerminalStyle,
        renderer: MarkdownRenderer, environment: [String: String]
    ) -> LessonGuide {
        LessonGuide(
            library: LessonLibrary.load(from: LessonLibrary.defaultDirectory(environment: environment)),
            store: ProgressStore(directory: ProgressStore.defaultDirectory(environment: environment)) { message in
                FileDescriptorWriter.write(style.warning(message) + "\n", to: STDERR_FILENO)
            },
            workspace: ExerciseWorkspace(directory: ExerciseWorkspace.defaultDirectory(environment: environment)),
            evaluator: evaluator, console: console, renderer: renderer)
    }

    /// Runs `swiftlab SUBCOMMAND ARGUMENTS` when SUBCOMMAND is a lesson subcommand;
    /// returns its exit status, or nil for anything else. `makeSession` starts the
    /// evaluator when the subcommand needs one.
    public static func runSubcommand(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        makeSession: @escaping () throws -> Session
    ) -> Int32? {
        guard let subcommand = arguments.first, LessonCommandLine.subcommands.contains(subcommand) else { return nil }
        let style = TerminalStyle.forOutput(environment: environment)
        let write: (String) -> Void = { text in FileDescriptorWriter.write(text, to: STDOUT_FILENO) }
        var session: Session?
        let library = LessonLibrary.load(from: LessonLibrary.defaultDirectory(environment: environment))
        let workspace = ExerciseWorkspace(directory: ExerciseWorkspace.defaultDirectory(environment: environment))
        let commandLine = LessonCommandLine(
            library: library,
            store: ProgressStore(directory: ProgressStore.defaultDirectory(environment: environment)) { message in
                FileDescriptorWriter.write(message + "\n", to: STDERR_FILENO)
            },
            workspace: workspace, style: style, write: write,
            makeEvaluator: {
                let started = try makeSession()
                session = started
                writeCompileCommands(of: workspace, for: library, session: started)
                return SessionLessonEvaluator(session: started)
            })
        let status = commandLine.run(subcommand, arguments: Array(arguments.dropFirst()))
        session?.close()
        return status
    }
}
