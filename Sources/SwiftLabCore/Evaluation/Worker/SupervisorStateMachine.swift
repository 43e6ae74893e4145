import Foundation
import SwiftLabWorkerProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What ``WorkerSupervisor`` decides while one input runs, as a state machine in the
/// manner of swift-async-algorithms: the supervisor tells it what happened (the input
/// arrived, the worker wrote or replied or ended, a wait ran out, a new worker started)
/// and does the actions it answers with, in order (send a request, ask the cell to stop,
/// start a worker, write a message, wait for the worker, finish with a report).
///
/// It owns no process and reads no clock (the supervisor passes the time in), so its
/// decisions (when to stop a cell, which accepted cells a new worker runs again, which
/// one is not run again because its code ended the worker, what the learner is told)
/// are unit-tested step by step. Each event method returns the actions for it; the
/// last one is always ``Action/waitForEvent(until:)``, ``Action/startWorker``,
/// ``Action/run(_:)``, ``Action/locateTrap(_:)`` or ``Action/finish(_:)``, which the
/// supervisor answers with the next event (the last with nothing: the run is over).
struct SupervisorStateMachine {
    /// Something for the supervisor to do.
    enum Action: Equatable {
        /// Start a new worker; answer ``workerStarted(now:)`` or ``workerFailedToStart(_:)``.
        case startWorker
        /// Send a request to the worker.
        case send(WorkerRequest)
        /// Run the input: unless Ctrl-C came first (answer ``interruptedBeforeRunning()``),
        /// mark the worker as running it, send `request` and answer ``inputSent(now:)``.
        case run(WorkerRequest)
        /// Ask the worker to leave the cell (SIGINT).
        case interrupt
        /// Kill the worker.
        case terminate
        /// Output goes to the asynchronous handler again (between inputs).
        case stopWaiting
        /// Write one of swiftlab's messages.
        case emit(String)
        /// Write what the input's code wrote.
        case emitProgramOutput(String)
        /// Find the input lines of these stack frames; answer ``trapLocated(_:)``.
        case locateTrap([TrapLocator.Frame])
        /// Wait for the worker's next event until then; answer ``received(_:now:)``, or
        /// ``timePassed(now:interruptRequested:)`` when none came.
        case waitForEvent(until: Date)
        /// The run is over: the report for the session.
        case finish(WorkerSupervisor.RunReport)
    }

    /// How the worker ended while no input ran (``IdleWorkerMonitor``).
    typealias IdleExit = (status: Int32, culprit: Int?)

    /// How often, while a cell is asked to stop, SIGINT is sent again (the worker only
    /// leaves a cell running its own code), and how long before the worker is killed.
    static let interruptRetry: TimeInterval = 0.005
    static let interruptPatience: TimeInterval = 1
    /// How often a running input looks for a Ctrl-C.
    static let interruptPoll: TimeInterval = 0.05

    /// What a restore says once it has run the accepted cells again.
    private enum Announcement {
        /// `(state restored by running inputs ... again)`.
        case restored
        /// The input ended the worker: the runtime's way of saying so, naming the inputs
        /// run again.
        case crashed(status: Int32, sawRuntimeMessage: Bool)
    }

    /// A new worker running the accepted cells again.
    private struct Restoring {
        var announcement: Announcement
        /// The input runs once the state is back (its worker had died before it); else the
        /// run is over.
        var thenRunInput: Bool
        /// How many of the accepted cells have run again.
        var restored = 0
        /// When a restore that does not end is given up (its worker killed).
        var deadline = Date.distantFuture
    }

    /// The input running in the worker.
    private struct Running {
        var deadline: Date
        /// Since when the cell is being asked to stop (Ctrl-C or the timeout).
        var stoppingSince: Date?
        var timedOut = false
        var killed = false
        var errors: RuntimeErrorFilter
        /// The runtime's messages, written last: output the cell wrote before a trap may
        /// still be on its way through the other pipe.
        var runtimeMessages: [RuntimeErrorFilter.Piece] = []
        var exitStatus: Int32?
        var trapSignal: Int32?
    }

