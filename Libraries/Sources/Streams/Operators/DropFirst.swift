extension Publishers {
    /// A publisher that skips a number of values before passing the rest on.
    public struct Drop<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose first values are skipped.
        public let upstream: Upstream
        /// How many values to skip.
        public let count: Int

        /// Makes the publisher; usually written `upstream.dropFirst(count)`.
        @inlinable
        public init(upstream: Upstream, count: Int) {
            precondition(count >= 0, "dropFirst(_:) needs a non-negative count")
            self.upstream = upstream
            self.count = count
        }

        /// Attaches `subscriber` behind the skipping.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Int>(
                    name: .drop, downstream: subscriber, state: count,
                    step: { remaining, value in
                        guard remaining == 0 else {
                            remaining -= 1
                            return .drop
                        }
                        return .emit(value)
                    },
                    finishing: { _, completion in .forwarding(completion) }))
        }
    }
}

extension Publisher {
    /// Skips the first `count` values (one by default) and passes on the rest.
    ///
    /// ```swift
    /// let changes = volume.dropFirst()   // ignore the current value, keep the updates
    /// ```
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}

extension Publishers.Drop: Equatable where Upstream: Equatable {
    /// Whether both drop the same number of values from equal upstreams.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream && lhs.count == rhs.count
    }
}
