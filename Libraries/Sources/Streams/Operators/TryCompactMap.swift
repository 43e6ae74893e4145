extension Publishers {
    /// A publisher that transforms every value with a closure that may throw and passes
    /// on the non-`nil` results; a thrown error fails the stream and cancels the upstream.
    public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
        /// Any error: the upstream's or one thrown by ``transform``.
        public typealias Failure = any Error

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// The transformation; `nil` drops the value, a thrown error fails the stream.
        public let transform: (Upstream.Output) throws -> Output?

        /// Makes the publisher; usually written `upstream.tryCompactMap(transform)`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` behind the transformation.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = transform
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Void>(
                    name: .tryCompactMap, downstream: subscriber, state: (),
                    step: { _, value in
                        do { return try transform(value).map { .emit($0) } ?? .drop } catch { return .fail(error) }
                    },
                    finishing: { _, completion in .forwardingAsError(completion) }))
        }
    }
}

extension Publisher {
    /// Transforms every value with a closure that may throw and passes on only the
    /// non-`nil` results; a thrown error becomes the stream's failure.
    ///
    /// ```swift
    /// let ages = fields.tryCompactMap { text -> Int? in
    ///     if text.isEmpty { return nil }              // skipped
    ///     guard let age = Int(text) else { throw FormError.notANumber(text) }
    ///     return age
    /// }
    /// ```
    @inlinable
    public func tryCompactMap<T>(
        _ transform: @escaping (Output) throws -> T?
    ) -> Publishers.TryCompactMap<Self, T> {
        Publishers.TryCompactMap(upstream: self, transform: transform)
    }
}
