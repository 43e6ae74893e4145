extension Publishers {
    /// A publisher that cannot fail, given a failure type so that it fits where a failing
    /// publisher is expected.
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
        /// The upstream's values.
        public typealias Output = Upstream.Output

        /// The never-failing publisher.
        public let upstream: Upstream

        /// Makes the publisher; usually written `upstream.setFailureType(to:)`.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`; it never receives a failure.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: SetFailureTypeSubscriber(downstream: subscriber))
        }

        /// The same publisher with another failure type.
        @inlinable
        public func setFailureType<E: Error>(to failure: E.Type) -> Publishers.SetFailureType<Upstream, E> {
            Publishers.SetFailureType<Upstream, E>(upstream: upstream)
        }
    }
}

extension Publisher where Failure == Never {
    /// Gives a publisher that cannot fail the failure type `failureType`, e.g. to combine
    /// or `flatMap` it with a failing one.
    ///
    /// ```swift
    /// let answer: AnyPublisher<Int, URLError> = Just(42)
    ///     .setFailureType(to: URLError.self)
    ///     .eraseToAnyPublisher()
    /// ```
    @inlinable
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}

extension Publishers.SetFailureType: Equatable where Upstream: Equatable {
    /// Whether both give equal upstreams the same failure type.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream
    }
}

/// The subscriber `setFailureType` puts upstream: forwards everything (its upstream
/// cannot fail) under Combine's name for it.
@usableFromInline
struct SetFailureTypeSubscriber<Downstream: Subscriber>: ForwardingSubscriber {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Never

    @usableFromInline let downstream: Downstream

    @inlinable
    init(downstream: Downstream) {
        self.downstream = downstream
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Never>) {
        downstream.receive(completion: .finished)
    }
}

extension SetFailureTypeSubscriber: CombineReflectable {
    @usableFromInline var description: String { "SetFailureType" }
    /// No children, as in Combine.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}
