extension Publishers {
    /// A publisher that transforms every value of its upstream with a closure.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        /// The upstream's failure, passed through unchanged.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream

        /// The first transformation; for fused maps of one type, ``tail`` follows it.
        @usableFromInline let head: (Upstream.Output) -> Output
        /// Transformations fused after ``head`` that keep the type (`map.map` where both
        /// produce `Output`), applied in order by one loop (see ``MapStage``).
        @usableFromInline let tail: MapStage<Output>?

        /// The transformation applied to each value: for maps fused by `map.map`, all of
        /// their closures in order. (Combine stores it; here it is computed from the
        /// stages, which reads the same.)
        @inlinable
        public var transform: (Upstream.Output) -> Output {
            let (first, rest) = (head, tail)
            guard let rest else { return first }
            // The closure's capture of `rest` keeps the stages alive while it runs.
            return { MapStage.run(first($0), from: Unmanaged.passUnretained(rest)) }
        }

        /// Makes the publisher; usually written `upstream.map(transform)`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.init(upstream: upstream, head: transform, tail: nil)
        }

        @inlinable
        init(upstream: Upstream, head: @escaping (Upstream.Output) -> Output, tail: MapStage<Output>?) {
            self.upstream = upstream
            self.head = head
            self.tail = tail
        }

        /// Attaches `subscriber` behind the transformation.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: MapSubscriber(downstream: subscriber, head: head, tail: tail))
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
    @usableFromInline let head: (Input) -> Downstream.Input
    /// Owns the fused stages after ``head``; ``stages`` is how values reach them.
    @usableFromInline let tail: MapStage<Downstream.Input>?
    /// ``tail`` unretained, for the per-value loop: a strong reference loaded from the
    /// subscriber would be retained and released around every value (two atomic
    /// read-modify-writes, a third of the cost of five fused maps), while ``tail``
    /// already keeps the stages alive for as long as this subscriber exists.
    @usableFromInline let stages: Unmanaged<MapStage<Downstream.Input>>?

    @inlinable
    init(downstream: Downstream, head: @escaping (Input) -> Downstream.Input, tail: MapStage<Downstream.Input>?) {
        self.downstream = downstream
        self.head = head
        self.tail = tail
        self.stages = tail.map { Unmanaged.passUnretained($0) }
    }

    @inlinable
    init(downstream: Downstream, transform: @escaping (Input) -> Downstream.Input) {
        self.init(downstream: downstream, head: transform, tail: nil)
    }

    @inlinable @inline(__always)
    func receive(_ input: Input) -> Subscribers.Demand {
        let output = head(input)
        guard let stages else { return downstream.receive(output) }
        return downstream.receive(MapStage.run(output, from: stages))
    }
}

extension Publishers.Map {
    /// Fuses a second `map` into this one, as Combine does: the result is one `Map` that
    /// applies both closures, so a chain of maps costs one stage.
    ///
    /// A closure that keeps the type joins the list of stages run by one loop (see
    /// `MapStage`); one that changes it is composed with the stages so far.
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Upstream, T> {
        if T.self == Output.self {
            // `T` is `Output`: the casts only restate that (folded away once
            // specialised).
            let next = transform as! (Output) -> Output
            let stages = tail?.appending(next) ?? MapStage(apply: next, next: nil)
            return Publishers.Map<Upstream, T>(
                upstream: upstream,
                head: head as! (Upstream.Output) -> T,
                tail: (stages as! MapStage<T>))
        }
        let first = self.transform
        return Publishers.Map(upstream: upstream) { transform(first($0)) }
    }
}

extension Publishers.Map: CustomReflectable {
    /// Shows `upstream` and `transform`, the two properties Combine's `Map` has, rather
    /// than how fused stages are stored (what a REPL or `dump` prints).
    public var customMirror: Mirror {
        Mirror(self, children: ["upstream": upstream, "transform": transform], displayStyle: .struct)
    }
}

extension MapSubscriber: CombineReflectable {
    @usableFromInline var description: String { "Map" }
    /// No children, as in Combine (the closures say nothing useful).
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}
