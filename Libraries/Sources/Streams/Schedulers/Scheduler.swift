/// A type that decides when and where closures run: at once, on a queue, on a run loop,
/// or after a delay.
///
/// Time-based operators (`debounce`, `delay`) and the thread-hopping ones
/// (`receive(on:)`, `subscribe(on:)`) take a scheduler. Each scheduler keeps time in its
/// own `SchedulerTimeType`, whose `Stride` understands `.seconds(_:)`,
/// `.milliseconds(_:)` and the other `SchedulerTimeIntervalConvertible` constructors.
///
/// Like Combine's, the actions are plain (non-`@Sendable`) closures: a scheduler that runs
/// them on another thread takes responsibility for handing them over, exactly as the
/// values of a pipeline cross threads in `receive(on:)`.
public protocol Scheduler<SchedulerTimeType> {
    /// The scheduler's notion of a moment in time.
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible

    /// Extra options a scheduler accepts (a queue's quality of service, for example).
    associatedtype SchedulerOptions

    /// The scheduler's current time.
    var now: SchedulerTimeType { get }

    /// The smallest tolerance the scheduler allows for timed actions.
    var minimumTolerance: SchedulerTimeType.Stride { get }

    /// Runs `action` as soon as possible.
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)

    /// Runs `action` once, no earlier than `date`, within `tolerance` if the scheduler
    /// honours tolerances.
    func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    )

    /// Runs `action` first at `date` and then every `interval` until the returned
    /// cancellable is cancelled.
    func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable
}

extension Scheduler {
    /// Runs `action` once, no earlier than `date`, with the given tolerance and no options.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, _ action: @escaping () -> Void
    ) {
        schedule(after: date, tolerance: tolerance, options: nil, action)
    }

    /// Runs `action` once, no earlier than `date`, with the scheduler's minimum tolerance.
    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }

    /// Runs `action` as soon as possible, with no options.
    public func schedule(_ action: @escaping () -> Void) {
        schedule(options: nil, action)
    }

    /// Runs `action` at `date` and then every `interval`, with the given tolerance and no
    /// options, until the returned cancellable is cancelled.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
    }

    /// Runs `action` at `date` and then every `interval`, with the scheduler's minimum
    /// tolerance, until the returned cancellable is cancelled.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        schedule(after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
    }
}
