import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a worker process for a session: runs compiled cells in it, and stops the running
/// cell on Ctrl-C or at the timeout, inside the worker when it can (the worker leaves the
/// cell and keeps everything else). After the worker ends, it starts a new one and runs the
/// accepted cells again with their output discarded.
///
/// ``interrupt()`` may be called from any thread; everything else from the session's.
final class WorkerSupervisor: @unchecked Sendable {
    /// Starts a worker whose output between inputs goes to the first handler (text, and
    /// whether it came from stderr), and whose end while no input runs to the second.
    typealias StartWorker = (
        _ asynchronousOutput: @escaping @Sendable (String, _ isError: Bool) -> Void,
        _ idleExit: @escaping @Sendable (Int32) -> Void
    ) throws -> any WorkerConnection

    private let startWorkerProcess: StartWorker
    /// Finds the input lines of a trap's stack frames (`nil`: traps are not located).
    private let trapLocator: TrapLocator?
    /// How long an input may run (`nil`: no limit); a lesson's check has its own limit.
    let timeout: Duration?
    private let idleMonitor: IdleWorkerMonitor
    private var worker: (any WorkerConnection)?
    private let interruptLock = NSLock()
    private var interruptRequested = false
    /// The worker while it runs an input (guarded by `interruptLock`).
    private var runningWorker: (any WorkerConnection)?

    /// A supervisor for workers started from `executable`; output they produce while no
    /// input runs goes to `asynchronousOutput`. No worker runs until ``start()``.
    convenience init(
        executable: URL, timeout: Duration?, trapLocator: TrapLocator?,
        asynchronousOutput: @escaping @Sendable (String) -> Void
    ) {
        self.init(timeout: timeout, trapLocator: trapLocator, asynchronousOutput: asynchronousOutput) {
            output, idleExit in
            try WorkerProcess(executable: executable, asynchronousOutput: output, idleExit: idleExit)
        }
    }

    /// A supervisor for the workers `startWorker` starts (the unit tests' stand-ins).
    init(
        timeout: Duration?, trapLocator: TrapLocator? = nil, asynchronousOutput: @escaping @Sendable (String) -> Void,
        startWorker: @escaping StartWorker
    ) {
        startWorkerProcess = startWorker
        self.trapLocator = trapLocator
        self.timeout = timeout
        idleMonitor = IdleWorkerMonitor(output: asynchronousOutput)
    }

    /// Starts the worker.
    func start() throws {
        worker = try startWorker()
    }

    /// Stops the worker.
    func shutDown() {
        worker?.shutDown()
        worker = nil
    }

    /// Replaces the worker by a fresh one that knows no input.
    func restart() {
        shutDown()
        idleMonitor.update(texts: [:])
        worker = try? startWorker()
    }

    /// The texts of the accepted inputs, by number: runtime messages from code running
    /// between inputs point into them.
    func update(texts: [Int: String], labels: [Int: Int] = [:]) {
        idleMonitor.update(texts: texts, labels: labels)
    }

    /// Forgets an earlier Ctrl-C: called as an input starts.
    func clearInterrupt() {
        interruptLock.lock()
        interruptRequested = false
        interruptLock.unlock()
    }

    /// Stops the code that runs now (Ctrl-C); safe to call from any thread.
    func interrupt() {
        interruptLock.lock()
        interruptRequested = true
        // Only a worker running an input is stopped: one restoring state is left alone
        // (the input it restores for then does not run).
        let current = runningWorker
        interruptLock.unlock()
        current?.interrupt()
    }

    private var isInterruptRequested: Bool {
        interruptLock.lock()
        defer { interruptLock.unlock() }
        return interruptRequested
    }

    /// How often, while a cell is asked to stop, SIGINT is sent again (the worker only
    /// leaves a cell running its own code), and how long before the worker is killed.
    static let interruptRetry: TimeInterval = 0.005
    static let interruptPatience: TimeInterval = 1

    /// What running one cell came to, for the session to apply.
    struct RunReport {
        /// How the run ended.
        var outcome: InputOutcome
        /// The static type of each `$R` result the cell showed, by number.
        var results: [Int: String] = [:]
        /// Where the trap was in the inputs, innermost frame first (see ``TrapLocator``).
        var trapLocations: [TrapLocator.Location] = []
        /// The accepted cells that could not be restored in a new worker, by number: the
        /// session forgets them.
        var droppedCells: [Int] = []
    }

