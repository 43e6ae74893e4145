extension Publishers {
    /// When `collect(_:options:)` publishes the values it gathered.
    public enum TimeGroupingStrategy<Context: Scheduler> {
        /// Every `stride` on the scheduler, counted from the subscription.
        case byTime(Context, Context.SchedulerTimeType.Stride)
        /// Every `stride`, and also as soon as `count` values are gathered: a full group
        /// is published at once, and the periods go on as they were (counted from the
        /// subscription, as with ``byTime(_:_:)``).
        case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
    }

    /// A publisher that gathers its upstream's values and publishes them as arrays on a
    /// schedule. Created by `collect(_:options:)`.
    public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The values gathered since the last array.
        public typealias Output = [Upstream.Output]
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are gathered.
        public let upstream: Upstream
        /// When arrays are published.
        public let strategy: TimeGroupingStrategy<Context>
        /// Options passed to the scheduler.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that gathers `upstream`'s values by `strategy`.
        public init(upstream: Upstream, strategy: TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?) {
            if case .byTimeOrCount(_, _, let count) = strategy {
                precondition(count > 0, "collect(.byTimeOrCount(...)) needs a positive count")
            }
            self.upstream = upstream
            self.strategy = strategy
            self.options = options
        }

        /// Subscribes `subscriber` to the upstream through the gathering stage.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, publisher: self))
        }
    }
}

extension Publisher {
    /// Gathers values and publishes them as an array every so often (`.byTime`), or also
    /// whenever a number of them is reached (`.byTimeOrCount`).
    ///
    /// ```swift
    /// events.collect(.byTimeOrCount(DispatchQueue.main, .seconds(1), 100))
    /// ```
    ///
    /// The upstream is asked for unlimited values. Arrays are published on the scheduler;
    /// a period with no values publishes nothing, and a group that falls due while the
    /// subscriber has no outstanding demand is dropped. When the upstream finishes, what
    /// was gathered is published, then the completion; a failure drops it and is
    /// delivered at once.
    ///
    /// - Parameters:
    ///   - strategy: When to publish.
    ///   - options: Options passed to the scheduler.
    public func collect<S: Scheduler>(
        _ strategy: Publishers.TimeGroupingStrategy<S>,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.CollectByTime<Self, S> {
        Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
    }
}

extension Publishers.CollectByTime {
    // Not a SchedulingSubscriber: that one's input is its downstream's, and here the
    // downstream takes arrays of the upstream's values.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        private let stride: Context.SchedulerTimeType.Stride
        private let maximumCount: Int?
        private let lock = Lock()
        // All guarded by `lock`. A timer belongs to one generation; restarting it makes
        // the earlier one stale.
        private var upstream = SubscriptionState.awaiting
        private var downstream: Downstream?
        private var demand = Subscribers.Demand.none
        private var gathered: [Upstream.Output] = []
        private var generation = 0
        private var timer: (any Cancellable)?

        init(downstream: Downstream, publisher: Publishers.CollectByTime<Upstream, Context>) {
            switch publisher.strategy {
            case .byTime(let context, let stride):
                (scheduler, self.stride, maximumCount) = (context, stride, nil)
            case .byTimeOrCount(let context, let stride, let count):
                (scheduler, self.stride, maximumCount) = (context, stride, count)
            }
            options = publisher.options
            self.downstream = downstream
        }

        var description: String { "CollectByTime" }

        func receive(subscription: any Subscription) {
            lock.lock()
            guard upstream.attach(subscription), let downstream else {
                lock.unlock()
                subscription.cancel()
                return
            }
            lock.unlock()
            downstream.receive(subscription: self)
            lock.lock()
            // The subscriber may have cancelled from inside receive(subscription:).
            let live = upstream.subscription != nil
            lock.unlock()
            guard live else { return }
            restartTimer()
            // As in Combine: `byTime` takes everything; `byTimeOrCount` asks the upstream
            // for `count` values per group the subscriber asks for (see `request`).
            if maximumCount == nil {
                subscription.request(.unlimited)
            }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard downstream != nil, !upstream.isTerminal else {
                lock.unlock()
                return .none
            }
            gathered.append(input)
            var full: [Upstream.Output]?
            if let maximumCount, gathered.count >= maximumCount {
                full = gathered
                gathered = []
            }
            lock.unlock()
            // As Combine does, a full group does not restart the period.
            if let full {
                scheduler.schedule(options: options) { self.publish(full) }
            }
            return .none
        }

        private func periodEnded(_ mine: Int) {
            lock.lock()
            guard mine == generation, !gathered.isEmpty else {
                lock.unlock()
                return
            }
            let group = gathered
            gathered = []
            lock.unlock()
            publish(group)
        }

        /// Sends `group` if the subscriber has demand for it (drops it otherwise).
        private func publish(_ group: [Upstream.Output]) {
            lock.lock()
            guard let downstream, demand > 0 else {
                lock.unlock()
                return
            }
            demand -= 1
            lock.unlock()
            let more = downstream.receive(group)
            if more > 0 {
                lock.lock()
                demand += more
                let live = upstream.subscription
                lock.unlock()
                askUpstream(for: more, from: live)
            }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard !upstream.isTerminal else {
                lock.unlock()
                return
            }
            // Let go of at return, after unlocking: this may be the last reference to the
            // subscription, whose deinit may call back into this subscriber.
            let ended = upstream.terminate()
            defer { withExtendedLifetime(ended) {} }
            var last: [Upstream.Output] = []
            if case .finished = completion { last = gathered }
            let dropped = gathered
            gathered = []
            lock.unlock()
            _fixLifetime(dropped)
            stopTimer()
            scheduler.schedule(options: options) {
                if !last.isEmpty { self.publish(last) }
                self.lock.lock()
                let downstream = self.downstream
                self.downstream = nil
                self.lock.unlock()
                downstream?.receive(completion: completion)
            }
        }

        func cancel() {
            stopTimer()
            lock.lock()
            // Let go of only after unlocking: a deinit may send into this stream.
            let released = (downstream, gathered)
            downstream = nil
            gathered = []
            let subscription = upstream.terminate()
            lock.unlock()
            subscription?.cancel()
            _fixLifetime(released)
        }

        /// Counts the groups the subscriber asked for (a group that falls due without
        /// demand is dropped); with `byTimeOrCount`, asks the upstream for `count` values
        /// per group, as Combine does.
        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            self.demand += demand
            let live = upstream.subscription
            lock.unlock()
            askUpstream(for: demand, from: live)
        }

        /// `byTimeOrCount`: asks the upstream for enough values to fill `groups` groups
        /// (`byTime` already asked for everything).
        private func askUpstream(for groups: Subscribers.Demand, from live: (any Subscription)?) {
            guard let maximumCount, groups.rawValue != 0, let live else { return }
            live.request(groups * maximumCount)
        }

        private func restartTimer() {
            lock.lock()
            generation &+= 1
            let mine = generation
            let previous = timer
            timer = nil
            lock.unlock()
            previous?.cancel()
            let next = scheduler.schedule(
                after: scheduler.now.advanced(by: stride), interval: stride,
                tolerance: scheduler.minimumTolerance, options: options
            ) { self.periodEnded(mine) }
            lock.lock()
            let stale = mine != generation
            if !stale { timer = next }
            lock.unlock()
            if stale { next.cancel() }
        }

        private func stopTimer() {
            lock.lock()
            generation &+= 1
            let previous = timer
            timer = nil
            lock.unlock()
            previous?.cancel()
        }
    }
}
