import Dispatch
import Streams

extension AnyScheduler
where SchedulerTimeType == DispatchQueue.SchedulerTimeType, SchedulerOptions == DispatchQueue.SchedulerOptions {
    /// A `DispatchQueue` scheduler that runs on `testScheduler`'s virtual clock: code
    /// written against `AnySchedulerOf<DispatchQueue>` (a view model that debounces on
    /// `.main`) runs in a test only when the test advances `testScheduler`.
    ///
    /// Virtual time zero is the dispatch time ``dispatchOrigin``; a date on the dispatch
    /// clock is that origin plus the virtual time, to the nanosecond. Options (QoS, flags,
    /// group) are ignored. Not in Combine; combine-schedulers spells it
    /// `DispatchQueue.test`.
    ///
    /// ```swift
    /// let clock = TestScheduler()
    /// let model = SearchViewModel(search: search, scheduler: AnySchedulerOf<DispatchQueue>(clock))
    /// model.query = "swift"
    /// clock.advance(by: .milliseconds(300))   // the debounce fires now, not in 300 ms
    /// ```
    public init(_ testScheduler: TestScheduler) {
        func virtual(_ time: DispatchQueue.SchedulerTimeType) -> VirtualTime {
            VirtualTime(nanoseconds: Self.dispatchOrigin.distance(to: time).magnitude)
        }
        self.init(
            minimumTolerance: { .zero },
            now: { Self.dispatchOrigin.advanced(by: .nanoseconds(testScheduler.now.nanoseconds)) },
            scheduleImmediately: { _, action in testScheduler.schedule(action) },
            delayed: { date, _, _, action in testScheduler.schedule(after: virtual(date), action) },
            interval: { date, interval, _, _, action in
                testScheduler.schedule(after: virtual(date), interval: .nanoseconds(interval.magnitude), action)
            }
        )
    }

    /// The dispatch time that stands for virtual time zero in
    /// the test-scheduler initializer above: one second of uptime, so that
    /// a date a little before virtual time zero is still a dispatch time.
    public static var dispatchOrigin: DispatchQueue.SchedulerTimeType {
        DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1_000_000_000))
    }
}
