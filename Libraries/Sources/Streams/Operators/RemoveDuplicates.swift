extension Publishers {
    /// A publisher that skips a value equal to the one before it.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose repeats are skipped.
        public let upstream: Upstream
        /// Returns `true` when the second value repeats the first.
        public let predicate: (Upstream.Output, Upstream.Output) -> Bool

        /// Makes the publisher; usually written `upstream.removeDuplicates(by:)`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` behind the de-duplication.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let isDuplicate = predicate
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Upstream.Output?>(
                    name: .removeDuplicates, downstream: subscriber, state: nil,
                    step: { previous, value in
                        if let last = previous, isDuplicate(last, value) { return .drop }
                        previous = value
                        return .emit(value)
                    },
                    finishing: { _, completion in .forwarding(completion) }))
        }
    }

    /// A publisher that skips repeats, judged by a predicate that may throw.
    public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// Any error: the upstream's or one thrown by the predicate.
        public typealias Failure = any Error

        /// The publisher whose repeats are skipped.
        public let upstream: Upstream
        /// Returns `true` when the second value repeats the first, or throws to fail.
        public let predicate: (Upstream.Output, Upstream.Output) throws -> Bool

        /// Makes the publisher; usually written `upstream.tryRemoveDuplicates(by:)`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` behind the de-duplication.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let isDuplicate = predicate
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Upstream.Output?>(
                    name: .tryRemoveDuplicates, downstream: subscriber, state: nil,
                    step: { previous, value in
                        do {
                            if let last = previous, try isDuplicate(last, value) { return .drop }
                        } catch {
                            return .fail(error)
                        }
                        previous = value
                        return .emit(value)
                    },
                    finishing: { _, completion in .forwardingAsError(completion) }))
        }
    }
}

extension Publisher where Output: Equatable {
    /// Skips a value equal to the one sent just before it.
    ///
    /// ```swift
    /// let changes = [1, 1, 2, 2, 1].publisher.removeDuplicates()   // 1, 2, 1
    /// ```
    @inlinable
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: ==)
    }
}

extension Publisher {
    /// Skips a value for which `predicate(previous, value)` returns `true`.
    @inlinable
    public func removeDuplicates(
        by predicate: @escaping (Output, Output) -> Bool
    ) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }

    /// Like ``removeDuplicates(by:)``, with a predicate that may throw to fail the stream.
    @inlinable
    public func tryRemoveDuplicates(
        by predicate: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryRemoveDuplicates<Self> {
        Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
    }
}
