extension Publisher {
    /// Subscribes to the upstream publisher, and sends it demand and cancellation, on
    /// `scheduler`.
    ///
    /// Use it to move the work a publisher does when subscribed to (opening a file,
    /// starting a request) off the current thread. Values are delivered on whatever
    /// thread the upstream sends them from; combine with `receive(on:)` to choose that.
    public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
        -> Publishers.SubscribeOn<Self, S>
    {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that subscribes to its upstream, and forwards demand and cancellation
    /// to it, on a scheduler. Created by `subscribe(on:options:)`.
    public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher that is subscribed to on the scheduler.
        public let upstream: Upstream
        /// The scheduler used for subscribing, requesting and cancelling.
        public let scheduler: Context
        /// Options passed to the scheduler.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that subscribes to `upstream` on `scheduler`.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        /// Schedules the subscription to the upstream on the scheduler.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, scheduler: scheduler, options: options)
            let upstream = self.upstream
            scheduler.schedule(options: options) { upstream.subscribe(inner) }
        }
    }
}

extension Publishers.SubscribeOn {
    // Values and the completion pass straight through; demand and cancellation go
    // upstream through the scheduler.
    private final class Inner<Downstream: Subscriber>: SchedulingSubscriber<Downstream, Context>, CombineReflectable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
            super.init(downstream: downstream, scheduler: scheduler, options: options, description: "SubscribeOn")
        }

        override func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard upstream.subscription != nil, let downstream else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            return downstream.receive(input)
        }

        override func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard upstream.subscription != nil, let downstream else {
                lock.unlock()
                return
            }
            // Let go of at return, after unlocking: this may be the last reference to the
            // subscription, whose deinit may call back into this subscriber.
            let ended = upstream.terminate()
            defer { withExtendedLifetime(ended) {} }
            self.downstream = nil
            lock.unlock()
            downstream.receive(completion: completion)
        }

        override func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard let subscription = upstream.subscription else {
                lock.unlock()
                return
            }
            lock.unlock()
            schedule { subscription.request(demand) }
        }

        override func cancel() {
            lock.lock()
            let subscription = upstream.terminate()
            // Released after unlocking: it may be the last reference to the subscriber.
            let released = downstream
            downstream = nil
            lock.unlock()
            withExtendedLifetime(released) {}
            guard let subscription else { return }
            schedule { subscription.cancel() }
        }
    }
}
