import Foundation
import SwiftLabDescriptorIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One helper process spoken to through pipes: started with exactly the descriptors a
/// descriptor map gives it (a pipe it reads, a pipe it writes, or `/dev/null`), every one
/// closed again when it cannot start; written to whole, read one frame at a time with an
/// optional deadline (or every pipe at once, as they have something), signalled, and
/// reaped. The worker (`WorkerProcess`), the compile server (`CompileServer`) and the
/// completion helper (`CompletionHelper`) are spoken to through it.
///
/// Its pipes are named by the helper's descriptor numbers. The pipes the helper reads are
/// written and closed by one thread; those it writes are read by one thread (it may be
/// another, as the worker's reader thread is); ``signal(_:)`` may be called from any.
final class HelperChannel: @unchecked Sendable {
    /// What one of the helper's descriptors is connected to.
    enum Connection {
        /// A pipe the helper reads, which swiftlab writes (``write(_:to:)``).
        case input
        /// A pipe the helper writes, which swiftlab reads (``read(from:until:frame:)``).
        case output
        /// `/dev/null`.
        case null
    }

    /// The helper's process id.
    let pid: pid_t
    /// The ends swiftlab writes, by the helper's descriptor.
    private var inputs: [Int32: Int32]
    /// The ends swiftlab reads, by the helper's descriptor.
    private var outputs: [Int32: FileDescriptorReader]
    /// The helper's exit status once it has been reaped (128 + signal).
    private let status = Locked<Int32?>(nil)

    /// Starts `arguments[0]` with `descriptors` (by default: requests on its stdin, replies
    /// on its stdout, stderr to `/dev/null`); in a process group of its own when
    /// `newProcessGroup` (the terminal's Ctrl-C is then for the REPL only).
    init(
        arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        descriptors: [Int32: Connection] = [STDIN_FILENO: .input, STDOUT_FILENO: .output, STDERR_FILENO: .null],
        newProcessGroup: Bool = false
    ) throws {
        // (ours, the helper's) for each descriptor; the helper's are closed here once it
        // has its own copies, or was never started.
        var pipes: [Int32: (ours: Int32, helpers: Int32)] = [:]
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer {
            close(null)
            for pipe in pipes.values { close(pipe.helpers) }
        }
        for (descriptor, connection) in descriptors {
            switch connection {
            case .input:
                let pipe = ChildProcess.makePipe()
                pipes[descriptor] = (ours: pipe.write, helpers: pipe.read)
            case .output:
                let pipe = ChildProcess.makePipe()
                pipes[descriptor] = (ours: pipe.read, helpers: pipe.write)
            case .null:
                break
            }
        }
        do {
            pid = try ChildProcess.spawn(
                arguments, environment: environment,
                descriptors: descriptors.keys.sorted().map { ($0, pipes[$0]?.helpers ?? null) },
                newProcessGroup: newProcessGroup)
        } catch {
            for pipe in pipes.values { close(pipe.ours) }
            throw error
        }
        inputs = pipes.filter { descriptors[$0.key] == .input }.mapValues(\.ours)
        outputs = pipes.filter { descriptors[$0.key] == .output }.mapValues { FileDescriptorReader($0.ours) }
    }

    deinit { end() }

    /// The helper's exit status once it has been reaped (128 + signal); nil before.
    var endStatus: Int32? { status.withLock { $0 } }

    /// Writes all of `bytes` to the helper's descriptor `descriptor` (its stdin by
    /// default); false when the helper has gone (EPIPE: the session ignores SIGPIPE) or
    /// that pipe was closed.
    func write(_ bytes: [UInt8], to descriptor: Int32 = STDIN_FILENO) -> Bool {
        guard endStatus == nil, let fd = inputs[descriptor] else { return false }
        return FileDescriptorWriter.write(bytes, to: fd)
    }

    /// Closes the pipe the helper reads on `descriptor`: it sees the end of its requests.
    func closeInput(_ descriptor: Int32 = STDIN_FILENO) {
        if let fd = inputs.removeValue(forKey: descriptor) { close(fd) }
    }

    /// Whether output on the helper's `descriptor` (its stdout by default) has started to
    /// arrive, or the helper has closed it, without waiting.
    func hasOutputWaiting(on descriptor: Int32 = STDOUT_FILENO) -> Bool {
        endStatus != nil || outputs[descriptor]?.hasInputWaiting ?? true
    }

    /// Reads the helper's `descriptor` (its stdout by default) until `frame` takes a whole
    /// frame from the front of the bytes read so far (see ``FileDescriptorReader``), or
    /// until `deadline`.
    func read<Frame>(
        from descriptor: Int32 = STDOUT_FILENO, until deadline: ContinuousClock.Instant? = nil,
        frame: (inout [UInt8]) -> Frame?
    ) -> Result<Frame, FileDescriptorReader.Failure> {
        guard endStatus == nil, outputs[descriptor] != nil else { return .failure(.closed) }
        return outputs[descriptor]!.next(until: deadline, frame)
    }

    /// Reads every pipe the helper writes as bytes arrive on it, until the helper has
    /// closed them all (it has ended), then closes them. After each read, `receive` is given
    /// the helper's descriptor and its reader, to take what frames it holds; the last time
    /// for a descriptor, its reader ``FileDescriptorReader/isAtEnd``.
    func readOutputsToEnd(_ receive: (_ descriptor: Int32, _ reader: inout FileDescriptorReader) -> Void) {
        var open = outputs.keys.sorted()
        while !open.isEmpty {
            let ready = FileDescriptorReader.poll(open.map { outputs[$0]!.descriptor }, milliseconds: -1)
            for (descriptor, isReady) in zip(open, ready) where isReady {
                outputs[descriptor]!.fill()
                receive(descriptor, &outputs[descriptor]!)
                if outputs[descriptor]!.isAtEnd {
                    close(outputs.removeValue(forKey: descriptor)!.descriptor)
                    open.removeAll { $0 == descriptor }
                }
            }
        }
    }

    /// Sends the helper `signal` unless it has been reaped; safe from any thread.
    func signal(_ signal: Int32) {
        status.withLock { status in
            if status == nil { _ = kill(pid, signal) }
        }
    }

    /// Waits for the helper to end, and reaps it; its exit status (128 + signal).
    @discardableResult
    func reap() -> Int32 {
        if let endStatus { return endStatus }
        let ended = ChildProcess.wait(for: pid)
        status.withLock { $0 = ended }
        return ended
    }

    /// Ends the helper: kills it first when `killing` (otherwise closing its stdin asks it
    /// to end), closes the pipes and reaps it (unless it was reaped); its exit status.
    @discardableResult
    func end(killing: Bool = true) -> Int32 {
        if killing { signal(SIGKILL) }
        for descriptor in Array(inputs.keys) { closeInput(descriptor) }
        for reader in outputs.values { close(reader.descriptor) }
        outputs = [:]
        return reap()
    }
}
