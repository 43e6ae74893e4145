import Foundation
import SwiftLabWorkerProtocol
import Testing

@testable import SwiftLabCore

#if canImport(Glibc)
import Glibc
#endif

/// The supervisor's decisions, against scripted workers (no toolchain, no process): a
/// trap or Ctrl-C the worker left the cell at keeps the worker and every accepted cell;
/// a worker that died is replaced and the accepted cells run again, named by their prompt
/// labels; a cell that does not run again the same way is dropped with those after it;
/// code an earlier input scheduled that ended the worker keeps that input from running again.
@Suite struct WorkerSupervisorTests {
    /// A worker that answers each request as its script says, on the caller's thread.
    final class ScriptedWorker: WorkerConnection, @unchecked Sendable {
        typealias Script = @Sendable (WorkerRequest, ScriptedWorker) -> Void
        private let condition = NSCondition()
        private var events: [WorkerProcess.Event] = []
        private var ended = false
        private(set) var requests: [WorkerRequest] = []
        private(set) var interrupts = 0
        let script: Script
        let onInterrupt: @Sendable (ScriptedWorker) -> Void

        init(script: @escaping Script, onInterrupt: @escaping @Sendable (ScriptedWorker) -> Void = { _ in }) {
            self.script = script
            self.onInterrupt = onInterrupt
        }

        func push(_ event: WorkerProcess.Event) {
            condition.lock()
            events.append(event)
            if case .exited = event { ended = true }
            condition.broadcast()
            condition.unlock()
        }

        var hasExited: Bool {
            condition.lock()
            defer { condition.unlock() }
            return ended
        }

        func send(_ request: WorkerRequest) -> Bool {
            condition.lock()
            requests.append(request)
            condition.unlock()
            script(request, self)
            return true
        }

        func next(until deadline: Date) -> WorkerProcess.Event? {
            condition.lock()
            defer { condition.unlock() }
            while events.isEmpty {
                if !condition.wait(until: deadline) { return nil }
            }
            return events.removeFirst()
        }

        func stopWaiting() {}

        func interrupt() {
            condition.lock()
            interrupts += 1
            condition.unlock()
            onInterrupt(self)
        }

        func terminate() {
            if !hasExited { push(.exited(status: 128 + SIGKILL)) }
        }

        func shutDown() { terminate() }
    }

    /// Starts the scripted workers in order; records how many were started.
    final class Workers: @unchecked Sendable {
        var scripts: [ScriptedWorker]
        private(set) var started: [ScriptedWorker] = []
        var idleExit: (@Sendable (Int32) -> Void)?

        init(_ scripts: [ScriptedWorker]) { self.scripts = scripts }

        func start(idleExit: @escaping @Sendable (Int32) -> Void) -> any WorkerConnection {
            let worker = scripts.removeFirst()
            started.append(worker)
            self.idleExit = idleExit
            return worker
        }
    }

    static func cell(_ number: Int, exportsDeclarations: Bool = false) -> GeneratedCell {
        GeneratedCell(
            number: number, moduleName: "Cell\(number)", entrySymbol: "cell\(number)_main", source: "",
            declarations: [], imports: [], exportsDeclarations: exportsDeclarations, columnShifts: [])
    }

    static func accepted(_ numbers: [Int]) -> [AcceptedCell] {
        numbers.map {
            AcceptedCell(
                number: $0, input: "", library: URL(fileURLWithPath: "/cells/libCell\($0).so"),
                symbol: "cell\($0)_main", generated: cell($0))
        }
    }

    /// Finishes every run request at once.
    static let finishing: ScriptedWorker.Script = { request, worker in
        if case .run(let cell, _, _, _) = request { worker.push(.reply(.finished(cell: cell))) }
    }

