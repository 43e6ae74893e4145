extension Publishers {
    /// A publisher that replaces a failed upstream with another publisher, made by a
    /// closure that may itself throw.
    public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where NewPublisher.Output == Upstream.Output {
        /// The values of both publishers.
        public typealias Output = Upstream.Output
        /// Any error: thrown by the handler or sent by the replacement.
        public typealias Failure = any Error

        /// The publisher that may fail.
        public let upstream: Upstream
        /// Makes the replacement from the upstream's error, or throws to fail.
        public let handler: (Upstream.Failure) throws -> NewPublisher

        /// Makes the publisher; usually written `upstream.tryCatch(handler)`.
        @inlinable
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        /// Attaches `subscriber`; on failure it moves to the replacement, keeping its demand.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let handler = handler
            let catching = CatchSubscription(downstream: subscriber, name: "TryCatch")
            catching.start(upstream) { error in
                let replacement: NewPublisher
                do {
                    replacement = try handler(error)
                } catch {
                    catching.fail(error)
                    return
                }
                catching.recover(with: replacement) { $0 }
            }
        }
    }
}

extension Publisher {
    /// Like ``catch(_:)``, but `handler` may throw, failing the stream with its error.
    /// An upstream that breaks the rules stops the program, as with ``catch(_:)``.
    ///
    /// ```swift
    /// let data = primary.tryCatch { error -> AnyPublisher<Data, URLError> in
    ///     guard isRetryable(error) else { throw error }
    ///     return mirror.eraseToAnyPublisher()
    /// }
    /// ```
    @inlinable
    public func tryCatch<P: Publisher>(
        _ handler: @escaping (Failure) throws -> P
    ) -> Publishers.TryCatch<Self, P> where P.Output == Output {
        Publishers.TryCatch(upstream: self, handler: handler)
    }
}