    private enum Phase {
        case arriving
        case restoring(Restoring)
        case running(Running)
        case locatingTrap(Running)
        case finished
    }

    private let cell: GeneratedCell
    private let library: URL
    private let timeout: Duration?
    private let mapper: DiagnosticMapper
    /// The accepted cells at the start, by number: the report names those not kept.
    private let acceptedAtStart: [Int]
    /// The accepted cells a new worker runs again (fewer once one is dropped).
    private var accepted: [AcceptedCell]
    private var report = WorkerSupervisor.RunReport(outcome: .succeeded)
    private var phase = Phase.arriving

    /// The run of `cell` (compiled to `library`) after the `accepted` cells, stopped after
    /// `timeout` (`nil`: no limit); `mapper` maps the runtime's messages and names inputs
    /// by their prompt labels.
    init(cell: GeneratedCell, library: URL, timeout: Duration?, mapper: DiagnosticMapper, accepted: [AcceptedCell]) {
        self.cell = cell
        self.library = library
        self.timeout = timeout
        self.mapper = mapper
        self.accepted = accepted
        acceptedAtStart = accepted.map(\.number)
    }

    // MARK: - Events

    /// The input arrives; the worker is alive, or has ended (`idleExit`: how, when no
    /// input was running).
    mutating func inputArrived(workerIsAlive: Bool, idleExit: IdleExit?) -> [Action] {
        if workerIsAlive { return runInput() }
        var actions: [Action] = []
        // Code an earlier input scheduled ended the worker between inputs: that input is
        // not run again (it would schedule the same trap), unless later inputs use what it
        // declared. It is the input the runtime's message points into, or else the latest
        // one. A worker killed from outside (SIGKILL) blames no input.
        if let exit = idleExit, exit.status != 128 + SIGKILL,
            let culprit = exit.culprit ?? accepted.last?.number,
            let index = accepted.firstIndex(where: { $0.number == culprit }),
            !accepted[index].generated.exportsDeclarations
        {
            accepted.remove(at: index)
            actions.append(.emit(RunEndMessage.notRunAgain(mapper.label(culprit))))
        }
        return actions + restore(announcing: .restored, thenRunInput: true)
    }

    /// A new worker has started.
    mutating func workerStarted(now: Date) -> [Action] {
        guard case .restoring(var restoring) = phase else { return [] }
        guard !accepted.isEmpty else { return restored(restoring) }
        restoring.deadline = now.addingTimeInterval(timeout.map { RunEndMessage.seconds($0) * 2 } ?? 60)
        phase = .restoring(restoring)
        return accepted.map { .send(.run(cell: $0.number, library: $0.library.path, symbol: $0.symbol, quiet: true)) }
            + [.waitForEvent(until: restoring.deadline)]
    }

    /// No worker could be started: the session goes on without one until the next input.
    mutating func workerFailedToStart(_ error: String) -> [Action] {
        guard case .restoring(let restoring) = phase else { return [] }
        if restoring.thenRunInput { report.outcome = .crashed }
        return [.emit(RunEndMessage.workerStartFailed(error))] + finish()
    }

    /// Ctrl-C came while the input was being compiled (or restored for): it does not run.
    mutating func interruptedBeforeRunning() -> [Action] {
        report.outcome = .interrupted
        return [.emit(RunEndMessage.interrupted)] + finish()
    }

    /// The input's request has gone to the worker.
    mutating func inputSent(now: Date) -> [Action] {
        let deadline = timeout.map { now.addingTimeInterval(RunEndMessage.seconds($0)) } ?? .distantFuture
        let running = Running(deadline: deadline, errors: RuntimeErrorFilter(mapper: mapper))
        phase = .running(running)
        return [wait(running, now: now)]
    }

