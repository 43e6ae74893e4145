extension Publishers {
    /// A publisher that replaces a failed upstream with another publisher.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where NewPublisher.Output == Upstream.Output {
        /// The values of both publishers.
        public typealias Output = Upstream.Output
        /// The replacement's failure.
        public typealias Failure = NewPublisher.Failure

        /// The publisher that may fail.
        public let upstream: Upstream
        /// Makes the replacement from the upstream's error.
        public let handler: (Upstream.Failure) -> NewPublisher

        /// Makes the publisher; usually written `upstream.catch(handler)`.
        @inlinable
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        /// Attaches `subscriber`; on failure it moves to the replacement, keeping its demand.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let handler = handler
            let catching = CatchSubscription(downstream: subscriber, name: "Catch")
            catching.start(upstream) { error in
                catching.recover(with: handler(error)) { $0 }
            }
        }
    }
}

extension Publisher {
    /// On failure, continues with the publisher `handler` makes from the error. The
    /// subscriber's outstanding demand carries over to the replacement. As in Combine, an
    /// upstream that breaks the rules (a value beyond the demand, a failure before its
    /// subscription, a second failure while the replacement runs) stops the program.
    ///
    /// ```swift
    /// let avatar = download(url).catch { _ in Just(placeholder) }
    /// ```
    @inlinable
    public func `catch`<P: Publisher>(
        _ handler: @escaping (Failure) -> P
    ) -> Publishers.Catch<Self, P> where P.Output == Output {
        Publishers.Catch(upstream: self, handler: handler)
    }
}
