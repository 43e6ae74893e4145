import Foundation
import SwiftLabWorkerProtocol

/// What ``WorkerSupervisor`` needs of a worker process: ``WorkerProcess`` in the REPL, a
/// scripted stand-in in the supervisor's unit tests (which then run without a toolchain).
protocol WorkerConnection: AnyObject, Sendable {
    /// Whether the worker has ended.
    var hasExited: Bool { get }
    /// Sends a request; false when the worker has gone. Output is queued for
    /// ``next(until:)`` until ``stopWaiting()``.
    @discardableResult func send(_ request: WorkerRequest) -> Bool
    /// The next event, or `nil` when `deadline` passes first.
    func next(until deadline: Date) -> WorkerProcess.Event?
    /// Output goes to the asynchronous handler again.
    func stopWaiting()
    /// Asks the worker to leave the running cell (SIGINT).
    func interrupt()
    /// Kills the worker.
    func terminate()
    /// Ends the worker and waits for it.
    func shutDown()
}

extension WorkerProcess: WorkerConnection {}
