extension Publishers {
    /// A publisher that sends whether every upstream value satisfies a predicate: `false`
    /// (and finishes) at the first value that does not, `true` when the upstream finishes.
    public struct AllSatisfy<Upstream: Publisher>: Publisher {
        /// Whether every value satisfied the predicate.
        public typealias Output = Bool
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher checked.
        public let upstream: Upstream
        /// Returns `true` for a value that satisfies the condition.
        public let predicate: (Upstream.Output) -> Bool

        /// Makes the publisher; usually written `upstream.allSatisfy(predicate)`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`; it gets one value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, Void>(
                        name: .allSatisfy, downstream: subscriber, state: (),
                        step: { _, value in predicate(value) ? .drop : .emitAndFinish(false) },
                        finishing: { _, completion in .answering(true, after: completion) })))
        }
    }

    /// A publisher that sends whether every upstream value satisfies a predicate that may
    /// throw; a thrown error fails the stream.
    public struct TryAllSatisfy<Upstream: Publisher>: Publisher {
        /// Whether every value satisfied the predicate.
        public typealias Output = Bool
        /// Any error: the upstream's or one thrown by the predicate.
        public typealias Failure = any Error

        /// The publisher checked.
        public let upstream: Upstream
        /// Returns `true` for a value that satisfies the condition, or throws to fail.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Makes the publisher; usually written `upstream.tryAllSatisfy(predicate)`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`; it gets one value, or the error.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, Void>(
                        name: .tryAllSatisfy, downstream: subscriber, state: (),
                        step: { _, value in
                            do { return try predicate(value) ? .drop : .emitAndFinish(false) } catch {
                                return .fail(error)
                            }
                        },
                        finishing: { _, completion in .answeringAsError(true, after: completion) })))
        }
    }
}

extension Publisher {
    /// Sends `true` once the upstream finishes if `predicate` accepted every value; sends
    /// `false` (then finishes and cancels the upstream) at the first value it rejects.
    ///
    /// ```swift
    /// let scores = PassthroughSubject<Int, Never>()
    /// let allPassed = scores.allSatisfy { $0 >= 50 }
    /// ```
    @inlinable
    public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
        Publishers.AllSatisfy(upstream: self, predicate: predicate)
    }

    /// Like ``allSatisfy(_:)``, with a predicate that may throw: the error becomes the
    /// stream's failure and the upstream is cancelled.
    ///
    /// ```swift
    /// let allValid = fields.tryAllSatisfy { field in
    ///     guard let text = field.text else { throw FormError.missing(field.name) }
    ///     return !text.isEmpty
    /// }
    /// ```
    @inlinable
    public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self> {
        Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
    }
}
