extension Publisher {
    /// Delivers values and the completion on `scheduler` instead of on the thread the
    /// upstream publisher happens to send them from.
    ///
    /// ```swift
    /// download.receive(on: DispatchQueue.main).sink { show($0) }
    /// ```
    ///
    /// The subscription itself, demand and cancellation go upstream directly. Once the
    /// subscription is cancelled, values already handed to the scheduler are dropped.
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
        -> Publishers.ReceiveOn<Self, S>
    {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that delivers its upstream's values and completion on a scheduler.
    /// Created by `receive(on:options:)`.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose events are moved to the scheduler.
        public let upstream: Upstream
        /// The scheduler that delivers the events.
        public let scheduler: Context
        /// Options passed to the scheduler for each delivery.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that delivers `upstream`'s events on `scheduler`.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        /// Subscribes `subscriber` to the upstream through a scheduler hop.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                SchedulingSubscriber(
                    downstream: subscriber, scheduler: scheduler, options: options, description: "ReceiveOn")
            )
        }
    }
}
