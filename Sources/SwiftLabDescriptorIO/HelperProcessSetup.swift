#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What swiftlab's helper processes that load the toolchain's compiler library
/// (`swiftlab-compile-server`, `swiftlab-complete`) do first, before loading it.
public enum HelperProcessSetup {
    /// The process's only argument, the library's path; with any other arguments it writes
    /// `usage: NAME LIBRARY` to stderr and exits with status 2.
    public static func libraryArgument(processName: String) -> String {
        let arguments = CommandLine.arguments
        guard arguments.count == 2 else {
            FileDescriptorWriter.write("usage: \(processName) LIBRARY\n", to: STDERR_FILENO)
            exit(2)
        }
        return arguments[1]
    }

    /// Keeps the process's standard output for its replies, on a descriptor of its own
    /// (returned), and points descriptor 1 at stderr: what the library prints never mixes
    /// into a reply. SIGPIPE is ignored, so that a reply to a swiftlab that has gone fails
    /// (and the helper ends) instead of killing it.
    public static func takeStandardOutputForReplies() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let replies = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        return replies
    }
}
