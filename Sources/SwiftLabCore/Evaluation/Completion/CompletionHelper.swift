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
    /// The running helper (on the queue only).
    private var channel: HelperChannel?
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
        do {
            // A process group of its own: the terminal's Ctrl-C is for the REPL.
            let channel = try HelperChannel(arguments: arguments, newProcessGroup: true)
            lock.lock()
            runningPID = channel.pid
            lock.unlock()
            self.channel = channel
        } catch {
            markUnavailable("\(error)")
            return false
        }
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
        guard let channel, channel.write(request.framed()) else {
            // The helper has gone (EPIPE: SIGPIPE is ignored by the session).
            stopHelper()
            return nil
        }
        // A frame that holds no value is taken as no answer (the read goes on to the deadline).
        let answer = channel.read(until: ContinuousClock.now + hangBound) { try? SourceKitValue.takeFrame(from: &$0) }
        switch answer {
        case .success(let value):
            if case .libraryUnavailable(let reason)? = SourceKitError(value: value) {
                markUnavailable(reason)
                stopHelper()
                return nil
            }
            return value
        case .failure:
            // It died (a crash in sourcekitd) or hung: a new one starts with the next request.
            stopHelper()
            return nil
        }
    }

    /// Kills and reaps the helper and closes its pipes.
    private func stopHelper() {
        lock.lock()
        runningPID = nil
        lock.unlock()
        channel?.end()
        channel = nil
    }
}
