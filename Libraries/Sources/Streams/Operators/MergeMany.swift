extension Publishers {
    /// A publisher that merges the values of any number of upstream publishers of the
    /// same type, in the order they arrive. It finishes when every upstream has finished
    /// (at once when there are none) and fails as soon as one fails.
    ///
    /// ```swift
    /// Publishers.MergeMany(feeds).sink { print($0) }
    /// ```
    public struct MergeMany<Upstream: Publisher>: Publisher {
        /// The upstreams' output.
        public typealias Output = Upstream.Output
        /// The upstreams' failure.
        public typealias Failure = Upstream.Failure

        /// The publishers being merged.
        public let publishers: [Upstream]

        /// Creates a publisher merging the given upstreams.
        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        /// Creates a publisher merging the upstreams of a sequence.
        public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
            publishers = Array(upstream)
        }

        /// Subscribes `subscriber` to all upstreams at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            MergeSubscription(downstream: subscriber, upstreamCount: publishers.count)
                .start(publishers.map { publisher in { publisher.subscribe($0) } })
        }

        /// A merge of these publishers and one more.
        public func merge(with other: Upstream) -> MergeMany<Upstream> {
            MergeMany(publishers + [other])
        }
    }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {
    /// Whether both merge equal publishers, in the same order.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.publishers == rhs.publishers
    }
}
