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
            upstream.receive(
                subscriber: MeasureIntervalSubscription<Upstream.Output, S, Context>(
                    downstream: subscriber, scheduler: scheduler))
        }
    }
}

/// Stands between upstream and downstream as both the subscriber and the downstream's
/// subscription, timing each value on the scheduler's clock. As in Combine it keeps no
/// demand of its own: the downstream's requests go straight upstream, and so does the
/// demand the downstream returns for a value, as a `request` (the value's `receive`
/// returns `.none`).
final class MeasureIntervalSubscription<Input, Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
    @unchecked Sendable
where Downstream.Input == Context.SchedulerTimeType.Stride {
    typealias Failure = Downstream.Failure

    let lock = Lock()
    /// Guarded by `lock`.
    var upstream = SubscriptionState.awaiting
    /// Guarded by `lock`; `nil` once completed or cancelled.
    var downstream: Downstream?
    let scheduler: Context
    /// When the previous value arrived (the subscription, before the first). Touched only
    /// by `receive` calls, which the subscriber contract makes serial.
    var previous: Context.SchedulerTimeType

    init(downstream: Downstream, scheduler: Context) {
        self.downstream = downstream
        self.scheduler = scheduler
        previous = scheduler.now
    }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard upstream.attach(subscription), let receiver = downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lock.unlock()
        previous = scheduler.now
        receiver.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard let receiver = downstream, let live = upstream.subscription else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        let now = scheduler.now
        let interval = previous.distance(to: now)
        previous = now
        let more = receiver.receive(interval)
        if more.rawValue != 0 {
            live.request(more)
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !upstream.isTerminal, let receiver = downstream else {
            lock.unlock()
            return
        }
        // Let go of at return, after unlocking: this may be the last reference to the
        // subscription, whose deinit may call back into this subscriber.
        let ended = upstream.terminate()
        defer { withExtendedLifetime(ended) {} }
        downstream = nil
        lock.unlock()
        receiver.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let live = upstream.subscription
        lock.unlock()
        live?.request(demand)
    }

    func cancel() {
        lock.lock()
        let live = upstream.terminate()
        let released = downstream
        downstream = nil
        lock.unlock()
        live?.cancel()
        withExtendedLifetime(released) {}
    }
}

extension MeasureIntervalSubscription: CombineReflectable {
    var description: String { "MeasureInterval" }
    /// No children, as in Combine.
    var customMirror: Mirror { Mirror(self, children: [:]) }
}
