extension Publisher {
    /// Pairs this publisher's values with another's, oldest with oldest: the n-th tuple holds the n-th
    /// value of each. Finishes when either upstream has finished and no more pairs can be formed;
    /// fails as soon as either fails. The subscriber's demand is passed on to both upstreams.
    public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P>
    where P.Failure == Failure {
        Publishers.Zip(self, other)
    }

    /// Zips this publisher with two others; see `zip(_:)`.
    public func zip<P: Publisher, Q: Publisher>(_ p: P, _ q: Q) -> Publishers.Zip3<Self, P, Q>
    where P.Failure == Failure, Q.Failure == Failure {
        Publishers.Zip3(self, p, q)
    }

    /// Zips this publisher with three others; see `zip(_:)`.
    public func zip<P: Publisher, Q: Publisher, R: Publisher>(_ p: P, _ q: Q, _ r: R) -> Publishers.Zip4<Self, P, Q, R>
    where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.Zip4(self, p, q, r)
    }
}

extension Publishers {
    /// A publisher of tuples pairing the n-th values of two upstreams. Created by `zip(_:)`.
    public struct Zip<A: Publisher, B: Publisher>: Publisher where B.Failure == A.Failure {
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
            CombiningSubscription.combine(a, b, strategy: .zip, into: subscriber)
        }
    }
}

extension Publishers {
    /// A publisher of tuples of the n-th values of three upstreams. Created by `zip(_:_:)`.
    public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
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
            CombiningSubscription.combine(a, b, c, strategy: .zip, into: subscriber)
        }
    }
}

extension Publishers {
    /// A publisher of tuples of the n-th values of four upstreams. Created by `zip(_:_:_:)`.
    public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
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
            CombiningSubscription.combine(a, b, c, d, strategy: .zip, into: subscriber)
        }
    }
}

extension Publisher {
    /// `zip` followed by `map`: publishes `transform` applied to each combination
    /// instead of the tuple.
    public func zip<P: Publisher, T>(
        _ other: P,
        _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.Zip<Self, P>, T>
    where P.Failure == Failure {
        Publishers.Map(upstream: Publishers.Zip(self, other), transform: transform)
    }

    /// `zip` followed by `map`: publishes `transform` applied to each combination
    /// instead of the tuple.
    public func zip<P: Publisher, Q: Publisher, T>(
        _ p: P, _ q: Q,
        _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.Zip3<Self, P, Q>, T>
    where P.Failure == Failure, Q.Failure == Failure {
        Publishers.Map(upstream: Publishers.Zip3(self, p, q), transform: transform)
    }

    /// `zip` followed by `map`: publishes `transform` applied to each combination
    /// instead of the tuple.
    public func zip<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ p: P, _ q: Q, _ r: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.Zip4<Self, P, Q, R>, T>
    where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.Map(upstream: Publishers.Zip4(self, p, q, r), transform: transform)
    }
}

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {
    /// Whether both zip equal upstream publishers, position by position.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b
    }
}

extension Publishers.Zip3: Equatable where A: Equatable, B: Equatable, C: Equatable {
    /// Whether both zip equal upstream publishers, position by position.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
    }
}

extension Publishers.Zip4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
    /// Whether both zip equal upstream publishers, position by position.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
    }
}
