extension Publishers {
    /// A publisher that converts its upstream's failure into another error type.
    public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
        /// The upstream's values, passed through unchanged.
        public typealias Output = Upstream.Output

        /// The publisher whose failure is converted.
        public let upstream: Upstream
        /// Converts the upstream's error.
        public let transform: (Upstream.Failure) -> Failure

        /// Makes the publisher; usually written `upstream.mapError(transform)`.
        @inlinable
        public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.transform = map
        }

        /// Attaches `subscriber` behind the conversion.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(
                subscriber: MapErrorSubscriber<Upstream.Failure, S>(downstream: subscriber, transform: transform))
        }
    }
}

extension Publisher {
    /// Converts a failure into another error type; values pass unchanged.
    ///
    /// ```swift
    /// let loaded = fetch().mapError { AppError.network($0) }
    /// ```
    @inlinable
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
        Publishers.MapError(upstream: self, transform)
    }
}

/// Forwards everything, converting only a failure completion.
@usableFromInline
struct MapErrorSubscriber<UpstreamFailure: Error, Downstream: Subscriber>: ForwardingSubscriber {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = UpstreamFailure

    @usableFromInline let downstream: Downstream
    @usableFromInline let transform: (UpstreamFailure) -> Downstream.Failure

    @inlinable
    init(downstream: Downstream, transform: @escaping (UpstreamFailure) -> Downstream.Failure) {
        self.downstream = downstream
        self.transform = transform
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        downstream.receive(completion: completion.mapFailure(transform))
    }
}

extension MapErrorSubscriber: CombineReflectable {
    @usableFromInline var description: String { "MapError" }
    /// No children, as in Combine.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}
