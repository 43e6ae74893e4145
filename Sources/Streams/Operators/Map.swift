extension Publishers {
    /// A publisher that transforms every value of its upstream with a closure.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        /// The upstream's failure, passed through unchanged.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// The transformation applied to each value.
        public let transform: (Upstream.Output) -> Output

        /// Makes the publisher; usually written `upstream.map(transform)`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` behind the transformation.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: MapSubscriber(downstream: subscriber, transform: transform))
        }
    }
}

extension Publisher {
    /// Transforms every value with `transform`.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher.map { $0 * 10 }.sink { print($0) }   // 10, 20, 30
    /// ```
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }
}

/// The subscriber `map` puts upstream: a value type that forwards the upstream
/// subscription untouched (a 1:1 transformation needs no demand bookkeeping) and calls
/// the transformation inline. No lock, no allocation per value.
@usableFromInline
struct MapSubscriber<Input, Downstream: Subscriber>: ForwardingSubscriber {
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let transform: (Input) -> Downstream.Input

    @inlinable
    init(downstream: Downstream, transform: @escaping (Input) -> Downstream.Input) {
        self.downstream = downstream
        self.transform = transform
    }

    @inlinable @inline(__always)
    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(transform(input))
    }
}

extension Publishers.Map {
    /// Fuses a second `map` into this one, as Combine does: the result is one `Map` whose
    /// transformation applies both closures, so a chain of maps costs one stage.
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Upstream, T> {
        let first = self.transform
        return Publishers.Map(upstream: upstream) { transform(first($0)) }
    }
}
