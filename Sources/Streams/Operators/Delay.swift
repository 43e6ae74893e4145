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
            upstream.subscribe(Inner(downstream: subscriber, publisher: self))
        }
    }
}

extension Publishers.Delay {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Output

        private let lock = Lock()
        private var upstream = SubscriptionState.awaiting
        // Cleared on cancel and after the completion is delivered.
        private var downstream: Downstream?
        private let interval: Context.SchedulerTimeType.Stride
        private let tolerance: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?

        init(downstream: Downstream, publisher: Publishers.Delay<Upstream, Context>) {
            self.downstream = downstream
            interval = publisher.interval
            tolerance = publisher.tolerance
            scheduler = publisher.scheduler
            options = publisher.options
        }

        var description: String { "Delay" }

        func receive(subscription: any Subscription) {
            lock.lock()
            guard upstream.attach(subscription), let downstream else {
                lock.unlock()
                subscription.cancel()
                return
            }
            lock.unlock()
            downstream.receive(subscription: self)
        }

        private func later(_ action: @escaping () -> Void) {
            scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, action)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            later {
                self.lock.lock()
                guard let downstream = self.downstream else {
                    self.lock.unlock()
                    return
                }
                self.lock.unlock()
                let more = downstream.receive(input)
                if more > 0 { self.request(more) }
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard !upstream.isTerminal else {
                lock.unlock()
                return
            }
            _ = upstream.terminate()
            lock.unlock()
            later {
                self.lock.lock()
                let downstream = self.downstream
                self.downstream = nil
                self.lock.unlock()
                downstream?.receive(completion: completion)
            }
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            let subscription = upstream.subscription
            lock.unlock()
            subscription?.request(demand)
        }

        func cancel() {
            lock.lock()
            downstream = nil
            let subscription = upstream.terminate()
            lock.unlock()
            subscription?.cancel()
        }
    }
}
