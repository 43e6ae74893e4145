import Foundation
import REPLBenchmarkSupport

/// What the operating system accounts for one whole REPL process run to its end.
struct ProcessCost {
    let wall: Double
    /// User + system time of the REPL and every process it waited for, in ms.
    let cpu: Double
    /// The largest resident set of the REPL and the processes it waited for, in MiB.
    let peakMiB: Double
}

/// Runs `contender` with `script` as its standard input (output discarded) and returns its
/// cost from `wait4`: start-up, every input and shutdown.
func runWholeSession(_ contender: Contender, script: String, scratch: URL) throws -> ProcessCost {
    let scriptFile = scratch.appendingPathComponent("session-\(UUID().uuidString).txt")
    try script.write(to: scriptFile, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: scriptFile) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, scriptFile.path, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([contender.executable.path] + contender.arguments).map { strdup($0) } + [nil]
    let envp = contender.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }

    var pid: pid_t = 0
    let start = ContinuousClock.now
    let status = posix_spawn(&pid, contender.executable.path, &actions, nil, argv, envp)
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
    var exitStatus: Int32 = 0
    var usage = rusage()
    while wait4(pid, &exitStatus, 0, &usage) < 0 && errno == EINTR {}
    let wall = milliseconds(since: start)
    guard exitStatus == 0 else { fatalError("\(contender.name) exited with status \(exitStatus)") }
    return ProcessCost(wall: wall, cpu: milliseconds(of: usage), peakMiB: Double(usage.ru_maxrss) / 1024)
}
