extension Publishers {
    /// A publisher that counts the upstream's values and sends the count when the upstream
    /// finishes.
    public struct Count<Upstream: Publisher>: Publisher {
        /// The number of values.
        public typealias Output = Int
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are counted.
        public let upstream: Upstream

        /// Makes the publisher; usually written `upstream.count()`.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`; it gets one value when the upstream finishes.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, Int>(
                        name: .count, downstream: subscriber, state: 0,
                        step: { count, _ in
                            count += 1
                            return .drop
                        },
                        finishing: { count, completion in .answering(count, after: completion) })))
        }
    }
}

extension Publisher {
    /// Sends how many values the upstream sent, once it finishes. A failure is passed on
    /// instead.
    ///
    /// ```swift
    /// let clicks = PassthroughSubject<Void, Never>()
    /// let total = clicks.count()   // sends 2 after two sends and a finish
    /// ```
    @inlinable
    public func count() -> Publishers.Count<Self> {
        Publishers.Count(upstream: self)
    }
}

extension Publishers.Count: Equatable where Upstream: Equatable {
    /// Whether both count the values of equal upstreams.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream
    }
}
