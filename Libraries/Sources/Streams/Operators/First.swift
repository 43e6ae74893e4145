extension Publishers {
    /// A publisher that sends the first value, then finishes and cancels the upstream.
    public struct First<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose first value is taken.
        public let upstream: Upstream

        /// Makes the publisher; usually written `upstream.first()`.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`; it gets at most one value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            FirstWhere(upstream: upstream) { _ in true }.receive(subscriber: subscriber, name: .first)
        }
    }

    /// A publisher that sends the first value a predicate accepts, then finishes.
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher searched.
        public let upstream: Upstream
        /// Returns `true` for the value to send.
        public let predicate: (Upstream.Output) -> Bool

        /// Makes the publisher; usually written `upstream.first(where:)`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`; it gets at most one value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            receive(subscriber: subscriber, name: .firstWhere)
        }

        /// Attaches `subscriber`, whose subscription calls itself after `name` (`first()`
        /// reuses this search under its own name, as Combine names them apart).
        @inlinable
        func receive<S: Subscriber>(subscriber: S, name: StepOperatorName)
        where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, Void>(
                        name: name, downstream: subscriber, state: (),
                        step: { _, value in predicate(value) ? .emitAndFinish(value) : .drop },
                        finishing: { _, completion in .forwarding(completion) })))
        }
    }

    /// A publisher that sends the first value a throwing predicate accepts, then finishes.
    public struct TryFirstWhere<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// Any error: the upstream's or one thrown by the predicate.
        public typealias Failure = any Error

        /// The publisher searched.
        public let upstream: Upstream
        /// Returns `true` for the value to send, or throws to fail.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Makes the publisher; usually written `upstream.tryFirst(where:)`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`; it gets at most one value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, Void>(
                        name: .tryFirstWhere, downstream: subscriber, state: (),
                        step: { _, value in
                            do { return try predicate(value) ? .emitAndFinish(value) : .drop } catch {
                                return .fail(error)
                            }
                        },
                        finishing: { _, completion in .forwardingAsError(completion) })))
        }
    }
}

extension Publisher {
    /// Sends the first value, then finishes and cancels the upstream.
    ///
    /// ```swift
    /// let firstTap = taps.first()
    /// ```
    @inlinable
    public func first() -> Publishers.First<Self> {
        Publishers.First(upstream: self)
    }

    /// Sends the first value for which `predicate` returns `true`, then finishes.
    @inlinable
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }

    /// Like ``first(where:)``, with a predicate that may throw to fail the stream.
    @inlinable
    public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
        Publishers.TryFirstWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers.First: Equatable where Upstream: Equatable {
    /// Whether both take the first value of equal upstreams.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream
    }
}
