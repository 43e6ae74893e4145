import Dispatch
import Foundation
import Streams

/// A deterministic scheduler for tests: time only moves when the test calls `advance(by:)`
/// or `run()`, and due actions then run on the calling thread in time order (ties in the
/// order they were scheduled). It borrows `DispatchQueue`'s time type so that strides read
/// `.milliseconds(300)` as in production code.
final class VirtualTimeScheduler: Scheduler, @unchecked Sendable {
    // `@unchecked`: all mutable state is guarded by `lock`; actions run outside it.
    typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
    typealias SchedulerOptions = Never

    private struct Entry {
        let id: Int
        var due: SchedulerTimeType
        let interval: SchedulerTimeType.Stride?
        let action: () -> Void
    }

    private let lock = NSLock()
    private var current: SchedulerTimeType
    private var entries: [Entry] = []
    private var nextID = 0

    /// Starts the clock at an arbitrary non-zero uptime (DispatchTime treats 0 specially).
    init(start: SchedulerTimeType = .init(DispatchTime(uptimeNanoseconds: 1_000_000_000))) {
        current = start
    }

    var now: SchedulerTimeType { lock.withLock { current } }
    var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    /// How many actions are waiting (repeating ones count once).
    var pendingCount: Int { lock.withLock { entries.count } }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        _ = add(due: now, interval: nil, action)
    }

    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void) {
        _ = add(due: date, interval: nil, action)
    }

    func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: Never?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        let id = add(due: date, interval: interval, action)
        return AnyCancellable { [weak self] in
            guard let self else { return }
            self.lock.withLock { self.entries.removeAll { $0.id == id } }
        }
    }

    private func add(due: SchedulerTimeType, interval: SchedulerTimeType.Stride?, _ action: @escaping () -> Void) -> Int {
        lock.withLock {
            nextID += 1
            entries.append(Entry(id: nextID, due: max(due, current), interval: interval, action: action))
            return nextID
        }
    }

    /// Moves the clock forward by `stride`, running every action that falls due on the
    /// way, each at its own due time.
    func advance(by stride: SchedulerTimeType.Stride) {
        let target = now.advanced(by: stride)
        while let entry = popDue(notAfter: target) {
            entry.action()
        }
        lock.withLock { current = max(current, target) }
    }

    /// Runs actions until none is left (repeating actions would run forever: `limit`
    /// bounds the number of actions run).
    func run(limit: Int = 10_000) {
        var count = 0
        while count < limit, let entry = popDue(notAfter: nil) {
            entry.action()
            count += 1
        }
    }

    /// Removes the earliest action due no later than `limit` (any time when nil),
    /// re-adding repeating actions at their next due time, and sets the clock to its time.
    private func popDue(notAfter limit: SchedulerTimeType?) -> Entry? {
        lock.withLock {
            guard let index = entries.indices.min(by: { (entries[$0].due, entries[$0].id) < (entries[$1].due, entries[$1].id) }),
                  limit.map({ entries[index].due <= $0 }) ?? true
            else { return nil }
            let entry = entries[index]
            current = max(current, entry.due)
            if let interval = entry.interval {
                entries[index].due = entry.due.advanced(by: max(interval, .nanoseconds(1)))
            } else {
                entries.remove(at: index)
            }
            return entry
        }
    }
}
