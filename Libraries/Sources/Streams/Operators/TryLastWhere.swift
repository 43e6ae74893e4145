extension Publishers {
    /// A publisher that sends the last value a predicate that may throw accepts, when the
    /// upstream finishes; a thrown error fails the stream and cancels the upstream.
    public struct TryLastWhere<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// Any error: the upstream's or one thrown by the predicate.
        public typealias Failure = any Error

        /// The publisher searched.
        public let upstream: Upstream
        /// Returns `true` for candidate values, or throws to fail.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Makes the publisher; usually written `upstream.tryLast(where:)`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`; it gets at most one value, when the upstream finishes.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, Upstream.Output?>(
                        name: .tryLastWhere, downstream: subscriber, state: nil,
                        step: { last, value in
                            do {
                                if try predicate(value) { last = value }
                            } catch {
                                return .fail(error)
                            }
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
    /// Like ``last(where:)``, with a predicate that may throw: the error becomes the
    /// stream's failure and the upstream is cancelled.
    ///
    /// ```swift
    /// let lastValid = entries.tryLast { entry in
    ///     guard let date = entry.date else { throw LogError.undated(entry) }
    ///     return date < cutoff
    /// }
    /// ```
    @inlinable
    public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
        Publishers.TryLastWhere(upstream: self, predicate: predicate)
    }
}
