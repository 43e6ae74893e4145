extension Publishers {
    /// A publisher that passes on only the values a predicate accepts.
    public struct Filter<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are filtered.
        public let upstream: Upstream
        /// Returns `true` for the values to keep.
        public let isIncluded: (Upstream.Output) -> Bool

        /// Makes the publisher; usually written `upstream.filter(isIncluded)`.
        @inlinable
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Attaches `subscriber` behind the filter.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: FilterSubscriber(downstream: subscriber, isIncluded: isIncluded))
        }
    }
}

extension Publisher {
    /// Passes on only the values for which `isIncluded` returns `true`.
    ///
    /// ```swift
    /// let evens = (1...6).publisher.filter { $0.isMultiple(of: 2) }   // 2, 4, 6
    /// ```
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}

/// The subscriber `filter` puts upstream. It forwards the upstream subscription: a value
/// it drops hands its unit of demand back (`.max(1)`), so the downstream's demand is
/// honoured without any bookkeeping or lock.
@usableFromInline
struct FilterSubscriber<Downstream: Subscriber>: ForwardingSubscriber {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let isIncluded: (Input) -> Bool

    @inlinable
    init(downstream: Downstream, isIncluded: @escaping (Input) -> Bool) {
        self.downstream = downstream
        self.isIncluded = isIncluded
    }

    @inlinable @inline(__always)
    func receive(_ input: Input) -> Subscribers.Demand {
        isIncluded(input) ? downstream.receive(input) : .max(1)
    }
}

extension Publishers.Filter {
    /// Fuses a second `filter` into this one, as Combine does: a value passes when both
    /// predicates accept it, and the first is asked first.
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
        let first = self.isIncluded
        return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
    }
}

extension FilterSubscriber: CombineReflectable {
    @usableFromInline var description: String { "Filter" }
    /// No children, as in Combine.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}
