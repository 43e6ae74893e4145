import Foundation
import SwiftLabDescriptorIO
import SwiftLabRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `swiftlab` executable, put together: the one place that wires the shell, the
/// session, the commands and the lessons (see this folder's README for the layers).
public enum SwiftLabApplication {
    /// Runs `swiftlab` with `arguments` (without the program's name); returns the exit status.
    public static func run(arguments: [String]) -> Int32 {
        // `swiftlab lessons | check | watch | verify` (see LessonSubcommand).
        if let status = LessonSetup.runSubcommand(
            arguments,
            makeSession: {
                var configuration = Session.Configuration()
                // An endless loop in a lesson or exercise file must not hang a check.
                configuration.timeout = Session.Configuration.checkTimeLimit
                return try Session(configuration: configuration)
            })
        {
            return status
        }
        switch CommandLineRequest(arguments: arguments) {
        case .showHelp:
            print(CommandLineRequest.helpText)
            return 0
        case .showVersion:
            print("swiftlab \(SwiftLabCore.version)")
            return 0
        case .reject(let message):
            FileDescriptorWriter.write(message + "\n", to: STDERR_FILENO)
            return 2
        case .startShell(let options):
            return startShell(options)
        case .serve(let options):
            return serve(options)
        }
    }

    /// The session as `options` configure it, for the REPL and the machine interface:
    /// nil (and a message on standard error) when a `--package` could not be built.
    private static func configuration(_ options: CommandLineRequest.ShellOptions) -> Session.Configuration? {
        var configuration = Session.Configuration()
        configuration.timeout = options.timeout.map { .milliseconds(Int($0 * 1000)) }
        configuration.compilerOptions = options.compiler
        if let package = options.package {
            do {
                configuration.compilerOptions = try UserPackage.build(at: package, adding: options.compiler) { notice in
                    FileDescriptorWriter.write(notice + "\n", to: STDERR_FILENO)
                }
            } catch {
                FileDescriptorWriter.write("swiftlab: \(error)\n", to: STDERR_FILENO)
                return nil
            }
        }
        return configuration
    }

    /// `swiftlab serve --jsonl`: the machine interface (``MachineServer``) on standard
    /// input and output, with the REPL's session, commands and lessons.
    private static func serve(_ options: CommandLineRequest.ShellOptions) -> Int32 {
        // The protocol keeps standard output to itself: it writes to a copy, and standard
        // output becomes standard error, where anything else printed ends up.
        let protocolOutput = dup(STDOUT_FILENO)
        guard protocolOutput >= 0 else { return 1 }
        _ = fcntl(protocolOutput, F_SETFD, FD_CLOEXEC)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        if let display = options.display { setenv(DisplayStyle.environmentVariable, display.rawValue, 1) }
        // The worker frames results and pictures, so that they reach the front end apart.
        setenv(RichOutput.environmentVariable, "1", 1)
        let channel = MachineChannel(descriptor: protocolOutput)
        guard var configuration = configuration(options) else { return 2 }
        configuration.asynchronousOutput = { channel.sendAsynchronousOutput($0) }
        // A front end asks for completion without blocking anyone's typing (Jupyter's is
        // asynchronous): the compiler's answer is worth waiting for while it warms up.
        configuration.completionWait = .seconds(20)
        let environment = ProcessInfo.processInfo.environment
        let console = MachineLessonConsole()
        var renderer = MarkdownRenderer(width: 100, style: .plain)
        renderer.writesMarkdown = true
        let session: Session?
        let evaluator: any LessonEvaluator
        do {
            let started = try Session(configuration: configuration)
            started.startCompletion()
            session = started
            evaluator = MachineLessonEvaluator(SessionLessonEvaluator(session: started), console: console)
        } catch {
            FileDescriptorWriter.write("swiftlab: \(error)\n", to: STDERR_FILENO)
            session = nil
            evaluator = UnavailableEvaluator(reason: "\(error)", style: .plain)
        }
        let guide = LessonSetup.makeGuide(
            evaluator: evaluator, console: console, style: .plain, renderer: renderer, environment: environment)
        var commands = CommandRegistry.swiftlab(session: session, guide: guide)
        // A notebook shows the diagram as a picture, with the text one for plain front ends.
        if let session { commands.register(MarblesCommand.command(session, rich: true)) }
        let server = MachineServer(
            session: session, commands: commands, console: console,
            completionProviders: (session.map { [$0.completionProvider] } ?? [])
                + [LessonCompletionProvider(library: guide.library)],
            channel: channel)
        let status = server.run(input: STDIN_FILENO)
        session?.close()
        return status
    }

    /// The REPL with a session, the evaluation and lesson commands, and completion.
    private static func startShell(_ options: CommandLineRequest.ShellOptions) -> Int32 {
        if let display = options.display {
            // The worker inherits the environment; its runtime reads the style from it.
            setenv(DisplayStyle.environmentVariable, display.rawValue, 1)
        }
        if let columns = TerminalWidth.columns() {
            // Compact results wider than the terminal break one member a line.
            setenv(SwiftLabRuntime.displayWidthVariable, String(columns), 1)
        }
        let shell = Shell()
        guard var configuration = configuration(options) else { return 2 }
        configuration.route(through: shell.reader, style: shell.style)
        let session: Session
        do {
            session = try Session(configuration: configuration)
        } catch {
            // Without a compiler the shell still starts, says why nothing runs, and the
            // lessons can still be read.
            FileDescriptorWriter.write(shell.style.error("\(error)") + "\n", to: STDERR_FILENO)
            let unavailable = UnavailableEvaluator(reason: "\(error)", style: shell.style)
            let guide = LessonSetup.install(in: shell, evaluator: unavailable)
            shell.commands = .swiftlab(session: nil, guide: guide)
            shell.greeting = guide.banner()
            return shell.run(evaluator: unavailable)
        }
        shell.swiftCompletionProviders = [session.completionProvider]
        // Only the line editor completes: piped input never starts the compiler's completion.
        if shell.reader.completesInput { session.startCompletion() }
        let guide = LessonSetup.install(in: shell, session: session)
        shell.commands = .swiftlab(session: session, guide: guide)
        shell.greeting = guide.banner()
        let status = shell.run(evaluator: SessionEvaluator(session: session))
        session.close()
        return status
    }
}
