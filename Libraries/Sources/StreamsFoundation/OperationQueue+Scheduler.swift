import Dispatch
import Foundation

/// An operation queue is a scheduler: each action becomes a `BlockOperation` added to the
/// queue (so it honours the queue's `maxConcurrentOperationCount` and suspension); timed
/// actions wait on a dispatch timer and are then added.
///
/// Time is kept as wall-clock dates, as for `RunLoop`, and strides are the run loop's, so
/// `.seconds(1)` and `.milliseconds(300)` work the same. The time and options types are
/// the queue's own, as in Combine: code that extends `Scheduler` separately for run loops
/// and operation queues (`where SchedulerTimeType == OperationQueue.SchedulerTimeType`)
/// must find two different types.
extension OperationQueue: Scheduler {
    /// A point in time for an operation queue: a date.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// A distance between two times, in seconds: the run loop's.
        public typealias Stride = RunLoop.SchedulerTimeType.Stride

        /// The date this time stands for.
        public var date: Date

        /// The time at `date`.
        public init(_ date: Date) {
            self.date = date
        }

        /// How far `other` is from this time.
        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(other.date.timeIntervalSince(date))
        }

        /// This time moved by `n`.
        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(date.addingTimeInterval(n.timeInterval))
        }
    }

    /// Operation queue scheduling takes no options.
    public struct SchedulerOptions: Sendable {}

    /// The current date as a scheduler time.
    public var now: SchedulerTimeType {
        SchedulerTimeType(Date())
    }

    /// Zero: timed actions get no tolerance unless one is asked for.
    public var minimumTolerance: SchedulerTimeType.Stride {
        0
    }

    /// Adds `action` to the queue as an operation.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = ScheduledAction(action)
        addOperation { action.run() }
    }

    /// Adds `action` to the queue no earlier than `date`.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let action = ScheduledAction(action)
        DispatchQueue.global().asyncAfter(deadline: Self.deadline(for: date)) {
            self.addOperation { action.run() }
        }
    }

    /// Adds `action` to the queue at `date` and then every `interval`, until the returned
    /// cancellable is cancelled or released.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        let action = ScheduledAction(action)
        let stopped = StopFlag()
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler {
            // A tick already on its way when the timer is cancelled must not run.
            self.addOperation { if !stopped.isSet { action.run() } }
        }
        timer.schedule(
            deadline: Self.deadline(for: date),
            repeating: .nanoseconds(Int(max(0, interval.timeInterval) * 1_000_000_000)),
            leeway: .nanoseconds(Int(max(0, tolerance.timeInterval) * 1_000_000_000))
        )
        timer.resume()
        return AnyCancellable {
            stopped.set()
            timer.cancel()
        }
    }

    /// The dispatch deadline of a wall-clock date (now, if the date has passed).
    private static func deadline(for date: SchedulerTimeType) -> DispatchTime {
        let seconds = max(0, date.date.timeIntervalSinceNow)
        return .now() + .nanoseconds(Int(min(seconds, 1e9) * 1_000_000_000))
    }
}

/// A flag set once, readable from any thread.
private final class StopFlag: @unchecked Sendable {
    // `@unchecked`: `value` is guarded by `lock`.
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
