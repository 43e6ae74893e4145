extension Publisher {
    /// Merges this publisher with another of the same output and failure: values from
    /// both are published as they arrive; the result finishes when both have finished and
    /// fails as soon as either fails.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }

    /// Merges this publisher with 2 others of the same output and failure (see
    /// `merge(with:)`).
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
    where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure {
        Publishers.Merge3(self, b, c)
    }

    /// Merges this publisher with 3 others of the same output and failure (see
    /// `merge(with:)`).
    public func merge<B: Publisher, C: Publisher, D: Publisher>(with b: B, _ c: C, _ d: D)
        -> Publishers.Merge4<Self, B, C, D>
    where
        B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
        D.Failure == Failure
    {
        Publishers.Merge4(self, b, c, d)
    }

    /// Merges this publisher with 4 others of the same output and failure (see
    /// `merge(with:)`).
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(with b: B, _ c: C, _ d: D, _ e: E)
        -> Publishers.Merge5<Self, B, C, D, E>
    where
        B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
        D.Failure == Failure, E.Output == Output, E.Failure == Failure
    {
        Publishers.Merge5(self, b, c, d, e)
    }

    /// Merges this publisher with 5 others of the same output and failure (see
    /// `merge(with:)`).
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> Publishers.Merge6<Self, B, C, D, E, F>
    where
        B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
        D.Failure == Failure, E.Output == Output, E.Failure == Failure, F.Output == Output, F.Failure == Failure
    {
        Publishers.Merge6(self, b, c, d, e, f)
    }

    /// Merges this publisher with 6 others of the same output and failure (see
    /// `merge(with:)`).
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
    ) -> Publishers.Merge7<Self, B, C, D, E, F, G>
    where
        B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
        D.Failure == Failure, E.Output == Output, E.Failure == Failure, F.Output == Output, F.Failure == Failure,
        G.Output == Output, G.Failure == Failure
    {
        Publishers.Merge7(self, b, c, d, e, f, g)
    }

    /// Merges this publisher with 7 others of the same output and failure (see
    /// `merge(with:)`).
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
    ) -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
    where
        B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
        D.Failure == Failure, E.Output == Output, E.Failure == Failure, F.Output == Output, F.Failure == Failure,
        G.Output == Output, G.Failure == Failure, H.Output == Output, H.Failure == Failure
    {
        Publishers.Merge8(self, b, c, d, e, f, g, h)
    }
}

extension Publishers {
    /// A publisher that merges the values of 2 upstream publishers of the same output
    /// and failure, in the order they arrive. Created by `merge(with:)`.
    public struct Merge<A: Publisher, B: Publisher>: Publisher where B.Output == A.Output, B.Failure == A.Failure {
        /// The upstreams' output.
        public typealias Output = A.Output
        /// The upstreams' failure.
        public typealias Failure = A.Failure

        /// Upstream publisher number 1.
        public let a: A
        /// Upstream publisher number 2.
        public let b: B

        /// Creates a publisher merging the given upstreams.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Subscribes `subscriber` to all upstreams at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            MergeSubscription.merge([a.subscribe, b.subscribe], into: subscriber)
        }
    }
}

extension Publishers {
    /// A publisher that merges the values of 3 upstream publishers of the same output
    /// and failure, in the order they arrive. Created by `merge(with:)`.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where B.Output == A.Output, B.Failure == A.Failure, C.Output == A.Output, C.Failure == A.Failure {
        /// The upstreams' output.
        public typealias Output = A.Output
        /// The upstreams' failure.
        public typealias Failure = A.Failure

        /// Upstream publisher number 1.
        public let a: A
        /// Upstream publisher number 2.
        public let b: B
        /// Upstream publisher number 3.
        public let c: C

        /// Creates a publisher merging the given upstreams.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Subscribes `subscriber` to all upstreams at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            MergeSubscription.merge([a.subscribe, b.subscribe, c.subscribe], into: subscriber)
        }
    }
}

extension Publishers {
    /// A publisher that merges the values of 4 upstream publishers of the same output
    /// and failure, in the order they arrive. Created by `merge(with:)`.
    public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where
        B.Output == A.Output, B.Failure == A.Failure, C.Output == A.Output, C.Failure == A.Failure,
        D.Output == A.Output, D.Failure == A.Failure
    {
        /// The upstreams' output.
        public typealias Output = A.Output
        /// The upstreams' failure.
        public typealias Failure = A.Failure

        /// Upstream publisher number 1.
        public let a: A
        /// Upstream publisher number 2.
        public let b: B
        /// Upstream publisher number 3.
        public let c: C
        /// Upstream publisher number 4.
        public let d: D

        /// Creates a publisher merging the given upstreams.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// Subscribes `subscriber` to all upstreams at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            MergeSubscription.merge([a.subscribe, b.subscribe, c.subscribe, d.subscribe], into: subscriber)
        }
    }
}

extension Publishers {
    /// A publisher that merges the values of 5 upstream publishers of the same output
    /// and failure, in the order they arrive. Created by `merge(with:)`.
    public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>: Publisher
    where
        B.Output == A.Output, B.Failure == A.Failure, C.Output == A.Output, C.Failure == A.Failure,
        D.Output == A.Output, D.Failure == A.Failure, E.Output == A.Output, E.Failure == A.Failure
    {
        /// The upstreams' output.
        public typealias Output = A.Output
        /// The upstreams' failure.
        public typealias Failure = A.Failure

        /// Upstream publisher number 1.
        public let a: A
        /// Upstream publisher number 2.
        public let b: B
        /// Upstream publisher number 3.
        public let c: C
        /// Upstream publisher number 4.
        public let d: D
        /// Upstream publisher number 5.
        public let e: E

        /// Creates a publisher merging the given upstreams.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
        }

