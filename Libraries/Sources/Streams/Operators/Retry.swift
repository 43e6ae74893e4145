extension Publishers {
    /// A publisher that subscribes to its upstream again after a failure, a limited
    /// number of times.
    public struct Retry<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure, sent once the retries are used up.
        public typealias Failure = Upstream.Failure

        /// The publisher to retry.
        public let upstream: Upstream
        /// How many times to resubscribe; `nil` for no limit.
        public let retries: Int?

        /// Makes the publisher; usually written `upstream.retry(retries)`.
        @inlinable
        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        /// Attaches `subscriber`; a failure resubscribes, keeping the outstanding demand.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let upstream = upstream
            let recovering = Resubscriber(downstream: subscriber, name: "Retry")
            func attempt(remaining: Int?) {
                recovering.subscribe(upstream) { error in
                    if let remaining, remaining <= 0 {
                        recovering.complete(.failure(error))
                    } else {
                        attempt(remaining: remaining.map { $0 - 1 })
                    }
                }
            }
            attempt(remaining: retries)
        }
    }
}

extension Publisher {
    /// After a failure, subscribes to this publisher again, up to `retries` times; then
    /// passes the failure on.
    ///
    /// ```swift
    /// let page = fetchPage().retry(3)   // up to four attempts in all
    /// ```
    @inlinable
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        Publishers.Retry(upstream: self, retries: retries)
    }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {
    /// Whether both retry equal upstreams the same number of times.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream && lhs.retries == rhs.retries
    }
}