    /// No event came before the wait's end; `interruptRequested`: Ctrl-C was pressed.
    mutating func timePassed(now: Date, interruptRequested: Bool) -> [Action] {
        switch phase {
        case .running(var running):
            var actions: [Action] = []
            if let since = running.stoppingSince {
                if now.timeIntervalSince(since) > Self.interruptPatience {
                    // Not back in its own code for a second (waiting on a lock, in a task
                    // after an `await`): only ending the worker stops it.
                    running.killed = true
                    actions.append(.terminate)
                } else {
                    actions.append(.interrupt)
                }
            } else if now >= running.deadline || interruptRequested {
                running.timedOut = !interruptRequested
                running.stoppingSince = now
                actions.append(.interrupt)
            }
            phase = .running(running)
            return actions + [wait(running, now: now)]
        case .restoring(var restoring):
            // A restore that does not end: its worker is killed, and its end reported.
            restoring.deadline = .distantFuture
            phase = .restoring(restoring)
            return [.terminate, .waitForEvent(until: .distantFuture)]
        default:
            return []
        }
    }

    /// The worker wrote, replied or ended.
    mutating func received(_ event: WorkerProcess.Event, now: Date) -> [Action] {
        switch phase {
        case .running(let running): return received(event, running: running, now: now)
        case .restoring(let restoring): return received(event, restoring: restoring)
        default: return []
        }
    }

    /// The input lines of the trap's stack frames (``Action/locateTrap(_:)``).
    mutating func trapLocated(_ locations: [TrapLocator.Location]) -> [Action] {
        guard case .locatingTrap(let running) = phase else { return [] }
        return ended(running, trapLocations: locations)
    }

    // MARK: - Running the input

    private mutating func runInput() -> [Action] {
        [.run(.run(cell: cell.number, library: library.path, symbol: cell.entrySymbol, quiet: false))]
    }

    /// Awake every 50 ms to see a Ctrl-C; every few while asking the cell to stop.
    private func wait(_ running: Running, now: Date) -> Action {
        if running.killed { return .waitForEvent(until: .distantFuture) }
        if running.stoppingSince != nil { return .waitForEvent(until: now.addingTimeInterval(Self.interruptRetry)) }
        return .waitForEvent(until: min(running.deadline, now.addingTimeInterval(Self.interruptPoll)))
    }

    private mutating func received(_ event: WorkerProcess.Event, running: Running, now: Date) -> [Action] {
        var running = running
        var actions: [Action] = []
        switch event {
        case .standardOutput(let text):
            actions.append(.emitProgramOutput(text))
        case .standardError(let text):
            for piece in running.errors.consume(text) {
                if piece.isRuntimeMessage {
                    running.runtimeMessages.append(piece)
                } else {
                    actions.append(.emitProgramOutput(piece.text))
                }
            }
        case .reply(.result(cell.number, let number, let type)):
            report.results[number] = type
        case .reply(.finished(cell.number)):
            // It ended by itself, maybe as it was asked to stop.
            running.stoppingSince = nil
            return endRun(running)
        case .reply(.interrupted(cell.number)):
            // Ctrl-C sends the first SIGINT at once, before the supervisor's loop sees it.
            if running.stoppingSince == nil { running.stoppingSince = now }
            return endRun(running)
        case .reply(.trapped(cell.number, let signal)):
            running.trapSignal = signal
            return endRun(running)
        case .reply(.failed(_, let message)):
            report.outcome = .crashed
            let rest: [Action] = running.errors.finish().map { .emit($0.text) }
            return rest + [.emit(RunEndMessage.loadFailed(message)), .stopWaiting] + finish()
        case .reply:
            break
        case .exited(let status):
            running.exitStatus = status
            return endRun(running)
        }
        phase = .running(running)
        return actions + [wait(running, now: now)]
    }

    /// The cell has ended (or left its worker): the rest of its stderr, then its trap's
    /// input lines when it trapped by itself.
    private mutating func endRun(_ running: Running) -> [Action] {
        var running = running
        let rest: [Action] = running.errors.finish().map { .emit($0.text) }
        let trappedByItself =
            running.trapSignal != nil || (running.exitStatus != nil && running.stoppingSince == nil)
        if trappedByItself, !running.errors.cellFrames.isEmpty {
            phase = .locatingTrap(running)
            return rest + [.locateTrap(running.errors.cellFrames)]
        }
        return rest + ended(running, trapLocations: [])
    }

