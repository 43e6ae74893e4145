extension Publisher {
    /// Publishes, for each upstream value, how much time passed on `scheduler` since the
    /// previous one (for the first value, since the subscription).
    ///
    /// ```swift
    /// taps.measureInterval(using: DispatchQueue.main)  // .seconds(1), .milliseconds(300), ...
    /// ```
    ///
    /// As in Combine, the values are not delivered through the scheduler (only its clock
    /// is read), the downstream's demand passes straight to the upstream, and the
    /// completion is forwarded at once.
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler whose clock measures.
    ///   - options: Options for the scheduler (unused by the measurement itself; kept for
    ///     Combine's signature).
    public func measureInterval<S: Scheduler>(
        using scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.MeasureInterval<Self, S> {
        Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
    }
}

extension Publishers {
    /// A publisher of the time between the upstream's values. Created by
    /// `measureInterval(using:options:)`.
    public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The time between two values.
        public typealias Output = Context.SchedulerTimeType.Stride
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are timed.
        public let upstream: Upstream
        /// The scheduler whose clock measures.
        public let scheduler: Context

        /// Creates a publisher that times `upstream`'s values on `scheduler`.
        public init(upstream: Upstream, scheduler: Context) {
            self.upstream = upstream
            self.scheduler = scheduler
        }

        /// Subscribes `subscriber` to the upstream through the measuring stage; the clock
        /// starts now.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let scheduler = self.scheduler
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Context.SchedulerTimeType>(
                    name: .measureInterval, downstream: subscriber, state: scheduler.now,
                    step: { previous, _ in
                        let now = scheduler.now
                        defer { previous = now }
                        return .emit(previous.distance(to: now))
                    },
                    finishing: { _, completion in .forwarding(completion) }))
        }
    }
}
