extension Publisher {
    /// Publishes at most one value per `interval`: the first value at once, then, for the
    /// values that arrive within an interval of the last one published, the latest (or
    /// the first) of them when the interval is over.
    ///
    /// ```swift
    /// scrollOffsets.throttle(for: .milliseconds(100), scheduler: DispatchQueue.main, latest: true)
    /// ```
    ///
    /// As in Combine, the upstream is asked for unlimited values; a value that arrives
    /// while the subscriber has no outstanding demand is dropped; values are delivered on
    /// `scheduler`; the completion waits for a value still to be published and follows
    /// it, and otherwise is delivered on the scheduler at once.
    ///
    /// - Parameters:
    ///   - interval: The shortest time between two published values.
    ///   - scheduler: The scheduler that keeps the time and delivers the events.
    ///   - latest: Whether to publish the latest value of an interval (`true`) or the
    ///     first (`false`).
    public func throttle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride,
        scheduler: S,
        latest: Bool
    ) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}

extension Publishers {
    /// A publisher that publishes at most one value per interval. Created by
    /// `throttle(for:scheduler:latest:)`.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are throttled.
        public let upstream: Upstream
        /// The shortest time between two published values.
        public let interval: Context.SchedulerTimeType.Stride
        /// The scheduler that keeps the time and delivers the events.
        public let scheduler: Context
        /// Whether the latest value of an interval is published (or the first).
        public let latest: Bool

        /// Creates a publisher that throttles `upstream` to one value per `interval`.
        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        /// Subscribes `subscriber` to the upstream through the throttling stage.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, publisher: self))
        }
    }
}

extension Publishers.Throttle {
    // The value to publish waits in `waiting` until its emission runs on the scheduler;
    // values arriving meanwhile replace it (`latest`) or are ignored.
    private final class Inner<Downstream: Subscriber>: SchedulingSubscriber<Downstream, Context>, CombineReflectable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let interval: Context.SchedulerTimeType.Stride
        private let latest: Bool
        // All guarded by `lock`.
        private var demand = Subscribers.Demand.none
        private var waiting: Output?
        private var emissionScheduled = false
        private var lastEmission: Context.SchedulerTimeType?
        private var completionAfterEmission: Subscribers.Completion<Failure>?

        init(downstream: Downstream, publisher: Publishers.Throttle<Upstream, Context>) {
            interval = publisher.interval
            latest = publisher.latest
            super.init(downstream: downstream, scheduler: publisher.scheduler, options: nil, description: "Throttle")
        }

        override func receive(subscription: any Subscription) {
            guard attachAndForward(subscription) else { return }
            // The subscriber may have cancelled from inside receive(subscription:).
            lock.lock()
            let live = upstream.subscription != nil
            lock.unlock()
            if live { subscription.request(.unlimited) }
        }

        override func receive(_ input: Input) -> Subscribers.Demand {
            let now = scheduler.now
            lock.lock()
            guard downstream != nil, !upstream.isTerminal, demand > 0 else {
                lock.unlock()
                return .none
            }
            if emissionScheduled {
                let replaced = latest ? waiting : nil
                if latest { waiting = input }
                lock.unlock()
                _fixLifetime(replaced)  // released outside the lock: its deinit may send
                return .none
            }
            waiting = input
            emissionScheduled = true
            let due = lastEmission.map { $0.advanced(by: interval) }
            lock.unlock()
            if let due, now < due {
                scheduler.schedule(after: due, tolerance: scheduler.minimumTolerance, options: nil) { self.emit() }
            } else {
                scheduler.schedule(options: nil) { self.emit() }
            }
            return .none
        }

        private func emit() {
            let now = scheduler.now
            lock.lock()
            let value = waiting
            waiting = nil
            emissionScheduled = false
            lastEmission = now
            let completion = completionAfterEmission
            completionAfterEmission = nil
            let downstream = self.downstream
            let send = value != nil && downstream != nil && demand > 0
            if send { demand -= 1 }
            lock.unlock()
            if send, let value, let downstream {
                let more = downstream.receive(value)
                if more > 0 {
                    lock.lock()
                    demand += more
                    lock.unlock()
                }
            }
            if let completion { deliverCompletion(completion) }
        }

        override func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard !upstream.isTerminal else {
                lock.unlock()
                return
            }
            // Let go of at return, after unlocking: this may be the last reference to the
            // subscription, whose deinit may call back into this subscriber.
            let ended = upstream.terminate()
            defer { withExtendedLifetime(ended) {} }
            let waitsForEmission = emissionScheduled
            if waitsForEmission { completionAfterEmission = completion }
            lock.unlock()
            if !waitsForEmission { scheduler.schedule(options: nil) { self.deliverCompletion(completion) } }
        }

        override func discardPendingLocked() -> Any {
            let dropped = waiting
            waiting = nil
            completionAfterEmission = nil
            return dropped as Any
        }

        // The upstream was asked for unlimited values; demand only gates what is published.
        override func request(_ demand: Subscribers.Demand) {
            lock.lock()
            self.demand += demand
            lock.unlock()
        }
    }
}
