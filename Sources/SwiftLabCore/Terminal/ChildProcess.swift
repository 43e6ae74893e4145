import Foundation
import SwiftLabDescriptorIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting processes (the compiler, the linker, the person's editor; and the helpers,
/// through ``HelperChannel``) with exactly the descriptors they should see, which
/// Foundation's `Process` cannot arrange.
enum ChildProcess {
    /// The outcome of a finished process.
    struct Outcome {
        /// The exit status, or 128 + the signal number when a signal ended it.
        var status: Int32
        /// Everything the process wrote to stdout and stderr, in order.
        var output: String
    }

    /// Failure to start a process at all.
    struct LaunchError: Error, CustomStringConvertible {
        var executable: String
        var code: Int32
        var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
    }

    /// Creates a pipe whose ends are above descriptor 9 and close on exec, so that they
    /// never collide with the low descriptors a child is given.
    static func makePipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0, "pipe failed: \(String(cString: strerror(errno)))")
        let high = fds.map { fd -> Int32 in
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
            close(fd)
            return moved
        }
        return (high[0], high[1])
    }

    /// Starts `arguments[0]` with the given descriptor mapping (child descriptor <- ours).
    ///
    /// - Parameters:
    ///   - arguments: the executable's path and its arguments.
    ///   - environment: the complete environment of the child.
    ///   - descriptors: pairs (descriptor in the child, descriptor here to give it).
    ///   - newProcessGroup: puts the child in a process group of its own, so that the
    ///     terminal's Ctrl-C reaches the REPL only.
    static func spawn(
        _ arguments: [String],
        environment: [String: String],
        descriptors: [(child: Int32, parent: Int32)],
        newProcessGroup: Bool = false
    ) throws -> pid_t {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for (child, parent) in descriptors {
            posix_spawn_file_actions_adddup2(&actions, parent, child)
        }
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if newProcessGroup {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        // The child starts with default signal handling and nothing blocked, whatever the
        // REPL does with SIGINT and SIGPIPE.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard code == 0 else { throw LaunchError(executable: arguments[0], code: code) }
        return pid
    }

    /// Runs a process to its end and collects its combined output.
    static func run(_ arguments: [String], environment: [String: String]) throws -> Outcome {
        let output = makePipe()
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(null) }
        let pid: pid_t
        do {
            pid = try spawn(
                arguments, environment: environment,
                descriptors: [(0, null), (1, output.write), (2, output.write)])
        } catch {
            close(output.read)
            close(output.write)
            throw error
        }
        close(output.write)
        let data = readAll(output.read)
        close(output.read)
        return Outcome(status: wait(for: pid), output: String(decoding: data, as: UTF8.self))
    }

    /// Reads a descriptor to its end.
    static func readAll(_ fd: Int32) -> [UInt8] {
        var reader = FileDescriptorReader(fd)
        return reader.readToEnd()
    }

    /// Waits for a child and returns its exit status (128 + signal when signalled).
    @discardableResult
    static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        return decode(status)
    }

    /// Turns a `waitpid` status into an exit code, 128 + signal number for a signal.
    static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
