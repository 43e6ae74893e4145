extension Publisher {
    /// Delivers every value and the completion `interval` later than the upstream sends
    /// it, on `scheduler`.
    ///
    /// - Parameters:
    ///   - interval: How long to hold each event.
    ///   - tolerance: How late the scheduler may deliver; `nil` means the scheduler's
    ///     minimum tolerance.
    ///   - scheduler: The scheduler that delivers the delayed events.
    ///   - options: Options passed to the scheduler.
    public func delay<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride,
        tolerance: S.SchedulerTimeType.Stride? = nil,
        scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.Delay<Self, S> {
        Publishers.Delay(
            upstream: self,
            interval: interval,
            tolerance: tolerance ?? scheduler.minimumTolerance,
            scheduler: scheduler,
            options: options
        )
    }
}

extension Publishers {
    /// A publisher that delivers its upstream's events after a fixed delay. Created by
    /// `delay(for:tolerance:scheduler:options:)`.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose events are delayed.
        public let upstream: Upstream
        /// How long each event is held.
        public let interval: Context.SchedulerTimeType.Stride
        /// How late the scheduler may deliver.
        public let tolerance: Context.SchedulerTimeType.Stride
        /// The scheduler that delivers the events.
        public let scheduler: Context
        /// Options passed to the scheduler.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that delays `upstream`'s events by `interval`.
        public init(
            upstream: Upstream,
            interval: Context.SchedulerTimeType.Stride,
            tolerance: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            options: Context.SchedulerOptions? = nil
        ) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        /// Subscribes `subscriber` to the upstream through the delaying stage.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                Inner(
                    downstream: subscriber,
                    scheduler: scheduler,
                    options: options,
                    delay: (interval, tolerance),
                    description: "Delay"
                )
            )
        }

        /// The delaying stage: a ``SchedulingSubscriber`` as it is, under `Delay`'s name
        /// in the type, and, as Combine's, with no description or mirror of its own.
        private final class Inner<Downstream: Subscriber>: SchedulingSubscriber<Downstream, Context>
        where Downstream.Input == Output, Downstream.Failure == Failure {}
    }
}
