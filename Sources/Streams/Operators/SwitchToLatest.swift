extension Publisher where Output: Publisher, Output.Failure == Failure {
    /// Flattens a publisher of publishers by always following the most recent one: when
    /// the upstream publishes a new inner publisher, the previous inner subscription is
    /// cancelled and the new one takes over, inheriting the subscriber's outstanding
    /// demand.
    ///
    /// ```swift
    /// query.map { search($0) }.switchToLatest()   // only the latest search's results
    /// ```
    ///
    /// Finishes when the upstream and the current inner publisher have both finished;
    /// fails as soon as either fails.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Failure == Never {
    /// Flattens a never-failing publisher of publishers that can fail; see
    /// `switchToLatest()`.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
        Publishers.SwitchToLatest(upstream: Publishers.SetFailureType(upstream: self))
    }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
    /// Flattens a publisher of publishers where nothing can fail; see `switchToLatest()`.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
    /// Flattens a publisher of never-failing publishers; see `switchToLatest()`.
    public func switchToLatest()
        -> Publishers.SwitchToLatest<Publishers.SetFailureType<Output, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>>
    {
        Publishers.SwitchToLatest(upstream: map { Publishers.SetFailureType<Output, Failure>(upstream: $0) })
    }
}

extension Publishers {
    /// A publisher that follows only the most recent inner publisher of its upstream.
    /// Created by `switchToLatest()`.
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
    where Upstream.Output == P, P.Failure == Upstream.Failure {
        /// The inner publishers' output.
        public typealias Output = P.Output
        /// The common failure of the upstream and the inner publishers.
        public typealias Failure = P.Failure

        /// The publisher of publishers.
        public let upstream: Upstream

        /// Creates a publisher that follows the latest inner publisher of `upstream`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Subscribes `subscriber` to the upstream through the switching stage.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let outer = Outer(downstream: subscriber)
            subscriber.receive(subscription: outer)
            upstream.subscribe(outer)
        }
    }
}

extension Publishers.SwitchToLatest {
    /// Subscribes to the upstream (with unlimited demand) and, for each inner publisher,
    /// to that publisher; it is also the subscription the downstream sees.
    private final class Outer<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = P

        private let lock = Lock()
        private var downstream: Downstream?
        private var upstream = SubscriptionState.awaiting
        private var inner: (any Subscription)?
        // Increases with every inner publisher; events of older inners are ignored.
        private var generation = 0
        private var innerActive = false
        private var upstreamFinished = false
        private var demand = Subscribers.Demand.none
        private var terminated = false

        init(downstream: Downstream) {
            self.downstream = downstream
        }

        var description: String { "SwitchToLatest" }

        // MARK: Upstream (publisher of publishers)

        func receive(subscription: any Subscription) {
            lock.lock()
            guard !terminated, upstream.attach(subscription) else {
                lock.unlock()
                subscription.cancel()
                return
            }
            lock.unlock()
            subscription.request(.unlimited)
        }

        func receive(_ input: P) -> Subscribers.Demand {
            lock.lock()
            guard !terminated else {
                lock.unlock()
                return .none
            }
            generation += 1
            let mine = generation
            let previous = inner
            inner = nil
            innerActive = true
            lock.unlock()
            previous?.cancel()
            input.subscribe(Inner(parent: self, generation: mine))
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard !terminated, !upstream.isTerminal else {
                lock.unlock()
                return
            }
            _ = upstream.terminate()
            switch completion {
            case .finished:
                upstreamFinished = true
                guard !innerActive else {
                    lock.unlock()
                    return
                }
                let downstream = finish()
                lock.unlock()
                downstream?.receive(completion: .finished)
            case .failure:
                let downstream = finish()
                let innerSubscription = inner
                inner = nil
                lock.unlock()
                innerSubscription?.cancel()
                downstream?.receive(completion: completion)
            }
        }

        // MARK: Inner publishers

        fileprivate func attachInner(_ subscription: any Subscription, generation mine: Int) {
            lock.lock()
            guard !terminated, mine == generation, inner == nil else {
                lock.unlock()
                subscription.cancel()
                return
            }
            inner = subscription
            let outstanding = demand
            lock.unlock()
            if outstanding > 0 { subscription.request(outstanding) }
        }

        fileprivate func receiveInner(_ input: Output, generation mine: Int) -> Subscribers.Demand {
            lock.lock()
            guard !terminated, mine == generation, let downstream, demand > 0 else {
                lock.unlock()
                return .none
            }
            demand -= 1
            lock.unlock()
            let more = downstream.receive(input)
            if more > 0 {
                lock.lock()
                demand += more
                lock.unlock()
            }
            return more
        }

        fileprivate func completeInner(_ completion: Subscribers.Completion<Failure>, generation mine: Int) {
            lock.lock()
            guard !terminated, mine == generation else {
                lock.unlock()
                return
            }
            inner = nil
            innerActive = false
            switch completion {
            case .finished:
                guard upstreamFinished else {
                    lock.unlock()
                    return
                }
                let downstream = finish()
                lock.unlock()
                downstream?.receive(completion: .finished)
            case .failure:
                let downstream = finish()
                let outer = upstream.terminate()
                lock.unlock()
                outer?.cancel()
                downstream?.receive(completion: completion)
            }
        }

        // MARK: Downstream

        func request(_ more: Subscribers.Demand) {
            lock.lock()
            guard !terminated else {
                lock.unlock()
                return
            }
            demand += more
            let current = inner
            lock.unlock()
            current?.request(more)
        }

        func cancel() {
            lock.lock()
            guard !terminated else {
                lock.unlock()
                return
            }
            _ = finish()
            let outer = upstream.terminate()
            let current = inner
            inner = nil
            lock.unlock()
            outer?.cancel()
            current?.cancel()
        }

        /// Marks the stage terminated and hands back the downstream to complete (if any).
        /// Call with the lock held.
        private func finish() -> Downstream? {
            terminated = true
            let downstream = self.downstream
            self.downstream = nil
            return downstream
        }
    }

    /// The subscriber for one inner publisher, tagged with its generation.
    private final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Output

        let parent: Outer<Downstream>
        let generation: Int

        init(parent: Outer<Downstream>, generation: Int) {
            self.parent = parent
            self.generation = generation
        }

        var description: String { "SwitchToLatest" }

        func receive(subscription: any Subscription) {
            parent.attachInner(subscription, generation: generation)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            parent.receiveInner(input, generation: generation)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            parent.completeInner(completion, generation: generation)
        }
    }
}
