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
    ///
    /// The subscriber is never called from two threads at once, nor re-entrantly, even
    /// when inner publishers send on several threads or a new inner publisher arrives
    /// during a delivery: what arrives meanwhile is delivered, in order, right after the
    /// current call returns. A switch drops the previous inner publisher's values still
    /// waiting, so after it nothing of that publisher reaches the subscriber except a
    /// value whose delivery had already begun on another thread.
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
        -> Publishers.SwitchToLatest<
            Publishers.SetFailureType<Output, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
        >
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
            let switching = SwitchToLatestSubscription<P, S>(downstream: subscriber)
            subscriber.receive(subscription: switching)
            upstream.subscribe(switching)
        }
    }
}