    /// Runs cell 3 with inputs 1 and 2 accepted (shown at prompts 11 and 12).
    func execute(
        _ workers: Workers, timeout: Duration? = nil, accepted: inout [AcceptedCell]
    ) throws -> (outcome: InputOutcome, text: String) {
        let supervisor = WorkerSupervisor(
            timeout: timeout, asynchronousOutput: { _ in },
            startWorker: { _, idleExit in workers.start(idleExit: idleExit) })
        try supervisor.start()
        return run(supervisor, accepted: &accepted)
    }

    func run(_ supervisor: WorkerSupervisor, accepted: inout [AcceptedCell]) -> (outcome: InputOutcome, text: String) {
        let (report, text) = report(supervisor, accepted: accepted)
        accepted.removeAll { report.droppedCells.contains($0.number) }
        return (report.outcome, text)
    }

    /// The supervisor's report on running cell 3, and everything it wrote.
    func report(
        _ supervisor: WorkerSupervisor, accepted: [AcceptedCell]
    ) -> (report: WorkerSupervisor.RunReport, text: String) {
        var text = ""
        let mapper = DiagnosticMapper(
            input: 3, texts: [1: "a", 2: "b", 3: "c"], shifts: [], labels: [1: 11, 2: 12, 3: 13])
        let report = supervisor.execute(
            cell: Self.cell(3), library: URL(fileURLWithPath: "/cells/libCell3.so"), timeout: supervisor.timeout,
            mapper: mapper, accepted: accepted, emit: { text += $0 }, emitProgramOutput: { text += $0 })
        return (report, text)
    }

    @Test func aTrapTheWorkerLeftKeepsTheWorkerAndEveryCell() throws {
        let worker = ScriptedWorker { request, worker in
            guard case .run(let cell, _, _, _) = request else { return }
            worker.push(.standardError("Fatal error: boom\n"))
            worker.push(.reply(.trapped(cell: cell, signal: SIGILL)))
        }
        let workers = Workers([worker])
        var accepted = Self.accepted([1, 2])
        let (outcome, text) = try execute(workers, accepted: &accepted)
        #expect(outcome == .crashed)
        #expect(text.hasSuffix("error: execution interrupted (SIGILL); earlier state is unchanged.\n"))
        #expect(accepted.map(\.number) == [1, 2])
        #expect(workers.started.count == 1)
        #expect(worker.requests.count == 1)
    }

