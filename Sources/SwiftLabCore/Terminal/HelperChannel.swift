import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One helper process spoken to through two pipes, its stdin for requests and its stdout
/// for replies (its stderr goes to `/dev/null`): started with exactly those descriptors,
/// written to whole, read one frame at a time with an optional deadline, and killed and
/// reaped. `CompileServer` and `CompletionHelper` talk to their helpers through it.
final class HelperChannel {
    /// How a read ended without a frame.
    enum ReadFailure: Error, Equatable {
        /// The helper closed its stdout (it ended, or crashed).
        case closed
        /// The deadline passed first.
        case timedOut
    }

    /// The helper's process id.
    let pid: pid_t
    private var requests: Int32
    private var replies: Int32
    /// Bytes read and not yet taken as a frame.
    private var pending: [UInt8] = []
    /// The helper's exit status once it has been reaped (128 + signal).
    private(set) var endStatus: Int32?

    /// Starts `arguments[0]`; in a process group of its own when `newProcessGroup` (the
    /// terminal's Ctrl-C is then for the REPL only). Every descriptor opened for it is
    /// closed again when it cannot be started.
    init(
        arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        newProcessGroup: Bool = false
    ) throws {
        let requestPipe = ChildProcess.makePipe()
        let replyPipe = ChildProcess.makePipe()
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer {
            close(null)
            // The child's ends: it has its own copies now, or was never started.
            close(requestPipe.read)
            close(replyPipe.write)
        }
        do {
            pid = try ChildProcess.spawn(
                arguments, environment: environment,
                descriptors: [(0, requestPipe.read), (1, replyPipe.write), (2, null)], newProcessGroup: newProcessGroup)
        } catch {
            close(requestPipe.write)
            close(replyPipe.read)
            throw error
        }
        requests = requestPipe.write
        replies = replyPipe.read
    }

    deinit { end() }

    /// Writes all of `bytes` to the helper's stdin; false when it has gone (EPIPE: the
    /// session ignores SIGPIPE).
    func write(_ bytes: [UInt8]) -> Bool {
        endStatus == nil && FileDescriptorWriter.write(bytes, to: requests)
    }

    /// Whether a reply has started to arrive (or the helper has closed its stdout), without
    /// waiting.
    var hasReplyWaiting: Bool {
        guard endStatus == nil else { return true }
        if !pending.isEmpty { return true }
        var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Reads until `frame` takes a whole frame from the front of the bytes read so far
    /// (removing what it took; nil while the frame is incomplete), or until `deadline`.
    func read<Frame>(
        until deadline: ContinuousClock.Instant? = nil, frame: (inout [UInt8]) -> Frame?
    ) -> Result<Frame, ReadFailure> {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let taken = frame(&pending) { return .success(taken) }
            guard endStatus == nil else { return .failure(.closed) }
            if let deadline {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return .failure(.timedOut) }
                var entry = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
                let milliseconds = Int32(min(left.components.seconds * 1000 + 1, 60_000))
                let ready = poll(&entry, 1, milliseconds)
                if ready <= 0 { continue }  // EINTR or not yet: the deadline is checked again
            }
            let count = systemRead(replies, &chunk, chunk.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            if count <= 0 { return .failure(.closed) }
            pending += chunk[0..<count]
        }
    }

    /// Ends the helper: kills it first when `killing` (otherwise closing its stdin asks it
    /// to end), closes the pipes and reaps it; its exit status.
    @discardableResult
    func end(killing: Bool = true) -> Int32 {
        if let endStatus { return endStatus }
        if killing { kill(pid, SIGKILL) }
        close(requests)
        close(replies)
        requests = -1
        replies = -1
        let status = ChildProcess.wait(for: pid)
        endStatus = status
        return status
    }
}
