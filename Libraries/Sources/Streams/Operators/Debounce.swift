extension Publisher {
    /// Publishes a value only after the upstream has been quiet for `dueTime`: each new
    /// value restarts the wait and replaces the one waiting.
    ///
    /// ```swift
    /// searchText.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
    /// ```
    ///
    /// As in Combine, the upstream is asked for unlimited values; a value that falls due
    /// while the subscriber has no outstanding demand is dropped, and a value still
    /// waiting when the upstream completes is dropped (the completion is delivered on the
    /// scheduler at once).
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride,
        scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that publishes a value once the upstream has been quiet for a while.
    /// Created by `debounce(for:scheduler:options:)`.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are debounced.
        public let upstream: Upstream
        /// How long the upstream must be quiet before the latest value is published.
        public let dueTime: Context.SchedulerTimeType.Stride
        /// The scheduler that keeps the time and delivers the events.
        public let scheduler: Context
        /// Options passed to the scheduler.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that debounces `upstream` by `dueTime`.
        public init(
            upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        /// Subscribes `subscriber` to the upstream through the debouncing stage.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, publisher: self))
        }
    }
}

extension Publishers.Debounce {
    // Values are held back and published by `fire`; only the completion goes through the
    // base class's scheduling, at once (no delay).
    private final class Inner<Downstream: Subscriber>: SchedulingSubscriber<Downstream, Context>, CombineReflectable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        // All guarded by `lock`.
        private var demand = Subscribers.Demand.none
        private var waiting: Output?
        // Each value gets a new generation; a timer fires only for the latest one.
        private var generation = 0
        private let dueTime: Context.SchedulerTimeType.Stride

        init(downstream: Downstream, publisher: Publishers.Debounce<Upstream, Context>) {
            dueTime = publisher.dueTime
            super.init(
                downstream: downstream,
                scheduler: publisher.scheduler,
                options: publisher.options,
                description: "Debounce"
            )
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
            lock.lock()
            guard downstream != nil, !upstream.isTerminal else {
                lock.unlock()
                return .none
            }
            generation &+= 1
            let mine = generation
            let replaced = waiting
            waiting = input
            lock.unlock()
            // The value replaced is released outside the lock: its deinit may send.
            _fixLifetime(replaced)
            let due = scheduler.now.advanced(by: dueTime)
            scheduler.schedule(after: due, tolerance: scheduler.minimumTolerance, options: options) {
                self.fire(mine)
            }
            return .none
        }

        private func fire(_ mine: Int) {
            lock.lock()
            guard mine == generation, let value = waiting, let downstream else {
                lock.unlock()
                return
            }
            waiting = nil
            guard demand > 0 else {
                lock.unlock()
                return
            }
            demand -= 1
            lock.unlock()
            let more = downstream.receive(value)
            if more > 0 {
                lock.lock()
                demand += more
                lock.unlock()
            }
        }

        override func discardPendingLocked() -> Any {
            let dropped = waiting
            waiting = nil
            generation &+= 1
            return dropped as Any
        }

        // The upstream was asked for unlimited values; demand only gates `fire`.
        override func request(_ demand: Subscribers.Demand) {
            lock.lock()
            self.demand += demand
            lock.unlock()
        }

        /// The subscriber, its outstanding demand and the value waiting for its due time,
        /// as Combine's mirror shows them.
        override var customMirror: Mirror {
            lock.lock()
            let children: [Mirror.Child] = [
                ("downstream", downstream as Any), ("downstreamDemand", demand), ("currentValue", waiting as Any),
            ]
            lock.unlock()
            return Mirror(self, children: children)
        }
    }
}