    @Test func aDeadWorkerIsReplacedAndTheInputsRunAgainAreNamedByPrompt() throws {
        let dying = ScriptedWorker { request, worker in
            if case .run = request { worker.push(.exited(status: 128 + SIGSEGV)) }
        }
        let next = ScriptedWorker(script: Self.finishing)
        let workers = Workers([dying, next])
        var accepted = Self.accepted([1, 2])
        let (outcome, text) = try execute(workers, accepted: &accepted)
        #expect(outcome == .crashed)
        #expect(
            text.contains(
                "earlier state is restored by running inputs 11 and 12 again (values they computed may differ).\n"))
        #expect(
            next.requests.map(\.line) == [
                WorkerRequest.run(cell: 1, library: "/cells/libCell1.so", symbol: "cell1_main", quiet: true).line,
                WorkerRequest.run(cell: 2, library: "/cells/libCell2.so", symbol: "cell2_main", quiet: true).line,
            ])
        #expect(accepted.map(\.number) == [1, 2])
    }

    @Test func aCellThatDoesNotRunAgainTheSameWayIsDroppedWithThoseAfterIt() throws {
        let dying = ScriptedWorker { request, worker in
            if case .run = request { worker.push(.exited(status: 128 + SIGILL)) }
        }
        // Input 1 runs again; input 2 traps this time (its result depended on chance).
        let unlucky = ScriptedWorker { request, worker in
            guard case .run(let cell, _, _, _) = request else { return }
            worker.push(cell == 1 ? .reply(.finished(cell: 1)) : .reply(.trapped(cell: cell, signal: SIGILL)))
        }
        let last = ScriptedWorker(script: Self.finishing)
        let workers = Workers([dying, unlucky, last])
        var accepted = Self.accepted([1, 2])
        let (_, text) = try execute(workers, accepted: &accepted)
        #expect(text.contains("error: input 12 did not run again the same way; the state of input 12 is lost.\n"))
        #expect(text.contains("earlier state is restored by running input 11 again"))
        #expect(accepted.map(\.number) == [1])
        #expect(workers.started.count == 3)
    }

    @Test func theTimeoutStopsTheCellInsideTheWorker() throws {
        let worker = ScriptedWorker(
            script: { _, _ in }, onInterrupt: { worker in worker.push(.reply(.interrupted(cell: 3))) })
        let workers = Workers([worker])
        var accepted = Self.accepted([1, 2])
        let (outcome, text) = try execute(workers, timeout: .milliseconds(1), accepted: &accepted)
        #expect(outcome == .timedOut)
        #expect(text == "error: the input ran longer than the 0.001 s timeout and was stopped.\n")
        #expect(workers.started.count == 1)
    }

    /// A cell that never comes back to its own code (waiting on a lock) is asked again and
    /// again, then its worker is ended and the state restored.
    @Test func aCellThatCannotBeLeftEndsItsWorkerAfterRepeatedRequests() throws {
        let stuck = ScriptedWorker(script: { _, _ in })
        let next = ScriptedWorker(script: Self.finishing)
        let workers = Workers([stuck, next])
        var accepted = Self.accepted([1, 2])
        let (outcome, text) = try execute(workers, timeout: .milliseconds(1), accepted: &accepted)
        #expect(outcome == .timedOut)
        #expect(stuck.interrupts > 1)
        #expect(text.hasSuffix("(state restored by running inputs 11 and 12 again: values they computed may differ)\n"))
        #expect(accepted.map(\.number) == [1, 2])
    }

    /// Code input 2 scheduled ended the worker while no input ran: input 2 does not run
    /// again (it would schedule the same trap); input 1 does.
    @Test func theInputWhoseScheduledCodeEndedTheWorkerIsNotRunAgain() throws {
        let idle = ScriptedWorker(script: Self.finishing)
        let next = ScriptedWorker(script: Self.finishing)
        let workers = Workers([idle, next])
        let supervisor = WorkerSupervisor(
            timeout: nil, asynchronousOutput: { _ in },
            startWorker: { _, idleExit in workers.start(idleExit: idleExit) })
        try supervisor.start()
        idle.push(.exited(status: 128 + SIGILL))
        workers.idleExit?(128 + SIGILL)
        var accepted = Self.accepted([1, 2])
        let (outcome, text) = run(supervisor, accepted: &accepted)
        #expect(outcome == .succeeded)
        #expect(
            text.hasPrefix(
                "(input 12 is not run again: code it scheduled stopped the program)\n"
                    + "(state restored by running input 11 again: values they computed may differ)\n"))
        #expect(accepted.map(\.number) == [1])
        #expect(next.requests.count == 2)
    }

    /// The report carries the static types of the results the cell showed, and names the
    /// cells a new worker could not restore, leaving the caller's list alone.
    @Test func theReportCarriesResultsAndTheCellsThatCouldNotBeRestored() throws {
        let dying = ScriptedWorker { request, worker in
            guard case .run(let cell, _, _, _) = request else { return }
            worker.push(.reply(.result(cell: cell, number: 0, type: "Int")))
            worker.push(.exited(status: 128 + SIGSEGV))
        }
        let unlucky = ScriptedWorker { request, worker in
            guard case .run(let cell, _, _, _) = request else { return }
            worker.push(cell == 1 ? .reply(.finished(cell: 1)) : .reply(.trapped(cell: cell, signal: SIGILL)))
        }
        let last = ScriptedWorker(script: Self.finishing)
        let workers = Workers([dying, unlucky, last])
        let supervisor = WorkerSupervisor(
            timeout: nil, asynchronousOutput: { _ in },
            startWorker: { _, idleExit in workers.start(idleExit: idleExit) })
        try supervisor.start()
        let accepted = Self.accepted([1, 2])
        let (report, _) = report(supervisor, accepted: accepted)
        #expect(report.outcome == .crashed)
        #expect(report.results == [0: "Int"])
        #expect(report.droppedCells == [2])
        #expect(report.trapLocations.isEmpty)
        #expect(accepted.map(\.number) == [1, 2])
    }

    /// A trap the worker left the cell at drops nothing.
    @Test func aTrapTheWorkerLeftDropsNoCell() throws {
        let worker = ScriptedWorker { request, worker in
            guard case .run(let cell, _, _, _) = request else { return }
            worker.push(.reply(.trapped(cell: cell, signal: SIGILL)))
        }
        let workers = Workers([worker])
        let supervisor = WorkerSupervisor(
            timeout: nil, asynchronousOutput: { _ in },
            startWorker: { _, idleExit in workers.start(idleExit: idleExit) })
        try supervisor.start()
        let (report, _) = report(supervisor, accepted: Self.accepted([1, 2]))
        #expect(report.outcome == .crashed)
        #expect(report.droppedCells.isEmpty)
    }
}

