extension Publishers {
    /// A publisher that drops its upstream's values until a second publisher sends a
    /// value, and passes them from then on.
    public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
    where Upstream.Failure == Other.Failure {
        /// The upstream's values, unchanged.
        public typealias Output = Upstream.Output
        /// The failure shared by both publishers.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are dropped, then passed.
        public let upstream: Upstream
        /// The publisher whose first value opens the stream.
        public let other: Other

        /// Makes the publisher; usually written `upstream.drop(untilOutputFrom: other)`.
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        /// Subscribes to `other` (asking it for one value), then attaches `subscriber`
        /// behind the upstream.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            UntilOutputSubscription<S, Other.Failure, DropUntilOutputKind>(
                downstream: subscriber, name: "DropUntilOutput", passesValuesBeforeTrigger: false,
                completionOnTriggerEnd: { $0 }
            ).start(upstream: upstream, trigger: other)
        }
    }
}

extension Publisher {
    /// Drops values until `publisher` sends its first value, and passes every value after
    /// it. If `publisher` completes before sending a value, the stream ends with that
    /// completion (and the upstream is cancelled).
    ///
    /// ```swift
    /// let afterLogin = events.drop(untilOutputFrom: loggedIn)
    /// ```
    public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
    where Failure == P.Failure {
        Publishers.DropUntilOutput(upstream: self, other: publisher)
    }
}
