/// A scheduler that stands for any scheduler with the same time and options types, so that
/// code can name one scheduler type and still be handed another: `DispatchQueue.main` when
/// the app runs, a test scheduler on a virtual clock in its tests.
///
/// Not in Combine: this is the type eraser that point-free's combine-schedulers added to
/// Combine, with the same names (``AnySchedulerOf``, ``Scheduler/eraseToAnyScheduler()``,
/// `.main`, `.immediate`). A view model that stores an `AnySchedulerOf<DispatchQueue>`
/// needs no generic parameter for its scheduler:
///
/// ```swift
/// @MainActor final class SearchViewModel: ObservableObject {
///     @Published var query = ""
///     @Published private(set) var results: [String] = []
///
///     init(search: @escaping (String) -> AnyPublisher<[String], Never>,
///          scheduler: AnySchedulerOf<DispatchQueue> = .main) {
///         $query
///             .debounce(for: .milliseconds(300), scheduler: scheduler)
///             .map(search)
///             .switchToLatest()
///             .receive(on: scheduler)
///             .assign(to: &$results)
///     }
/// }
/// ```
///
/// The app passes nothing; a test passes `AnySchedulerOf<DispatchQueue>(testScheduler)`
/// (StreamsTesting), a `DispatchQueue` scheduler that runs on `testScheduler`'s virtual
/// clock. Other conveniences: ``Scheduler/eraseToAnyScheduler()`` on any scheduler,
/// `AnySchedulerOf<DispatchQueue>.main`, `.global(qos:)` and `.immediate`,
/// `AnySchedulerOf<ImmediateScheduler>.immediate`, and (StreamsFoundation)
/// `AnySchedulerOf<RunLoop>.main` and `AnySchedulerOf<OperationQueue>.main`.
///
/// It is `Sendable`, as combine-schedulers' is, because the schedulers it is made to wrap
/// (dispatch and operation queues, run loops' `perform`, test schedulers) take work from
/// any thread; wrap no scheduler that does not.
public struct AnyScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler, @unchecked Sendable
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
    private let currentTime: () -> SchedulerTimeType
    private let tolerance: () -> SchedulerTimeType.Stride
    private let scheduleNow: (SchedulerOptions?, @escaping () -> Void) -> Void
    private let scheduleAfter:
        (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) -> Void
    private let scheduleRepeating:
        (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void)
            -> any Cancellable

    /// Wraps `scheduler`: every call goes to it.
    public init<S: Scheduler>(_ scheduler: S)
    where S.SchedulerTimeType == SchedulerTimeType, S.SchedulerOptions == SchedulerOptions {
        currentTime = { scheduler.now }
        tolerance = { scheduler.minimumTolerance }
        scheduleNow = { scheduler.schedule(options: $0, $1) }
        scheduleAfter = { scheduler.schedule(after: $0, tolerance: $1, options: $2, $3) }
        scheduleRepeating = { scheduler.schedule(after: $0, interval: $1, tolerance: $2, options: $3, $4) }
    }

    /// A scheduler made of closures, one for each requirement of ``Scheduler``: how to
    /// build a scheduler over another clock (StreamsTesting's
    /// `AnySchedulerOf<DispatchQueue>(testScheduler)` is one).
    ///
    /// - Parameters:
    ///   - minimumTolerance: What ``minimumTolerance`` returns.
    ///   - now: What ``now`` returns.
    ///   - scheduleImmediately: Runs an action as soon as possible.
    ///   - delayed: Runs an action at a date, within a tolerance.
    ///   - interval: Runs an action at a date and then at every interval until the
    ///     returned cancellable is cancelled.
    public init(
        minimumTolerance: @escaping () -> SchedulerTimeType.Stride,
        now: @escaping () -> SchedulerTimeType,
        scheduleImmediately: @escaping (SchedulerOptions?, @escaping () -> Void) -> Void,
        delayed:
            @escaping (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) -> Void,
        interval:
            @escaping (
                SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?,
                @escaping () -> Void
            ) -> any Cancellable
    ) {
        currentTime = now
        tolerance = minimumTolerance
        scheduleNow = scheduleImmediately
        scheduleAfter = delayed
        scheduleRepeating = interval
    }

    /// The wrapped scheduler's current time.
    public var now: SchedulerTimeType { currentTime() }

    /// The wrapped scheduler's minimum tolerance.
    public var minimumTolerance: SchedulerTimeType.Stride { tolerance() }

    /// Schedules `action` on the wrapped scheduler, to run as soon as possible.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        scheduleNow(options, action)
    }

    /// Schedules `action` on the wrapped scheduler, to run at `date`.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        scheduleAfter(date, tolerance, options, action)
    }

    /// Schedules `action` on the wrapped scheduler, to run at `date` and then every
    /// `interval` until the returned value is cancelled.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        scheduleRepeating(date, interval, tolerance, options, action)
    }
}

/// The type-erased scheduler with `S`'s time and options types:
/// `AnySchedulerOf<DispatchQueue>` stands for `DispatchQueue` and anything that schedules on
/// its clock. Not in Combine (combine-schedulers' name).
public typealias AnySchedulerOf<S: Scheduler> = AnyScheduler<S.SchedulerTimeType, S.SchedulerOptions>

extension Scheduler {
    /// This scheduler wrapped in an ``AnyScheduler``, to store or pass where the type must
    /// not say which scheduler it is. Not in Combine (combine-schedulers' name).
    public func eraseToAnyScheduler() -> AnySchedulerOf<Self> {
        AnyScheduler(self)
    }
}

extension AnyScheduler {
    /// A scheduler on this clock that runs every action at once, on the calling thread, as
    /// ``ImmediateScheduler`` does (a repeating action runs once); its ``now`` is `now()`.
    /// For a test that wants no waiting at all; `.immediate` on `AnySchedulerOf<DispatchQueue>`,
    /// `<RunLoop>` and `<OperationQueue>` are made with it.
    public static func immediate(now: @escaping () -> SchedulerTimeType) -> Self {
        AnyScheduler(
            minimumTolerance: { .zero },
            now: now,
            scheduleImmediately: { _, action in action() },
            delayed: { _, _, _, action in action() },
            interval: { _, _, _, _, action in
                action()
                return Subscriptions.empty
            }
        )
    }
}

extension AnyScheduler
where SchedulerTimeType == ImmediateScheduler.SchedulerTimeType, SchedulerOptions == ImmediateScheduler.SchedulerOptions
{
    /// ``ImmediateScheduler/shared``, erased.
    public static var immediate: Self { ImmediateScheduler.shared.eraseToAnyScheduler() }
}