// MARK: - The state machine alone: each decision, event by event, with the time passed in.

extension WorkerSupervisorTests {
    typealias Machine = SupervisorStateMachine

    static let mapper = DiagnosticMapper(
        input: 3, texts: [1: "a", 2: "b", 3: "c"], shifts: [], labels: [1: 11, 2: 12, 3: 13])
    static let start = Date(timeIntervalSinceReferenceDate: 1_000)

    static func machine(accepted numbers: [Int], timeout: Duration? = nil, exporting: Set<Int> = []) -> Machine {
        let accepted = numbers.map { number in
            AcceptedCell(
                number: number, input: "", library: URL(fileURLWithPath: "/cells/libCell\(number).so"),
                symbol: "cell\(number)_main", generated: cell(number, exportsDeclarations: exporting.contains(number)))
        }
        return Machine(
            cell: cell(3), library: URL(fileURLWithPath: "/cells/libCell3.so"), timeout: timeout, mapper: mapper,
            accepted: accepted)
    }

    static func replay(_ number: Int) -> Machine.Action {
        .send(.run(cell: number, library: "/cells/libCell\(number).so", symbol: "cell\(number)_main", quiet: true))
    }

    static let runInput = Machine.Action.run(
        .run(cell: 3, library: "/cells/libCell3.so", symbol: "cell3_main", quiet: false))

    /// The input's request is sent at `start`; a minute later the run is given up.
    static func running(_ machine: inout Machine) {
        #expect(machine.inputArrived(workerIsAlive: true, idleExit: nil) == [runInput])
        #expect(machine.inputSent(now: start) == [.waitForEvent(until: start.addingTimeInterval(0.05))])
    }

