import Dispatch
import Foundation

// How a test waits for something, written once.
//
// These machines are shared and have two cores, so Swift's cooperative pool has two
// threads, and Swift Testing runs tests in parallel on that pool. Two rules follow:
//
// - Wait for the event itself, never for a fixed time. Where the only way to notice that
//   something never happens (a deadlock) is to stop waiting, the bound is
//   `deadlockBound`: a deadlock never finishes, a slow machine does, so the bound can be
//   generous without making a passing test slower (waits end when the event arrives).
// - Work a test waits for must not need the cooperative pool while the test blocks a
//   thread of it: run it on a thread of its own (`finishesInTime`), or run a `Task` on
//   `DedicatedThreadExecutor` instead of the pool.

/// How long a test waits before it calls something a deadlock (or a hang): two minutes.
///
/// Only a test that fails ever waits this long.
public let deadlockBound: TimeInterval = 120

/// Runs `body` on a thread of its own and tells whether it returned within `bound`.
///
/// A deadlocked `body` is left blocked on its thread: the test has failed either way, and
/// the rest of the suite goes on.
public func finishesInTime(
    bound: TimeInterval = deadlockBound,
    _ body: @escaping @Sendable () -> Void
) -> Bool {
    let done = Signal()
    Thread {
        body()
        done.signal()
    }.start()
    return done.wait(bound: bound)
}

/// Polls `condition` until it holds or `bound` passes; tells whether it held.
///
/// For state that other threads (Dispatch queues, worker threads, deinits) change. The
/// calling thread sleeps a millisecond between looks, so the awaited work must not need
/// the cooperative pool when called from a synchronous test.
@discardableResult
public func waitUntil(
    bound: TimeInterval = deadlockBound,
    _ condition: () -> Bool
) -> Bool {
    let deadline = Date().addingTimeInterval(bound)
    while !condition() {
        guard Date() < deadline else { return false }
        usleep(1_000)
    }
    return true
}

/// A one-way signal between threads: `signal()` on one, `wait(bound:)` on another.
///
/// A `DispatchSemaphore` whose wait always has the generous `deadlockBound`, so that no
/// test writes its own short deadline.
public final class Signal: Sendable {
    private let semaphore: DispatchSemaphore

    /// A signal not yet given (`signals` already given, for counting uses).
    public init(signals: Int = 0) {
        semaphore = DispatchSemaphore(value: signals)
    }

    /// Gives the signal once.
    public func signal() {
        semaphore.signal()
    }

    /// Waits for one signal; `false` if none came within `bound`.
    @discardableResult
    public func wait(bound: TimeInterval = deadlockBound) -> Bool {
        semaphore.wait(timeout: .now() + bound) == .success
    }
}
