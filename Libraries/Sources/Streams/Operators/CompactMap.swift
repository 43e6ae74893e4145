extension Publishers {
    /// A publisher that transforms every value and passes on the non-`nil` results.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// The transformation; `nil` drops the value.
        public let transform: (Upstream.Output) -> Output?

        /// Makes the publisher; usually written `upstream.compactMap(transform)`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` behind the transformation.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: CompactMapSubscriber(downstream: subscriber, transform: transform))
        }
    }
}

extension Publisher {
    /// Transforms every value and passes on only the non-`nil` results.
    ///
    /// ```swift
    /// let numbers = ["1", "x", "3"].publisher.compactMap { Int($0) }   // 1, 3
    /// ```
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }
}

/// Forwards the upstream subscription; a `nil` result hands its unit of demand back.
@usableFromInline
struct CompactMapSubscriber<Input, Downstream: Subscriber>: ForwardingSubscriber {
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let transform: (Input) -> Downstream.Input?

    @inlinable
    init(downstream: Downstream, transform: @escaping (Input) -> Downstream.Input?) {
        self.downstream = downstream
        self.transform = transform
    }

    @inlinable @inline(__always)
    func receive(_ input: Input) -> Subscribers.Demand {
        if let output = transform(input) {
            return downstream.receive(output)
        }
        return .max(1)
    }
}

extension Publishers.CompactMap {
    /// Fuses a second `compactMap` into this one, as Combine does.
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.CompactMap(upstream: upstream) { first($0).flatMap(transform) }
    }
}

extension Publishers.CompactMap {
    /// Fuses a `map` into this `compactMap`, as Combine does: the result is one
    /// `CompactMap` that applies `transform` to the values this one keeps.
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.CompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.CompactMap(upstream: upstream) { first($0).map(transform) }
    }
}

extension CompactMapSubscriber: CombineReflectable {
    @usableFromInline var description: String { "CompactMap" }
    /// No children, as in Combine.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}