    @Test func aLiveWorkerRunsTheInputAtOnceAndItsEndFinishesTheRun() {
        var machine = Self.machine(accepted: [1, 2])
        Self.running(&machine)
        #expect(
            machine.received(.standardOutput("hi\n"), now: Self.start) == [
                .emitProgramOutput("hi\n"), .waitForEvent(until: Self.start.addingTimeInterval(0.05)),
            ])
        #expect(machine.received(.reply(.result(cell: 3, number: 0, type: "Int")), now: Self.start).count == 1)
        #expect(
            machine.received(.reply(.finished(cell: 3)), now: Self.start) == [
                .stopWaiting, .finish(WorkerSupervisor.RunReport(outcome: .succeeded, results: [0: "Int"])),
            ])
    }

    @Test func aDeadWorkerIsRestoredByPromptLabelBeforeTheInputRuns() {
        var machine = Self.machine(accepted: [1, 2])
        #expect(machine.inputArrived(workerIsAlive: false, idleExit: nil) == [.startWorker])
        #expect(
            machine.workerStarted(now: Self.start) == [
                Self.replay(1), Self.replay(2), .waitForEvent(until: Self.start.addingTimeInterval(60)),
            ])
        #expect(machine.received(.reply(.finished(cell: 1)), now: Self.start).count == 1)
        #expect(
            machine.received(.reply(.finished(cell: 2)), now: Self.start) == [
                .stopWaiting, .emit(RunEndMessage.restored([11, 12])), Self.runInput,
            ])
    }

    /// The input an idle exit's runtime message points into is not run again; without a
    /// message, the latest input is blamed.
    @Test(arguments: [(culprit: Int?.some(1), kept: [2]), (culprit: nil, kept: [1])])
    func theCulpritOfAnIdleExitIsNotRunAgain(culprit: Int?, kept: [Int]) {
        var machine = Self.machine(accepted: [1, 2])
        let blamed = culprit ?? 2
        #expect(
            machine.inputArrived(workerIsAlive: false, idleExit: (status: 128 + SIGILL, culprit: culprit)) == [
                .emit(RunEndMessage.notRunAgain(blamed + 10)), .startWorker,
            ])
        #expect(Array(machine.workerStarted(now: Self.start).dropLast()) == kept.map(Self.replay))
    }

    /// An input whose declarations later inputs use runs again although its code ended
    /// the worker; a worker killed from outside blames no input.
    @Test func anIdleExitBlamesNoInputWhoseDeclarationsAreUsedNorAKill() {
        var exporting = Self.machine(accepted: [1, 2], exporting: [2])
        #expect(exporting.inputArrived(workerIsAlive: false, idleExit: (128 + SIGILL, 2)) == [.startWorker])
        #expect(Array(exporting.workerStarted(now: Self.start).dropLast()) == [Self.replay(1), Self.replay(2)])
        var killed = Self.machine(accepted: [1, 2])
        #expect(killed.inputArrived(workerIsAlive: false, idleExit: (128 + SIGKILL, 2)) == [.startWorker])
    }

    /// A replayed cell that traps this time is dropped with those after it; a new worker
    /// runs the ones before, and the report names the dropped ones.
    @Test func aReplayThatEndsDifferentlyDropsThatCellAndThoseAfterIt() {
        var machine = Self.machine(accepted: [1, 2, 4])
        #expect(machine.inputArrived(workerIsAlive: false, idleExit: nil) == [.startWorker])
        #expect(machine.workerStarted(now: Self.start).count == 4)
        #expect(machine.received(.reply(.finished(cell: 1)), now: Self.start).count == 1)
        #expect(
            machine.received(.reply(.trapped(cell: 2, signal: SIGILL)), now: Self.start) == [
                .terminate, .emit(RunEndMessage.restoreFailed([12, 4])), .startWorker,
            ])
        #expect(
            machine.workerStarted(now: Self.start) == [
                Self.replay(1), .waitForEvent(until: Self.start.addingTimeInterval(60)),
            ])
        #expect(
            machine.received(.reply(.finished(cell: 1)), now: Self.start) == [
                .stopWaiting, .emit(RunEndMessage.restored([11])), Self.runInput,
            ])
        _ = machine.inputSent(now: Self.start)
        #expect(
            machine.received(.reply(.finished(cell: 3)), now: Self.start) == [
                .stopWaiting, .finish(WorkerSupervisor.RunReport(outcome: .succeeded, droppedCells: [2, 4])),
            ])
    }

    /// Ctrl-C: SIGINT at once, again every 5 ms, and after a second the worker is killed;
    /// its end restores the state in a new worker and the run ends interrupted.
    @Test func aCellThatDoesNotLeaveIsAskedAgainThenItsWorkerKilledAndTheStateRestored() {
        var machine = Self.machine(accepted: [1])
        Self.running(&machine)
        let asked = Self.start.addingTimeInterval(0.05)
        #expect(
            machine.timePassed(now: asked, interruptRequested: true) == [
                .interrupt, .waitForEvent(until: asked.addingTimeInterval(0.005)),
            ])
        let again = asked.addingTimeInterval(0.5)
        #expect(
            machine.timePassed(now: again, interruptRequested: true) == [
                .interrupt, .waitForEvent(until: again.addingTimeInterval(0.005)),
            ])
        #expect(
            machine.timePassed(now: asked.addingTimeInterval(1.01), interruptRequested: true) == [
                .terminate, .waitForEvent(until: .distantFuture),
            ])
        #expect(
            machine.received(.exited(status: 128 + SIGKILL), now: asked.addingTimeInterval(1.02)) == [
                .emit(RunEndMessage.interrupted), .startWorker,
            ])
        #expect(machine.workerStarted(now: Self.start).count == 2)
        #expect(
            machine.received(.reply(.finished(cell: 1)), now: Self.start) == [
                .stopWaiting, .emit(RunEndMessage.restored([11])),
                .finish(WorkerSupervisor.RunReport(outcome: .interrupted)),
            ])
    }

    /// Ctrl-C that came while the input compiled: the input does not run.
    @Test func anInterruptBeforeTheInputRanEndsTheRunInterrupted() {
        var machine = Self.machine(accepted: [1])
        #expect(machine.inputArrived(workerIsAlive: true, idleExit: nil) == [Self.runInput])
        #expect(
            machine.interruptedBeforeRunning() == [
                .emit(RunEndMessage.interrupted), .finish(WorkerSupervisor.RunReport(outcome: .interrupted)),
            ])
    }

    /// A trap with stack frames in cell libraries is located, and the runtime's message
    /// without a place in the input gets the innermost frame's line (in input 12).
    @Test func aTrapIsLocatedAndItsMessageGetsTheInnermostInputLine() {
        var machine = Self.machine(accepted: [1, 2])
        Self.running(&machine)
        let frames = RuntimeErrorFilter.frameMarker + "/cells/libCell2.so\u{1F}1a0\n"
        #expect(
            machine.received(.standardError("Fatal error: Index out of range\n" + frames), now: Self.start) == [
                .waitForEvent(until: Self.start.addingTimeInterval(0.05))
            ])
        #expect(
            machine.received(.reply(.trapped(cell: 3, signal: SIGILL)), now: Self.start) == [
                .locateTrap([TrapLocator.Frame(library: "/cells/libCell2.so", offset: 0x1a0)])
            ])
        let actions = machine.trapLocated([TrapLocator.Location(input: 2, line: 1)])
        guard actions.count == 4, case .emit(let message) = actions[0] else {
            Issue.record("unexpected actions \(actions)")
            return
        }
        #expect(message.hasPrefix("input 12, 1: Fatal error: Index out of range\n"))
        #expect(
            Array(actions.dropFirst()) == [
                .emit(RunEndMessage.trapLeft(signal: SIGILL, sawRuntimeMessage: true)), .stopWaiting,
                .finish(
                    WorkerSupervisor.RunReport(
                        outcome: .crashed, trapLocations: [TrapLocator.Location(input: 2, line: 1)])),
            ])
    }

    /// A restore that does not end by twice the timeout has its worker killed; the end
    /// drops the cell it was replaying.
    @Test func aRestoreThatDoesNotEndIsGivenUp() {
        var machine = Self.machine(accepted: [1], timeout: .seconds(1))
        #expect(machine.inputArrived(workerIsAlive: false, idleExit: nil) == [.startWorker])
        #expect(
            machine.workerStarted(now: Self.start) == [
                Self.replay(1), .waitForEvent(until: Self.start.addingTimeInterval(2)),
            ])
        #expect(
            machine.timePassed(now: Self.start.addingTimeInterval(2), interruptRequested: false) == [
                .terminate, .waitForEvent(until: .distantFuture),
            ])
        #expect(
            machine.received(.exited(status: 128 + SIGKILL), now: Self.start) == [
                .terminate, .emit(RunEndMessage.restoreFailed([11])), .startWorker,
            ])
        #expect(machine.workerStarted(now: Self.start) == [Self.runInput])
    }
}
