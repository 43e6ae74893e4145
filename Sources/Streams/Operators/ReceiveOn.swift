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
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> {
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
            upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler, options: options))
        }
    }
}

extension Publishers.ReceiveOn {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Output

        private let lock = Lock()
        private var upstream = SubscriptionState.awaiting
        // Cleared on cancel and after the completion is delivered, so that nothing
        // scheduled earlier reaches the subscriber afterwards.
        private var downstream: Downstream?
        private let scheduler: Context
        private let options: Context.SchedulerOptions?

        init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.downstream = downstream
            self.scheduler = scheduler
            self.options = options
        }

        var description: String { "ReceiveOn" }

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

        func receive(_ input: Input) -> Subscribers.Demand {
            scheduler.schedule(options: options) { self.deliver(input) }
            return .none
        }

        private func deliver(_ input: Input) {
            lock.lock()
            guard let downstream else {
                lock.unlock()
                return
            }
            lock.unlock()
            let more = downstream.receive(input)
            if more > 0 { request(more) }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard !upstream.isTerminal else {
                lock.unlock()
                return
            }
            _ = upstream.terminate()
            lock.unlock()
            scheduler.schedule(options: options) {
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
