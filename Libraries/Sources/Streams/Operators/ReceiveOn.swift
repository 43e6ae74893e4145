extension Publisher {
    /// Delivers values and the completion on `scheduler` instead of on the thread the
    /// upstream publisher happens to send them from.
    ///
    /// ```swift
    /// download.receive(on: DispatchQueue.main).sink { show($0) }
    /// ```
    ///
    /// The subscription itself, demand and cancellation go upstream directly. Each value
    /// and the completion is handed to the scheduler with `options`. Once the subscription
    /// is cancelled, values already handed to the scheduler are dropped; a completion
    /// already handed to it is still delivered.
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
            upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler, options: options))
        }
    }
}

extension Publishers.ReceiveOn {
    /// Stands between upstream and downstream as both the subscriber and the downstream's
    /// subscription, with Combine's rules (OpenCombine's tests record them):
    ///
    /// - each value and the completion is one `schedule` call with the options given;
    ///   what arrives before the subscription, after the completion or after a cancel is
    ///   ignored and schedules nothing;
    /// - the completion, once scheduled, is delivered even if the subscription is
    ///   cancelled before it runs, and a value scheduled before it may still ask the
    ///   upstream for more;
    /// - a cancel before the subscription does nothing, so a subscription that arrives
    ///   later is passed on as usual;
    /// - the downstream is kept as long as this subscription is (each scheduled action
    ///   holds it until it has run), never released early.
    ///
    /// The downstream is a `let`: the scheduler serialises the calls to it, and the lock
    /// guards only `state`, never held while calling out.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflectable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Output

        private enum State {
            case awaiting
            case subscribed(any Subscription)
            /// The upstream has completed; its completion is scheduled.
            case completing(any Subscription)
            case terminal

            /// Whether a scheduled value is still delivered.
            var deliversValues: Bool {
                switch self {
                case .subscribed, .completing: true
                case .awaiting, .terminal: false
                }
            }

            /// The upstream subscription while a delivered value's demand may still go to it.
            var subscription: (any Subscription)? {
                switch self {
                case .subscribed(let subscription), .completing(let subscription): subscription
                case .awaiting, .terminal: nil
                }
            }
        }

        private let lock = Lock()
        /// Guarded by `lock`.
        private var state = State.awaiting
        private let downstream: Downstream
        private let scheduler: Context
        private let options: Context.SchedulerOptions?

        init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.downstream = downstream
            self.scheduler = scheduler
            self.options = options
        }

        func receive(subscription: any Subscription) {
            lock.lock()
            guard case .awaiting = state else {
                lock.unlock()
                subscription.cancel()
                return
            }
            state = .subscribed(subscription)
            lock.unlock()
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = state else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            scheduler.schedule(options: options) { self.deliver(input) }
            return .none
        }

        /// Sends `input` downstream unless the subscription has been cancelled since it
        /// was scheduled, and passes the downstream's further demand on.
        private func deliver(_ input: Input) {
            lock.lock()
            guard state.deliversValues else {
                lock.unlock()
                return
            }
            lock.unlock()
            let more = downstream.receive(input)
            guard more > 0 else { return }
            lock.lock()
            let subscription = state.subscription
            lock.unlock()
            subscription?.request(more)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed(let subscription) = state else {
                lock.unlock()
                return
            }
            state = .completing(subscription)
            lock.unlock()
            scheduler.schedule(options: options) { self.deliver(completion) }
        }

        private func deliver(_ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            // The upstream subscription is let go of only after unlocking: its deinit is
            // user code, which may call back into this subscription.
            let upstream = state.subscription
            state = .terminal
            lock.unlock()
            downstream.receive(completion: completion)
            _fixLifetime(upstream)
        }

        /// Passed upstream until the completion or a cancel.
        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard case .subscribed(let subscription) = state else {
                lock.unlock()
                return
            }
            lock.unlock()
            subscription.request(demand)
        }

        func cancel() {
            lock.lock()
            guard case .subscribed(let subscription) = state else {
                lock.unlock()
                return
            }
            state = .terminal
            lock.unlock()
            subscription.cancel()
        }

        var description: String { "ReceiveOn" }

        /// No children, as Combine's mirror shows.
        var customMirror: Mirror { Mirror(self, children: [:]) }
    }
}