        /// Subscribes `subscriber` to all upstreams at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            MergeSubscription.merge(
                [a.subscribe, b.subscribe, c.subscribe, d.subscribe, e.subscribe], into: subscriber)
        }
    }
}

extension Publishers {
    /// A publisher that merges the values of 6 upstream publishers of the same output
    /// and failure, in the order they arrive. Created by `merge(with:)`.
    public struct Merge6<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>: Publisher
    where
        B.Output == A.Output, B.Failure == A.Failure, C.Output == A.Output, C.Failure == A.Failure,
        D.Output == A.Output, D.Failure == A.Failure, E.Output == A.Output, E.Failure == A.Failure,
        F.Output == A.Output, F.Failure == A.Failure
    {
        /// The upstreams' output.
        public typealias Output = A.Output
        /// The upstreams' failure.
        public typealias Failure = A.Failure

        /// Upstream publisher number 1.
        public let a: A
        /// Upstream publisher number 2.
        public let b: B
        /// Upstream publisher number 3.
        public let c: C
        /// Upstream publisher number 4.
        public let d: D
        /// Upstream publisher number 5.
        public let e: E
        /// Upstream publisher number 6.
        public let f: F

        /// Creates a publisher merging the given upstreams.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
        }

        /// Subscribes `subscriber` to all upstreams at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            MergeSubscription.merge(
                [a.subscribe, b.subscribe, c.subscribe, d.subscribe, e.subscribe, f.subscribe], into: subscriber)
        }
    }
}

extension Publishers {
    /// A publisher that merges the values of 7 upstream publishers of the same output
    /// and failure, in the order they arrive. Created by `merge(with:)`.
    public struct Merge7<
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher
    >: Publisher
    where
        B.Output == A.Output, B.Failure == A.Failure, C.Output == A.Output, C.Failure == A.Failure,
        D.Output == A.Output, D.Failure == A.Failure, E.Output == A.Output, E.Failure == A.Failure,
        F.Output == A.Output, F.Failure == A.Failure, G.Output == A.Output, G.Failure == A.Failure
    {
        /// The upstreams' output.
        public typealias Output = A.Output
        /// The upstreams' failure.
        public typealias Failure = A.Failure

        /// Upstream publisher number 1.
        public let a: A
        /// Upstream publisher number 2.
        public let b: B
        /// Upstream publisher number 3.
        public let c: C
        /// Upstream publisher number 4.
        public let d: D
        /// Upstream publisher number 5.
        public let e: E
        /// Upstream publisher number 6.
        public let f: F
        /// Upstream publisher number 7.
        public let g: G

        /// Creates a publisher merging the given upstreams.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
        }

        /// Subscribes `subscriber` to all upstreams at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            MergeSubscription.merge(
                [a.subscribe, b.subscribe, c.subscribe, d.subscribe, e.subscribe, f.subscribe, g.subscribe],
                into: subscriber)
        }
    }
}

extension Publishers {
    /// A publisher that merges the values of 8 upstream publishers of the same output
    /// and failure, in the order they arrive. Created by `merge(with:)`.
    public struct Merge8<
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher
    >: Publisher
    where
        B.Output == A.Output, B.Failure == A.Failure, C.Output == A.Output, C.Failure == A.Failure,
        D.Output == A.Output, D.Failure == A.Failure, E.Output == A.Output, E.Failure == A.Failure,
        F.Output == A.Output, F.Failure == A.Failure, G.Output == A.Output, G.Failure == A.Failure,
        H.Output == A.Output, H.Failure == A.Failure
    {
        /// The upstreams' output.
        public typealias Output = A.Output
        /// The upstreams' failure.
        public typealias Failure = A.Failure

        /// Upstream publisher number 1.
        public let a: A
        /// Upstream publisher number 2.
        public let b: B
        /// Upstream publisher number 3.
        public let c: C
        /// Upstream publisher number 4.
        public let d: D
        /// Upstream publisher number 5.
        public let e: E
        /// Upstream publisher number 6.
        public let f: F
        /// Upstream publisher number 7.
        public let g: G
        /// Upstream publisher number 8.
        public let h: H

        /// Creates a publisher merging the given upstreams.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
            self.h = h
        }

        /// Subscribes `subscriber` to all upstreams at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            MergeSubscription.merge(
                [
                    a.subscribe, b.subscribe, c.subscribe, d.subscribe, e.subscribe, f.subscribe, g.subscribe,
                    h.subscribe,
                ], into: subscriber)
        }
    }
}

extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {
    /// Whether both merge equal upstream publishers, position by position.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b
    }
}

extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {
    /// Whether both merge equal upstream publishers, position by position.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
    }
}

extension Publishers.Merge4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
    /// Whether both merge equal upstream publishers, position by position.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
    }
}

extension Publishers.Merge5: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable {
    /// Whether both merge equal upstream publishers, position by position.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e
    }
}

extension Publishers.Merge6: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable {
    /// Whether both merge equal upstream publishers, position by position.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e && lhs.f == rhs.f
    }
}

extension Publishers.Merge7: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable {
    /// Whether both merge equal upstream publishers, position by position.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e && lhs.f == rhs.f
            && lhs.g == rhs.g
    }
}

extension Publishers.Merge8: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable, H: Equatable {
    /// Whether both merge equal upstream publishers, position by position.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e && lhs.f == rhs.f
            && lhs.g == rhs.g && lhs.h == rhs.h
    }
}
