#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwiftLabCore

// Argument handling and wiring only; the shell's parts live in SwiftLabCore.
switch CommandLineRequest(arguments: Array(CommandLine.arguments.dropFirst())) {
case .showHelp:
    print(CommandLineRequest.helpText)
case .showVersion:
    print("swiftlab \(SwiftLabCore.version)")
case .reject(let message):
    FileDescriptorWriter.write(message + "\n", to: STDERR_FILENO)
    exit(2)
case .startShell:
    let shell = Shell()
    exit(shell.run(evaluator: UnavailableEvaluator(style: shell.style)))
}