    /// Runs a compiled cell in the worker, streaming its output.
    ///
    /// A trap in the cell's synchronous code, Ctrl-C and the timeout end the cell inside
    /// the worker, which goes on with every earlier value as it was. When the worker ends
    /// instead (a trap after an `await` or on another thread, `exit`, a cell that would
    /// not stop), a new worker runs `accepted` again; the report names the cells that could
    /// not be restored.
    ///
    /// `timeout` limits how long the cell runs (`nil`: no limit). When the cell traps, the
    /// trap locator finds the input lines of the stack frames the worker reported: a
    /// runtime message without a location in the input gets the innermost one.
    func execute(
        cell: GeneratedCell, library: URL, timeout: Duration?, mapper: DiagnosticMapper,
        accepted: [AcceptedCell], emit: (String) -> Void, emitProgramOutput: (String) -> Void
    ) -> RunReport {
        var kept = accepted
        var report = run(
            cell: cell, library: library, timeout: timeout, mapper: mapper, accepted: &kept, emit: emit,
            emitProgramOutput: emitProgramOutput)
        let remaining = Set(kept.map(\.number))
        report.droppedCells = accepted.map(\.number).filter { !remaining.contains($0) }
        return report
    }

    private func run(
        cell: GeneratedCell, library: URL, timeout: Duration?, mapper: DiagnosticMapper,
        accepted: inout [AcceptedCell], emit: (String) -> Void, emitProgramOutput: (String) -> Void
    ) -> RunReport {
        guard let worker = liveWorker(accepted: &accepted, mapper: mapper, emit: emit) else {
            return RunReport(outcome: .crashed)
        }
        interruptLock.lock()
        let interruptedBeforeRunning = interruptRequested
        if !interruptedBeforeRunning { runningWorker = worker }
        interruptLock.unlock()
        // Ctrl-C while the compiler ran: the input does not run at all.
        if interruptedBeforeRunning {
            emit(RunEndMessage.interrupted)
            return RunReport(outcome: .interrupted)
        }
        defer {
            interruptLock.lock()
            runningWorker = nil
            interruptLock.unlock()
        }
        let deadline = timeout.map { Date().addingTimeInterval(RunEndMessage.seconds($0)) } ?? .distantFuture
        var errors = RuntimeErrorFilter(mapper: mapper)
        var timedOut = false
        var exitStatus: Int32?
        var trapSignal: Int32?
        /// Since when the cell is being asked to stop (Ctrl-C or the timeout).
        var stoppingSince: Date?
        var killed = false
        var runtimeMessages: [RuntimeErrorFilter.Piece] = []
        var report = RunReport(outcome: .succeeded)
        worker.send(.run(cell: cell.number, library: library.path, symbol: cell.entrySymbol, quiet: false))
        loop: while true {
            let now = Date()
            // Awake every 50 ms to see a Ctrl-C; every few while asking the cell to stop.
            let wake =
                killed
                ? Date.distantFuture
                : stoppingSince == nil
                    ? min(deadline, now.addingTimeInterval(0.05)) : now.addingTimeInterval(Self.interruptRetry)
            guard let event = worker.next(until: wake) else {
                if let since = stoppingSince {
                    if Date().timeIntervalSince(since) > Self.interruptPatience {
                        // Not back in its own code for a second (waiting on a lock, in a
                        // task after an `await`): only ending the worker stops it.
                        worker.terminate()
                        killed = true
                    } else {
                        worker.interrupt()
                    }
                } else if Date() >= deadline || isInterruptRequested {
                    timedOut = !isInterruptRequested
                    stoppingSince = Date()
                    worker.interrupt()
                }
                continue
            }
            switch event {
            case .standardOutput(let text):
                emitProgramOutput(text)
            case .standardError(let text):
                for piece in errors.consume(text) {
                    // The runtime's message comes last: output the cell wrote before the
                    // trap may still be on its way through the other pipe.
                    if piece.isRuntimeMessage {
                        runtimeMessages.append(piece)
                    } else {
                        emitProgramOutput(piece.text)
                    }
                }
            case .reply(.result(cell.number, let number, let type)):
                report.results[number] = type
            case .reply(.finished(cell.number)):
                // It ended by itself, maybe as it was asked to stop.
                stoppingSince = nil
                break loop
            case .reply(.interrupted(cell.number)):
                // Ctrl-C sends the first SIGINT at once, before this loop sees the request.
                if stoppingSince == nil { stoppingSince = Date() }
                break loop
            case .reply(.trapped(cell.number, let signal)):
                trapSignal = signal
                break loop
            case .reply(.failed(_, let message)):
                for error in errors.finish() { emit(error.text) }
                emit(RunEndMessage.loadFailed(message))
                worker.stopWaiting()
                report.outcome = .crashed
                return report
            case .reply:
                continue
            case .exited(let status):
                exitStatus = status
                break loop
            }
        }
        for error in errors.finish() { emit(error.text) }
        if trapSignal != nil || (exitStatus != nil && stoppingSince == nil), !errors.cellFrames.isEmpty {
            report.trapLocations = trapLocator?.locations(of: errors.cellFrames) ?? []
            if let innermost = report.trapLocations.first,
                let index = runtimeMessages.firstIndex(where: { $0.unlocatedMessage != nil })
            {
                runtimeMessages[index].text = mapper.renderRuntimeMessage(
                    runtimeMessages[index].unlocatedMessage!, input: innermost.input, line: innermost.line)
            }
        }
        for message in runtimeMessages { emit(message.text) }
        if let signal = trapSignal {
            // Left at the trap inside the worker: nothing else changed. (Output of code
            // running since, a timer, comes after this line.)
            emit(
                "error: \(RunEndMessage.describeEnd(status: 128 + signal, sawRuntimeMessage: errors.sawRuntimeMessage, keptState: true))\n"
            )
            worker.stopWaiting()
            report.outcome = .crashed
            return report
        }
        guard let status = exitStatus else {
            if stoppingSince != nil {
                emit(timedOut ? RunEndMessage.timedOut(limit: timeout) : RunEndMessage.interrupted)
            }
            worker.stopWaiting()
            report.outcome = stoppingSince == nil ? .succeeded : timedOut ? .timedOut : .interrupted
            return report
        }
        if stoppingSince != nil {
            emit(timedOut ? RunEndMessage.timedOut(limit: timeout) : RunEndMessage.interrupted)
            report.outcome = timedOut ? .timedOut : .interrupted
        } else {
            // As in LLDB: the runtime's message, then one line saying the input was
            // interrupted and the earlier state is back (written once it is).
            let sawRuntimeMessage = errors.sawRuntimeMessage
            self.worker = nil
            restore(accepted: &accepted, label: mapper.label, emit: emit) { numbers in
                let labels = numbers.map(mapper.label)
                return
                    "error: \(RunEndMessage.describeEnd(status: status, sawRuntimeMessage: sawRuntimeMessage, restoredInputs: labels))\n"
            }
            report.outcome = .crashed
            return report
        }
        self.worker = nil
        restore(accepted: &accepted, label: mapper.label, emit: emit) { RunEndMessage.restored($0.map(mapper.label)) }
        return report
    }

