extension Publisher {
    /// Combines this publisher with another: once each has published a value, every new value from either
    /// publishes a tuple of both latest values. Finishes when both have finished; fails as soon as
    /// either fails. The subscriber's demand is passed on to both upstreams.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Combines this publisher with two others; see `combineLatest(_:)`.
    public func combineLatest<P: Publisher, Q: Publisher>(_ p: P, _ q: Q) -> Publishers.CombineLatest3<Self, P, Q>
    where P.Failure == Failure, Q.Failure == Failure {
        Publishers.CombineLatest3(self, p, q)
    }

    /// Combines this publisher with three others; see `combineLatest(_:)`.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(_ p: P, _ q: Q, _ r: R)
        -> Publishers.CombineLatest4<Self, P, Q, R>
    where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.CombineLatest4(self, p, q, r)
    }
}

extension Publishers {
    /// A publisher of tuples of the latest values of two upstreams. Created by `combineLatest(_:)`.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where B.Failure == A.Failure {
        /// A tuple of one value from each upstream.
        public typealias Output = (A.Output, B.Output)
        /// The upstreams' common failure.
        public typealias Failure = A.Failure

        /// Upstream publisher number 1.
        public let a: A
        /// Upstream publisher number 2.
        public let b: B

        /// Creates a publisher combining the given upstreams.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Subscribes `subscriber` to all upstreams at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            CombiningSubscription.combine(a, b, strategy: .latest, into: subscriber)
        }
    }
}

extension Publishers {
    /// A publisher of tuples of the latest values of three upstreams. Created by `combineLatest(_:_:)`.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where B.Failure == A.Failure, C.Failure == A.Failure {
        /// A tuple of one value from each upstream.
        public typealias Output = (A.Output, B.Output, C.Output)
        /// The upstreams' common failure.
        public typealias Failure = A.Failure

        /// Upstream publisher number 1.
        public let a: A
        /// Upstream publisher number 2.
        public let b: B
        /// Upstream publisher number 3.
        public let c: C

        /// Creates a publisher combining the given upstreams.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Subscribes `subscriber` to all upstreams at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            CombiningSubscription.combine(a, b, c, strategy: .latest, into: subscriber)
        }
    }
}

extension Publishers {
    /// A publisher of tuples of the latest values of four upstreams. Created by `combineLatest(_:_:_:)`.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where B.Failure == A.Failure, C.Failure == A.Failure, D.Failure == A.Failure {
        /// A tuple of one value from each upstream.
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        /// The upstreams' common failure.
        public typealias Failure = A.Failure

        /// Upstream publisher number 1.
        public let a: A
        /// Upstream publisher number 2.
        public let b: B
        /// Upstream publisher number 3.
        public let c: C
        /// Upstream publisher number 4.
        public let d: D

        /// Creates a publisher combining the given upstreams.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// Subscribes `subscriber` to all upstreams at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            CombiningSubscription.combine(a, b, c, d, strategy: .latest, into: subscriber)
        }
    }
}

extension Publisher {
    /// `combineLatest` followed by `map`: publishes `transform` applied to each combination
    /// instead of the tuple.
    public func combineLatest<P: Publisher, T>(
        _ other: P,
        _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T>
    where P.Failure == Failure {
        Publishers.Map(upstream: Publishers.CombineLatest(self, other), transform: transform)
    }

    /// `combineLatest` followed by `map`: publishes `transform` applied to each combination
    /// instead of the tuple.
    public func combineLatest<P: Publisher, Q: Publisher, T>(
        _ p: P, _ q: Q,
        _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T>
    where P.Failure == Failure, Q.Failure == Failure {
        Publishers.Map(upstream: Publishers.CombineLatest3(self, p, q), transform: transform)
    }

    /// `combineLatest` followed by `map`: publishes `transform` applied to each combination
    /// instead of the tuple.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ p: P, _ q: Q, _ r: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
    where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.Map(upstream: Publishers.CombineLatest4(self, p, q, r), transform: transform)
    }
}

extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {
    /// Whether both combine equal upstream publishers, position by position.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b
    }
}

extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {
    /// Whether both combine equal upstream publishers, position by position.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
    }
}

extension Publishers.CombineLatest4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
    /// Whether both combine equal upstream publishers, position by position.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
    }
}
