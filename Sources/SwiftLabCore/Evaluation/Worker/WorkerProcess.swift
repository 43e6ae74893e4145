import Foundation
import SwiftLabDescriptorIO
import SwiftLabWorkerProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The REPL's side of one `swiftlab-worker` process: starts it, sends requests, and
/// streams what it writes back as ``WorkerProcess/Event``s.
///
/// A reader thread watches the worker's stdout, stderr and reply pipes. While a caller
/// waits in ``next(until:)`` events queue up for it; at other times output goes to the
/// asynchronous output handler (a main-queue timer firing while the learner types).
final class WorkerProcess: @unchecked Sendable {
    /// Something the worker did.
    enum Event: Equatable {
        /// Text the worker's code wrote to stdout.
        case standardOutput(String)
        /// Text the worker's code wrote to stderr.
        case standardError(String)
        /// A reply on the protocol channel.
        case reply(WorkerReply)
        /// The worker has ended: its exit status, or 128 + signal.
        case exited(status: Int32)
    }

    /// The worker's process id.
    var pid: pid_t { channel.pid }
    /// Requests on its descriptor 3, replies on 4, the cells' stdout and stderr on 1 and 2.
    private let channel: HelperChannel
    private let condition = NSCondition()
    private var queue: [Event] = []
    private var waiting = false
    private var finished = false
    /// The REPL ended the worker on purpose (`:reset`, exit): not worth a message.
    private var shuttingDown = false
    /// Output that arrived between inputs and does not end a line yet (by stream: stderr or not).
    private var asynchronousPartialLines: [Bool: String] = [:]
    private let asynchronousOutput: @Sendable (String, _ isError: Bool) -> Void
    private let idleExit: @Sendable (Int32) -> Void

    /// Starts a worker and waits for it to report ready.
    ///
    /// - Parameters:
    ///   - executable: the `swiftlab-worker` binary.
    ///   - environment: extra environment variables for the worker.
    ///   - asynchronousOutput: receives output the worker writes while nobody waits for
    ///     it, in whole lines, and whether it came from stderr.
    ///   - idleExit: called with the exit status when the worker ends while nobody waits
    ///     (code scheduled by an earlier input trapped).
    init(
        executable: URL, environment extra: [String: String] = [:],
        asynchronousOutput: @escaping @Sendable (String, _ isError: Bool) -> Void,
        idleExit: @escaping @Sendable (Int32) -> Void = { _ in }
    ) throws {
        self.asynchronousOutput = asynchronousOutput
        self.idleExit = idleExit
        var environment = ProcessInfo.processInfo.environment
        // The runtime's backtracer adds ~50 lines and ~15 ms to every trap.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment.merge(extra) { _, new in new }
        channel = try HelperChannel(
            arguments: [executable.path], environment: environment,
            descriptors: [
                STDIN_FILENO: .null, STDOUT_FILENO: .output, STDERR_FILENO: .output,
                WorkerChannel.requestDescriptor: .input, WorkerChannel.replyDescriptor: .output,
            ],
            newProcessGroup: true)
        let reader = Thread { [self] in readEvents() }
        reader.name = "swiftlab worker reader"
        reader.start()
        // The worker's first reply says it is ready; anything else means it failed to start.
        switch next(until: Date().addingTimeInterval(30)) {
        case .reply(.ready)?:
            break
        case .exited(let status)?:
            throw WorkerError.startFailed("the worker ended at once (status \(status))")
        default:
            terminate()
            throw WorkerError.startFailed("the worker did not start")
        }
    }

    /// Sends a request; returns false when the worker has gone. From now on output is
    /// queued for ``next(until:)`` until ``stopWaiting()``.
    @discardableResult
    func send(_ request: WorkerRequest) -> Bool {
        condition.lock()
        waiting = true
        let unfinished = asynchronousPartialLines
        asynchronousPartialLines = [:]
        condition.unlock()
        for (isError, text) in unfinished where !text.isEmpty { asynchronousOutput(text, isError) }
        return channel.write(Array((request.line + "\n").utf8), to: WorkerChannel.requestDescriptor)
    }

    /// The next event, waiting until `deadline`; `nil` when the deadline passes first.
    ///
    /// While a caller waits here, output is queued for it instead of going to the
    /// asynchronous handler; after ``Event/exited(status:)`` no more events come.
    func next(until deadline: Date) -> Event? {
        condition.lock()
        defer { condition.unlock() }
        waiting = true
        while queue.isEmpty {
            if deadline == .distantFuture {
                // Foundation on Linux traps converting distantFuture to a timespec.
                condition.wait()
            } else if !condition.wait(until: deadline) {
                return nil
            }
        }
        return queue.removeFirst()
    }

