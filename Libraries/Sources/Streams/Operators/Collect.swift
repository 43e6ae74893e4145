extension Publishers {
    /// A publisher that gathers every value into one array, sent when the upstream finishes.
    public struct Collect<Upstream: Publisher>: Publisher {
        /// All the upstream's values, in order.
        public typealias Output = [Upstream.Output]
        /// The upstream's failure; a failure discards the values gathered.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are gathered.
        public let upstream: Upstream

        /// Makes the publisher; usually written `upstream.collect()`.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`; it gets one array when the upstream finishes.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, [Upstream.Output]>(
                        name: .collect, downstream: subscriber, state: [],
                        step: { values, value in
                            values.append(value)
                            return .drop
                        },
                        finishing: { values, completion in .answering(values, after: completion) })))
        }
    }

    /// A publisher that gathers values into arrays of a fixed size (the last may be shorter).
    public struct CollectByCount<Upstream: Publisher>: Publisher {
        /// Up to ``count`` consecutive values.
        public typealias Output = [Upstream.Output]
        /// The upstream's failure; a failure discards a partial array.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are gathered.
        public let upstream: Upstream
        /// How many values go into each array.
        public let count: Int

        /// Makes the publisher; usually written `upstream.collect(count)`.
        @inlinable
        public init(upstream: Upstream, count: Int) {
            precondition(count > 0, "collect(_:) needs a positive count")
            self.upstream = upstream
            self.count = count
        }

        /// Attaches `subscriber` behind the batching.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, CollectByCountBatch<Upstream.Output>>(
                    name: .collectByCount, downstream: subscriber, state: CollectByCountBatch(count: count),
                    step: { batch, value in
                        batch.buffer.append(value)
                        guard batch.buffer.count == batch.count else { return .drop }
                        defer { batch.buffer = [] }
                        return .emit(batch.buffer)
                    },
                    finishing: { batch, completion in
                        if case .failure(let error) = completion { return .fail(error) }
                        return batch.buffer.isEmpty ? .finish : .emitAndFinish(batch.buffer)
                    }))
        }
    }
}

/// What `collect(_:)` gathers: the values of the group under way and the group's size,
/// kept together so the mirror can show both, as Combine's does.
@usableFromInline
struct CollectByCountBatch<Element> {
    @usableFromInline var buffer: [Element] = []
    @usableFromInline let count: Int

    @inlinable
    init(count: Int) {
        self.count = count
    }
}

extension Publisher {
    /// Gathers every value into one array, sent when the upstream finishes.
    ///
    /// ```swift
    /// let all = (1...3).publisher.collect()   // [1, 2, 3]
    /// ```
    @inlinable
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }

    /// Gathers values into arrays of `count`; the remainder is sent when the upstream
    /// finishes.
    ///
    /// ```swift
    /// let pairs = (1...5).publisher.collect(2)   // [1, 2], [3, 4], [5]
    /// ```
    @inlinable
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
    }
}

extension Publishers.Collect: Equatable where Upstream: Equatable {
    /// Whether both collect the values of equal upstreams.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream
    }
}

extension Publishers.CollectByCount: Equatable where Upstream: Equatable {
    /// Whether both collect equal upstreams' values in batches of the same size.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream && lhs.count == rhs.count
    }
}
