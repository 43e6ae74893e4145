import Foundation
import SourceKitInProcess

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// swiftlab's side of the `swiftlab-complete` process, which holds the toolchain's
/// sourcekitd: the library can crash, and must not take the REPL with it.
///
/// Requests run one at a time on a queue of their own; a caller waits for its answer at
/// most a given time and gets nil after it (the request finishes in the background, or is
/// skipped when it has not started). The helper is started in the background
/// (``start(warmingUpWith:)``) and again, at the next request, after it died; a request
/// that takes longer than `hangBound` kills it. When the library cannot be loaded the
/// helper says so once, and every later request gets nil at once.
final class CompletionHelper: @unchecked Sendable {
    private let arguments: [String]
    private let hangBound: Duration
    private let queue = DispatchQueue(label: "swiftlab completion helper")
    private let lock = NSLock()
    // Touched only on `queue`:
    private var requests: Int32 = -1
    private var replies: Int32 = -1
    private var reader = SourceKitFrameReader()
    // Under `lock`:
    private var runningPID: pid_t?
    private var unavailable: String?

    /// A helper running `executable` on the sourcekitd library at `libraryPath`.
    init(executable: URL, libraryPath: String, hangBound: Duration = .seconds(30)) {
        arguments = [executable.path, libraryPath]
        self.hangBound = hangBound
    }

    /// Why completion through the compiler is unavailable for good (the helper or the
    /// library is missing), once known; nil while it works or is still starting.
    var unavailableReason: String? {
        lock.lock()
        defer { lock.unlock() }
        return unavailable
    }

    /// The helper's process id while it runs.
    var pid: pid_t? {
        lock.lock()
        defer { lock.unlock() }
        return runningPID
    }

    /// Starts the helper in the background and sends it `request` (whose answer is
    /// dropped), so that the library and the modules it loads are ready before the first Tab.
    func start(warmingUpWith request: SourceKitValue?) {
        queue.async { [self] in
            if let request { _ = exchange(request) } else { _ = ensureRunning() }
        }
    }

    /// Sends `request` and waits at most `bound` for the answer: the response, or nil when
    /// none came in time, the helper died, or sourcekitd is unavailable. An error response
    /// comes back as ``SourceKitError/value``.
    func send(_ request: SourceKitValue, waitingAtMost bound: Duration) -> SourceKitValue? {
        if unavailableReason != nil { return nil }
        final class Exchange: @unchecked Sendable {
            let lock = NSLock()
            var answer: SourceKitValue?
            var abandoned = false
            let done = DispatchSemaphore(value: 0)
        }
        let exchange = Exchange()
        queue.async { [self] in
            exchange.lock.lock()
            let abandoned = exchange.abandoned
            exchange.lock.unlock()
            // A caller that gave up long ago does not need its answer: later Tabs come first.
            let answer = abandoned ? nil : self.exchange(request)
            exchange.lock.lock()
            exchange.answer = answer
            exchange.lock.unlock()
            exchange.done.signal()
        }
        let seconds = Double(bound.components.seconds) + Double(bound.components.attoseconds) / 1e18
        let answered = exchange.done.wait(timeout: .now() + seconds) == .success
        exchange.lock.lock()
        defer { exchange.lock.unlock() }
        exchange.abandoned = !answered
        return answered ? exchange.answer : nil
    }

    /// Ends the helper (the session is closing); it is reaped on the queue, once a request
    /// it was answering has seen it go.
    func shutDown() {
        lock.lock()
        let pid = runningPID
        lock.unlock()
        guard let pid else { return }
        kill(pid, SIGKILL)
        queue.async { [self] in
            lock.lock()
            let stillThisOne = runningPID == pid
            lock.unlock()
            if stillThisOne { stopHelper() }
        }
    }

    // MARK: - On the queue

    /// Starts the helper unless it runs; false when it cannot be started.
    private func ensureRunning() -> Bool {
        lock.lock()
        let running = runningPID != nil
        let known = unavailable != nil
        lock.unlock()
        if running { return true }
        if known { return false }
        guard FileManager.default.isExecutableFile(atPath: arguments[0]) else {
            markUnavailable("\(arguments[0]) is missing")
            return false
        }
        let requestPipe = ChildProcess.makePipe()
        let replyPipe = ChildProcess.makePipe()
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(null) }
        do {
            // A process group of its own: the terminal's Ctrl-C is for the REPL.
            let pid = try ChildProcess.spawn(
                arguments, environment: ProcessInfo.processInfo.environment,
                descriptors: [(0, requestPipe.read), (1, replyPipe.write), (2, null)], newProcessGroup: true)
            lock.lock()
            runningPID = pid
            lock.unlock()
        } catch {
            for fd in [requestPipe.read, requestPipe.write, replyPipe.read, replyPipe.write] { close(fd) }
            markUnavailable("\(error)")
            return false
        }
        close(requestPipe.read)
        close(replyPipe.write)
        requests = requestPipe.write
        replies = replyPipe.read
        reader = SourceKitFrameReader()
        return true
    }

    private func markUnavailable(_ reason: String) {
        lock.lock()
        unavailable = reason
        lock.unlock()
    }

    /// Sends one request and reads its answer; nil when the helper died, hung or is unavailable.
    private func exchange(_ request: SourceKitValue) -> SourceKitValue? {
        guard ensureRunning() else { return nil }
        let bytes = request.framed()
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(requests, $0.baseAddress!, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 {
                // The helper has gone (EPIPE: SIGPIPE is ignored by the session).
                stopHelper()
                return nil
            }
            offset += written
        }
        let deadline = ContinuousClock.now + hangBound
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let value = try? reader.next() {
                if case .libraryUnavailable(let reason)? = SourceKitError(value: value) {
                    markUnavailable(reason)
                    stopHelper()
                    return nil
                }
                return value
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                stopHelper()  // hung: a new one starts with the next request
                return nil
            }
            var entry = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + 1, 60_000))
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            let count = read(replies, &chunk, chunk.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            if count <= 0 {
                stopHelper()  // it died (a crash in sourcekitd): restarted at the next request
                return nil
            }
            reader.append(chunk[0..<count])
        }
    }

    /// Kills and reaps the helper and closes its pipes.
    private func stopHelper() {
        lock.lock()
        let pid = runningPID
        runningPID = nil
        lock.unlock()
        close(requests)
        close(replies)
        requests = -1
        replies = -1
        if let pid {
            kill(pid, SIGKILL)
            _ = ChildProcess.wait(for: pid)
        }
    }
}
