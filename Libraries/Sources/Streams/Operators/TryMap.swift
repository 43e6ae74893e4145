extension Publishers {
    /// A publisher that transforms every value with a throwing closure; a thrown error
    /// fails the stream and cancels the upstream.
    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        /// Any error: the upstream's or one thrown by ``transform``.
        public typealias Failure = any Error

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// The transformation applied to each value.
        public let transform: (Upstream.Output) throws -> Output

        /// Makes the publisher; usually written `upstream.tryMap(transform)`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` behind the transformation.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = transform
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Void>(
                    name: .tryMap, downstream: subscriber, state: (),
                    step: { _, value in
                        do { return .emit(try transform(value)) } catch { return .fail(error) }
                    },
                    finishing: { _, completion in .forwardingAsError(completion) }))
        }
    }
}

extension Publisher {
    /// Transforms every value with a closure that may throw; a thrown error becomes the
    /// stream's failure.
    ///
    /// ```swift
    /// let numbers = ["1", "2", "x"].publisher.tryMap { text -> Int in
    ///     guard let number = Int(text) else { throw ParseError.notANumber(text) }
    ///     return number
    /// }   // 1, 2, then failure(notANumber("x"))
    /// ```
    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }
}

extension Publishers.Map {
    /// Fuses a `tryMap` into this `map`, as Combine does: the result is one `TryMap` that
    /// applies this map's transformation, then `transform`.
    ///
    /// ```swift
    /// let parsed = ["1", "x"].publisher.map { $0.uppercased() }.tryMap { text -> Int in
    ///     guard let number = Int(text) else { throw ParseError.notANumber(text) }
    ///     return number
    /// }   // Publishers.TryMap<Publishers.Sequence<[String], Never>, Int>
    /// ```
    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { try transform(first($0)) }
    }
}

extension Publishers.TryMap {
    /// Fuses a `map` into this `tryMap`, as Combine does: the result is one `TryMap`
    /// whose transformation applies both closures.
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { transform(try first($0)) }
    }

    /// Fuses a second `tryMap` into this one, as Combine does: an error thrown by either
    /// closure fails the stream.
    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { try transform(try first($0)) }
    }
}
