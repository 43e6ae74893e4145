extension Publishers {
    /// A publisher that transforms every value with a throwing closure; a thrown error
    /// fails the stream and cancels the upstream.
    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        /// Any error: the upstream's or one thrown by ``transform``.
        public typealias Failure = any Error

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// The transformation applied to each value.
        public let transform: (Upstream.Output) throws -> Output

        /// Makes the publisher; usually written `upstream.tryMap(transform)`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` behind the transformation.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = transform
            upstream.receive(subscriber: StepSubscriber<Upstream, S, Void>(
                downstream: subscriber, state: (),
                step: { _, value in
                    do { return .emit(try transform(value)) } catch { return .fail(error) }
                },
                finishing: { _, completion in .forwardingAsError(completion) }))
        }
    }
}

extension Publisher {
    /// Transforms every value with a closure that may throw; a thrown error becomes the
    /// stream's failure.
    ///
    /// ```swift
    /// let numbers = ["1", "2", "x"].publisher.tryMap { text -> Int in
    ///     guard let number = Int(text) else { throw ParseError.notANumber(text) }
    ///     return number
    /// }   // 1, 2, then failure(notANumber("x"))
    /// ```
    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }
}
