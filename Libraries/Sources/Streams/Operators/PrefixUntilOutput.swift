extension Publishers {
    /// A publisher that passes its upstream's values until a second publisher sends a
    /// value, then finishes.
    public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
        /// The upstream's values, unchanged.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are passed.
        public let upstream: Upstream
        /// The publisher whose first value ends the stream.
        public let other: Other

        /// Makes the publisher; usually written `upstream.prefix(untilOutputFrom: other)`.
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        /// Subscribes to `other` (asking it for one value), then attaches `subscriber`
        /// behind the upstream.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            UntilOutputSubscription<S, Other.Failure, PrefixUntilOutputKind>(
                downstream: subscriber, name: "PrefixUntilOutput", passesValuesBeforeTrigger: true,
                completionOnTriggerEnd: nil
            ).start(upstream: upstream, trigger: other)
        }
    }
}

extension Publisher {
    /// Passes values until `publisher` sends its first value, then finishes (and cancels
    /// the upstream). If `publisher` completes without a value, nothing changes.
    ///
    /// ```swift
    /// let untilStop = ticks.prefix(untilOutputFrom: stopButtonTaps)
    /// ```
    public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
        Publishers.PrefixUntilOutput(upstream: self, other: publisher)
    }
}
