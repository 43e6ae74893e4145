import SwiftLabDescriptorIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe whose only job is to wake a thread blocked in `poll`: one thread calls
/// ``wake()``, the reading thread sees the read end become readable.
///
/// Both ends are non-blocking and close-on-exec, so a child process (the evaluator's
/// worker) never inherits them.
final class WakePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        let status = fds.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
        precondition(status == 0, "swiftlab: cannot create a pipe (errno \(errno))")
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Makes the read end readable. Safe from any thread; a full pipe is already awake.
    func wake() {
        var byte: UInt8 = 1
        _ = systemWrite(writeEnd, &byte, 1)
    }

    /// Empties the pipe, so the next `poll` blocks until the next ``wake()``.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ systemRead(readEnd, $0.baseAddress!, $0.count) }) > 0 {}
    }
}
