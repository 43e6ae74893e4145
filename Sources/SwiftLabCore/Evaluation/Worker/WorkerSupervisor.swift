import Foundation

/// Keeps a worker process for a session: runs compiled cells in it, and stops the running
/// cell on Ctrl-C or at the timeout, inside the worker when it can (the worker leaves the
/// cell and keeps everything else). After the worker ends, it starts a new one and runs the
/// accepted cells again with their output discarded.
///
/// What to do when is decided by a ``SupervisorStateMachine``: the supervisor owns the
/// worker and the clock, tells the machine what happened and does what it answers.
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

    /// What running one cell came to, for the session to apply.
    struct RunReport: Equatable {
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
        var machine = SupervisorStateMachine(
            cell: cell, library: library, timeout: timeout, mapper: mapper, accepted: accepted)
        let alive = worker.map { !$0.hasExited } ?? false
        var actions = machine.inputArrived(workerIsAlive: alive, idleExit: alive ? nil : idleMonitor.takeExit())
        defer {
            interruptLock.lock()
            runningWorker = nil
            interruptLock.unlock()
        }
        // Each list of actions ends in one that the machine's next event answers.
        while true {
            for action in actions.dropLast() { perform(action, emit: emit, emitProgramOutput: emitProgramOutput) }
            switch actions.last {
            case .startWorker?:
                worker = nil
                do {
                    worker = try startWorker()
                    actions = machine.workerStarted(now: Date())
                } catch {
                    actions = machine.workerFailedToStart("\(error)")
                }
            case .run(let request)?:
                interruptLock.lock()
                // Ctrl-C while the compiler ran (or the state was restored): the input does
                // not run at all.
                let interruptedBeforeRunning = interruptRequested
                if !interruptedBeforeRunning { runningWorker = worker }
                interruptLock.unlock()
                if interruptedBeforeRunning {
                    actions = machine.interruptedBeforeRunning()
                } else {
                    worker?.send(request)
                    actions = machine.inputSent(now: Date())
                }
            case .locateTrap(let frames)?:
                actions = machine.trapLocated(trapLocator?.locations(of: frames) ?? [])
            case .waitForEvent(let deadline)?:
                if let event = worker?.next(until: deadline) {
                    actions = machine.received(event, now: Date())
                } else {
                    actions = machine.timePassed(now: Date(), interruptRequested: isInterruptRequested)
                }
            case .finish(let report)?:
                return report
            case let last:
                preconditionFailure("the supervisor's state machine stopped at \(String(describing: last))")
            }
        }
    }

    /// Does one of the machine's actions that needs no answer.
    private func perform(
        _ action: SupervisorStateMachine.Action, emit: (String) -> Void, emitProgramOutput: (String) -> Void
    ) {
        switch action {
        case .send(let request): worker?.send(request)
        case .interrupt: worker?.interrupt()
        case .terminate: worker?.terminate()
        case .stopWaiting: worker?.stopWaiting()
        case .emit(let text): emit(text)
        case .emitProgramOutput(let text): emitProgramOutput(text)
        case .startWorker, .run, .locateTrap, .waitForEvent, .finish:
            preconditionFailure("\(action) must end a list of the machine's actions")
        }
    }

    private func startWorker() throws -> any WorkerConnection {
        let monitor = idleMonitor
        return try startWorkerProcess(
            { text, isError in monitor.handle(text, isError: isError) },
            { status in monitor.workerExited(status: status) })
    }
}
