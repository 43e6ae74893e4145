extension Publishers {
    /// A publisher that sends only the last value, when the upstream finishes.
    public struct Last<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose last value is taken.
        public let upstream: Upstream

        /// Makes the publisher; usually written `upstream.last()`.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`; it gets at most one value, when the upstream finishes.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            LastWhere(upstream: upstream) { _ in true }.receive(subscriber: subscriber, name: .last)
        }
    }

    /// A publisher that sends the last value a predicate accepts, when the upstream finishes.
    public struct LastWhere<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher searched.
        public let upstream: Upstream
        /// Returns `true` for candidate values.
        public let predicate: (Upstream.Output) -> Bool

        /// Makes the publisher; usually written `upstream.last(where:)`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`; it gets at most one value, when the upstream finishes.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            receive(subscriber: subscriber, name: .lastWhere)
        }

        /// Attaches `subscriber`, whose subscription calls itself after `name` (`last()`
        /// reuses this search under its own name, as Combine names them apart).
        @inlinable
        func receive<S: Subscriber>(subscriber: S, name: StepOperatorName)
        where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, Upstream.Output?>(
                        name: name, downstream: subscriber, state: nil,
                        step: { last, value in
                            if predicate(value) { last = value }
                            return .drop
                        },
                        finishing: { last, completion in
                            if case .failure(let error) = completion { return .fail(error) }
                            return last.map { .emitAndFinish($0) } ?? .finish
                        })))
        }
    }
}

extension Publisher {
    /// Sends only the last value, once the upstream finishes.
    ///
    /// ```swift
    /// let final = [1, 2, 3].publisher.last()   // 3
    /// ```
    @inlinable
    public func last() -> Publishers.Last<Self> {
        Publishers.Last(upstream: self)
    }

    /// Sends the last value for which `predicate` returns `true`, once the upstream finishes.
    @inlinable
    public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
        Publishers.LastWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers.Last: Equatable where Upstream: Equatable {
    /// Whether both take the last value of equal upstreams.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream
    }
}