    /// The worker, started (and restored) if the last one has ended.
    private func liveWorker(
        accepted: inout [AcceptedCell], mapper: DiagnosticMapper, emit: (String) -> Void
    ) -> (any WorkerConnection)? {
        if let worker, !worker.hasExited { return worker }
        worker = nil
        // Code an earlier input scheduled trapped between inputs: that input is not run
        // again (it would schedule the same trap), unless later inputs use what it declared.
        // It is the input the runtime's message points into, or else the latest one.
        // A worker killed from outside (SIGKILL) blames no input.
        if let exit = idleMonitor.takeExit(), exit.status != 128 + SIGKILL,
            let culprit = exit.culprit ?? accepted.last?.number,
            let index = accepted.firstIndex(where: { $0.number == culprit }),
            !accepted[index].generated.exportsDeclarations
        {
            accepted.remove(at: index)
            emit(RunEndMessage.notRunAgain(mapper.label(culprit)))
        }
        restore(accepted: &accepted, label: mapper.label, emit: emit) { RunEndMessage.restored($0.map(mapper.label)) }
        return worker
    }

    /// Starts a new worker and re-runs the accepted cells in it with their output
    /// discarded. A cell that fails on the re-run (its result depended on chance) is
    /// dropped with those after it, and the learner is told.
    ///
    /// `announce` gives the line that says so, from the numbers of the inputs run again.
    private func restore(
        accepted: inout [AcceptedCell], label: (Int) -> Int, emit: (String) -> Void,
        announce: ([Int]) -> String
    ) {
        do {
            worker = try startWorker()
        } catch {
            emit("error: \(error)\n")
            return
        }
        guard let worker, !accepted.isEmpty else {
            if self.worker != nil { emit(announce([])) }
            return
        }
        for cell in accepted {
            worker.send(.run(cell: cell.number, library: cell.library.path, symbol: cell.symbol, quiet: true))
        }
        var restored = 0
        var deadline = Date().addingTimeInterval(timeout.map { RunEndMessage.seconds($0) * 2 } ?? 60)
        while restored < accepted.count {
            guard let event = worker.next(until: deadline) else {
                worker.terminate()
                deadline = .distantFuture
                continue
            }
            switch event {
            case .reply(.finished):
                restored += 1
            case .reply(.failed(_, let message)):
                emit(RunEndMessage.restoreFailed(message))
                restored = accepted.count
            case .exited, .reply(.trapped), .reply(.interrupted):
                worker.terminate()
                emit(RunEndMessage.restoreFailed(accepted[restored...].map { label($0.number) }))
                accepted.removeSubrange(restored...)
                self.worker = nil
                restore(accepted: &accepted, label: label, emit: emit, announce: announce)
                return
            default:
                continue
            }
        }
        worker.stopWaiting()
        emit(announce(accepted.map(\.number)))
    }

    private func startWorker() throws -> any WorkerConnection {
        let monitor = idleMonitor
        return try startWorkerProcess(
            { text, isError in monitor.handle(text, isError: isError) },
            { status in monitor.workerExited(status: status) })
    }
}
