extension Publishers {
    /// A publisher that keeps the value that orders first among everything the upstream
    /// sends, and sends it when the upstream finishes: the minimum by
    /// ``areInIncreasingOrder`` (`max(by:)` passes the ordering reversed).
    public struct Comparison<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are compared.
        public let upstream: Upstream
        /// Returns `true` when the first value orders before the second.
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

        /// Makes the publisher; usually written `upstream.min(by:)` or `max(by:)`.
        @inlinable
        public init(
            upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool
        ) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        /// Attaches `subscriber`; it gets at most one value, when the upstream finishes.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let ordered = areInIncreasingOrder
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, Output?>(
                        name: .comparison, downstream: subscriber, state: nil,
                        step: { best, value in
                            // Like Sequence.min(by:): an equal later value does not replace the first.
                            if let current = best, !ordered(value, current) { return .drop }
                            best = value
                            return .drop
                        },
                        finishing: { best, completion in
                            if case .failure(let error) = completion { return .fail(error) }
                            return best.map { .emitAndFinish($0) } ?? .finish
                        })))
        }
    }

    /// Like ``Comparison``, with an ordering closure that may throw: a thrown error fails
    /// the stream and cancels the upstream.
    public struct TryComparison<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// Any error: the upstream's or one thrown by the ordering closure.
        public typealias Failure = any Error

        /// The publisher whose values are compared.
        public let upstream: Upstream
        /// Returns `true` when the first value orders before the second, or throws to fail.
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

        /// Makes the publisher; usually written `upstream.tryMin(by:)` or `tryMax(by:)`.
        @inlinable
        public init(
            upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
        ) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        /// Attaches `subscriber`; it gets at most one value, or the error.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let ordered = areInIncreasingOrder
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, Output?>(
                        name: .tryComparison, downstream: subscriber, state: nil,
                        step: { best, value in
                            do {
                                if let current = best, try !ordered(value, current) { return .drop }
                            } catch {
                                return .fail(error)
                            }
                            best = value
                            return .drop
                        },
                        finishing: { best, completion in
                            if case .failure(let error) = completion { return .fail(error) }
                            return best.map { .emitAndFinish($0) } ?? .finish
                        })))
        }
    }
}

extension Publisher where Output: Comparable {
    /// Sends the smallest value once the upstream finishes (nothing if it sent none).
    ///
    /// ```swift
    /// let lowest = prices.min()   // prices: a publisher of Double
    /// ```
    @inlinable
    public func min() -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self, areInIncreasingOrder: <)
    }

    /// Sends the largest value once the upstream finishes (nothing if it sent none).
    ///
    /// ```swift
    /// let highest = prices.max()
    /// ```
    @inlinable
    public func max() -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self, areInIncreasingOrder: >)
    }
}

extension Publisher {
    /// Sends the smallest value by `areInIncreasingOrder` once the upstream finishes.
    ///
    /// ```swift
    /// let shortest = words.min { $0.count < $1.count }
    /// ```
    @inlinable
    public func min(
        by areInIncreasingOrder: @escaping (Output, Output) -> Bool
    ) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }

    /// Sends the largest value by `areInIncreasingOrder` once the upstream finishes.
    ///
    /// ```swift
    /// let longest = words.max { $0.count < $1.count }
    /// ```
    @inlinable
    public func max(
        by areInIncreasingOrder: @escaping (Output, Output) -> Bool
    ) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self) { areInIncreasingOrder($1, $0) }
    }

    /// Like ``min(by:)``, with an ordering closure that may throw to fail the stream.
    ///
    /// ```swift
    /// let earliest = records.tryMin { try $0.parsedDate() < $1.parsedDate() }
    /// ```
    @inlinable
    public func tryMin(
        by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }

    /// Like ``max(by:)``, with an ordering closure that may throw to fail the stream.
    ///
    /// ```swift
    /// let latest = records.tryMax { try $0.parsedDate() < $1.parsedDate() }
    /// ```
    @inlinable
    public func tryMax(
        by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self) { try areInIncreasingOrder($1, $0) }
    }
}
