extension Publishers {
    /// A publisher that passes values on while a predicate accepts them, and finishes
    /// (cancelling the upstream) at the first value it rejects.
    public struct PrefixWhile<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose leading values are taken.
        public let upstream: Upstream
        /// Returns `true` for a value to pass on.
        public let predicate: (Upstream.Output) -> Bool

        /// Makes the publisher; usually written `upstream.prefix(while:)`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`; it finishes at the first rejected value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Void>(
                    name: .prefixWhile, downstream: subscriber, state: (),
                    step: { _, value in predicate(value) ? .emit(value) : .finish },
                    finishing: { _, completion in .forwarding(completion) }))
        }
    }

    /// A publisher that passes values on while a predicate that may throw accepts them; a
    /// thrown error fails the stream and cancels the upstream.
    public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// Any error: the upstream's or one thrown by the predicate.
        public typealias Failure = any Error

        /// The publisher whose leading values are taken.
        public let upstream: Upstream
        /// Returns `true` for a value to pass on, or throws to fail.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Makes the publisher; usually written `upstream.tryPrefix(while:)`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`; it finishes at the first rejected value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Void>(
                    name: .tryPrefixWhile, downstream: subscriber, state: (),
                    step: { _, value in
                        do { return try predicate(value) ? .emit(value) : .finish } catch { return .fail(error) }
                    },
                    finishing: { _, completion in .forwardingAsError(completion) }))
        }
    }
}

extension Publisher {
    /// Passes values on while `predicate` returns `true`; finishes and cancels the
    /// upstream at the first value it rejects (that value is not sent).
    ///
    /// ```swift
    /// let warmUp = readings.prefix { $0 < 20 }   // 12, 18, 25, 15 → 12, 18
    /// ```
    @inlinable
    public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }

    /// Like ``prefix(while:)``, with a predicate that may throw: the error becomes the
    /// stream's failure and the upstream is cancelled.
    ///
    /// ```swift
    /// let header = lines.tryPrefix { line in
    ///     guard line.isASCII else { throw ParseError.binary }
    ///     return line.hasPrefix("#")
    /// }
    /// ```
    @inlinable
    public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
        Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
    }
}