    private mutating func ended(_ running: Running, trapLocations: [TrapLocator.Location]) -> [Action] {
        var running = running
        report.trapLocations = trapLocations
        // A runtime message without a location in the input gets the trap's innermost one.
        if let innermost = trapLocations.first,
            let index = running.runtimeMessages.firstIndex(where: { $0.unlocatedMessage != nil })
        {
            running.runtimeMessages[index].text = mapper.renderRuntimeMessage(
                running.runtimeMessages[index].unlocatedMessage!, input: innermost.input, line: innermost.line)
        }
        var actions: [Action] = running.runtimeMessages.map { .emit($0.text) }
        let sawRuntimeMessage = running.errors.sawRuntimeMessage
        let stopped = running.stoppingSince != nil
        let stopMessage = running.timedOut ? RunEndMessage.timedOut(limit: timeout) : RunEndMessage.interrupted
        if let signal = running.trapSignal {
            // Left at the trap inside the worker: nothing else changed. (Output of code
            // running since, a timer, comes after this line.)
            report.outcome = .crashed
            actions += [
                .emit(RunEndMessage.trapLeft(signal: signal, sawRuntimeMessage: sawRuntimeMessage)), .stopWaiting,
            ]
            return actions + finish()
        }
        guard let status = running.exitStatus else {
            report.outcome = !stopped ? .succeeded : running.timedOut ? .timedOut : .interrupted
            if stopped { actions.append(.emit(stopMessage)) }
            return actions + [.stopWaiting] + finish()
        }
        if stopped {
            // A cell that would not stop: its worker was ended.
            report.outcome = running.timedOut ? .timedOut : .interrupted
            actions.append(.emit(stopMessage))
            return actions + restore(announcing: .restored, thenRunInput: false)
        }
        // As in LLDB: the runtime's message, then one line saying the input was
        // interrupted and the earlier state is back (written once it is).
        report.outcome = .crashed
        return actions
            + restore(announcing: .crashed(status: status, sawRuntimeMessage: sawRuntimeMessage), thenRunInput: false)
    }

    // MARK: - Restoring the state in a new worker

    private mutating func restore(announcing announcement: Announcement, thenRunInput: Bool) -> [Action] {
        phase = .restoring(Restoring(announcement: announcement, thenRunInput: thenRunInput))
        return [.startWorker]
    }

    private mutating func received(_ event: WorkerProcess.Event, restoring: Restoring) -> [Action] {
        var restoring = restoring
        switch event {
        case .reply(.finished):
            restoring.restored += 1
            if restoring.restored == accepted.count { return [.stopWaiting] + restored(restoring) }
        case .reply(.failed(_, let message)):
            // The worker cannot load a cell it loaded before: the restore stops there.
            return [.emit(RunEndMessage.restoreFailed(message)), .stopWaiting] + restored(restoring)
        case .exited, .reply(.trapped), .reply(.interrupted):
            // A cell did not run again the same way (its result depended on chance): it is
            // dropped with those after it, and a new worker runs the others.
            let lost = accepted[restoring.restored...].map { mapper.label($0.number) }
            accepted.removeSubrange(restoring.restored...)
            return [.terminate, .emit(RunEndMessage.restoreFailed(lost))]
                + restore(announcing: restoring.announcement, thenRunInput: restoring.thenRunInput)
        default:
            break
        }
        phase = .restoring(restoring)
        return [.waitForEvent(until: restoring.deadline)]
    }

    /// The state is back: the restore says so, then the input runs or the run is over.
    private mutating func restored(_ restoring: Restoring) -> [Action] {
        let labels = accepted.map { mapper.label($0.number) }
        let line: String
        switch restoring.announcement {
        case .restored:
            line = RunEndMessage.restored(labels)
        case .crashed(let status, let sawRuntimeMessage):
            line = RunEndMessage.crashed(status: status, sawRuntimeMessage: sawRuntimeMessage, restoredInputs: labels)
        }
        let announced: [Action] = line.isEmpty ? [] : [.emit(line)]
        return announced + (restoring.thenRunInput ? runInput() : finish())
    }

    private mutating func finish() -> [Action] {
        phase = .finished
        let kept = Set(accepted.map(\.number))
        report.droppedCells = acceptedAtStart.filter { !kept.contains($0) }
        return [.finish(report)]
    }
}