    /// Stops queueing: from now on output goes to the asynchronous handler.
    func stopWaiting() {
        condition.lock()
        waiting = false
        let leftover = queue.compactMap { event -> (String, Bool)? in
            switch event {
            case .standardOutput(let text): return (text, false)
            case .standardError(let text): return (text, true)
            default: return nil
            }
        }
        queue.removeAll { if case .exited = $0 { return false } else { return true } }
        condition.unlock()
        for (text, isError) in leftover { asynchronousOutput(text, isError) }
    }

    /// Whether the worker has ended.
    var hasExited: Bool {
        condition.lock()
        defer { condition.unlock() }
        return finished
    }

    /// Asks the worker to stop the cell it runs (SIGINT): it leaves the cell when the cell
    /// runs its own code, and answers ``WorkerReply/interrupted(cell:)``; otherwise nothing
    /// happens, and the caller asks again.
    func interrupt() {
        channel.signal(SIGINT)
    }

    /// Kills the worker (a cell that could not be stopped otherwise, or the end of a session).
    func terminate() {
        channel.signal(SIGKILL)
    }

    /// Closes the request pipe, which ends the worker, and waits for it.
    func shutDown() {
        condition.lock()
        shuttingDown = true
        condition.unlock()
        channel.closeInput(WorkerChannel.requestDescriptor)
        condition.lock()
        let deadline = Date().addingTimeInterval(2)
        while !finished, condition.wait(until: deadline) {}
        let done = finished
        condition.unlock()
        if !done { channel.signal(SIGKILL) }
    }

    private func deliver(_ event: Event) {
        condition.lock()
        switch event {
        case .standardOutput(let text) where !waiting, .standardError(let text) where !waiting:
            // Between inputs, whole lines only: the REPL prints each piece above the prompt
            // as a line of its own.
            var isError = false
            if case .standardError = event { isError = true }
            var pending = asynchronousPartialLines[isError, default: ""] + text
            guard let newline = pending.lastIndex(of: "\n") else {
                asynchronousPartialLines[isError] = pending
                condition.unlock()
                return
            }
            let lines = String(pending[...newline])
            pending = String(pending[pending.index(after: newline)...])
            asynchronousPartialLines[isError] = pending
            condition.unlock()
            asynchronousOutput(lines, isError)
            return
        case .exited(let status) where !waiting:
            finished = true
            let expected = shuttingDown
            let unfinished = asynchronousPartialLines
            asynchronousPartialLines = [:]
            queue.append(event)
            condition.broadcast()
            condition.unlock()
            for (isError, text) in unfinished where !text.isEmpty { asynchronousOutput(text + "\n", isError) }
            if !expected { idleExit(status) }
            return
        case .exited:
            finished = true
        default:
            break
        }
        queue.append(event)
        condition.broadcast()
        condition.unlock()
    }

    /// The reader thread: reads the worker's stdout, stderr and replies until it has closed
    /// them all, then reaps it.
    private func readEvents() {
        channel.readOutputsToEnd { descriptor, reader in
            if descriptor == WorkerChannel.replyDescriptor {
                while let line = reader.take(FileDescriptorReader.line) {
                    if let reply = WorkerReply(line: Substring(line)) { deliver(.reply(reply)) }
                }
                return
            }
            // Whole UTF-8 sequences only, until the end: a read may stop inside a character.
            let atEnd = reader.isAtEnd
            let text = reader.take { bytes -> String? in
                let cut = atEnd ? bytes.count : Self.completeUTF8Prefix(bytes)
                defer { bytes.removeSubrange(..<cut) }
                return cut == 0 ? nil : String(decoding: bytes[..<cut], as: UTF8.self)
            }
            if let text { deliver(descriptor == STDOUT_FILENO ? .standardOutput(text) : .standardError(text)) }
        }
        deliver(.exited(status: channel.reap()))
    }

    /// The length of the longest prefix of `bytes` that does not end inside a UTF-8 sequence.
    static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        var continuation = 0
        while index > 0, continuation < 4 {
            let byte = bytes[index - 1]
            if byte & 0xC0 == 0x80 {
                continuation += 1
                index -= 1
                continue
            }
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return length > continuation + 1 ? index - 1 : bytes.count
        }
        return bytes.count
    }
}

/// Failures of the worker process itself (not of the code it runs).
public enum WorkerError: Error, CustomStringConvertible {
    /// The worker could not be started.
    case startFailed(String)

    /// A message for the learner.
    public var description: String {
        switch self {
        case .startFailed(let reason): return "swiftlab could not start its worker process: \(reason)"
        }
    }
}
