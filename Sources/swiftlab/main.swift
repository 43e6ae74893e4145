#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwiftLabCore
import SwiftLabRuntime

// Argument handling and wiring only; the shell's parts live in SwiftLabCore.
// `swiftlab lessons | check | watch | verify` (see LessonSetup).
if let status = LessonSetup.runSubcommand(Array(CommandLine.arguments.dropFirst()), makeSession: {
    var configuration = Session.Configuration()
    configuration.timeout = .seconds(30)  // an endless loop in a lesson or exercise file must not hang a check
    return try Session(configuration: configuration)
}) {
    exit(status)
}
switch CommandLineRequest(arguments: Array(CommandLine.arguments.dropFirst())) {
case .showHelp:
    print(CommandLineRequest.helpText)
case .showVersion:
    print("swiftlab \(SwiftLabCore.version)")
case .reject(let message):
    FileDescriptorWriter.write(message + "\n", to: STDERR_FILENO)
    exit(2)
case .startShell(let options):
    if let display = options.display {
        // The worker inherits the environment; its runtime reads the style from it.
        setenv(DisplayStyle.environmentVariable, display.rawValue, 1)
    }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
        // Compact results wider than the terminal break one member a line.
        setenv(SwiftLabRuntime.displayWidthVariable, String(size.ws_col), 1)
    }
    let shell = Shell()
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
            exit(2)
        }
    }
    configuration.route(through: shell.reader, style: shell.style)
    let session: Session
    do {
        session = try Session(configuration: configuration)
    } catch {
        // Without a compiler the shell still starts, says why nothing runs, and the
        // lessons can still be read.
        FileDescriptorWriter.write(shell.style.error("\(error)") + "\n", to: STDERR_FILENO)
        let lessons = LessonSetup.install(in: shell, evaluator: UnavailableLessonEvaluator(reason: "\(error)"))
        shell.greeting = lessons.banner()
        exit(shell.run(evaluator: UnavailableEvaluator(style: shell.style)))
    }
    EvaluationCommands.register(in: &shell.commands, session: session)
    shell.completionProviders.append(session.completionProvider)
    shell.greeting = LessonSetup.install(in: shell, session: session).banner()
    let status = shell.run(evaluator: SessionEvaluator(session: session))
    session.close()
    exit(status)
}
