extension Publishers {
    /// A publisher that transforms every value with a throwing closure; a thrown error
    /// fails the stream and cancels the upstream. As Combine's, it leaves it to the
    /// upstream to stop sending: a value that still arrives after a thrown error or a
    /// cancel is transformed and passed on.
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
            upstream.receive(subscriber: TryMapSubscriber(downstream: subscriber, transform: transform))
        }
    }
}

/// `tryMap`'s stage, with Combine's rules (OpenCombine's tests record them): every value
/// is transformed and passed on, even after a thrown error or a cancel (which Combine
/// leaves to the upstream to stop); a thrown error cancels the upstream and fails the
/// downstream, each time one is thrown; the upstream's completion, a request and a cancel
/// count only while subscribed; a cancel before the subscription does nothing, so a
/// subscription arriving later is passed on; the downstream is kept as long as this
/// stage.
///
/// The value path takes no lock: the downstream is a `let`, and the upstream's calls are
/// serial by the subscriber contract. The lock guards only `state`, never held while
/// calling out.
@usableFromInline
final class TryMapSubscriber<Input, Failure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Failure == any Error {
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var state = SubscriptionState.awaiting
    @usableFromInline let downstream: Downstream
    @usableFromInline let transform: (Input) throws -> Downstream.Input

    @inlinable
    init(downstream: Downstream, transform: @escaping (Input) throws -> Downstream.Input) {
        self.downstream = downstream
        self.transform = transform
    }

    @inlinable
    func receive(subscription: any Subscription) {
        lock.lock()
        guard state.attachOrCancel(subscription, unlocking: lock) else { return }
        lock.unlock()
        downstream.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        let output: Downstream.Input
        do {
            output = try transform(input)
        } catch {
            fail(error)
            return .none
        }
        return downstream.receive(output)
    }

    /// Out of line: the value path stays small.
    @usableFromInline @inline(never)
    func fail(_ error: any Error) {
        lock.lock()
        let upstream = state.terminate()
        lock.unlock()
        upstream?.cancel()
        downstream.receive(completion: .failure(error))
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard state.isSubscribed else {
            lock.unlock()
            return
        }
        // Let go of after the downstream's call: this may be the last reference to the
        // subscription, whose deinit is user code that may call back in.
        let upstream = state.terminate()
        lock.unlock()
        switch completion {
        case .finished: downstream.receive(completion: .finished)
        case .failure(let error): downstream.receive(completion: .failure(error))
        }
        _fixLifetime(upstream)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let upstream = state.subscription
        lock.unlock()
        upstream?.request(demand)
    }

    @inlinable
    func cancel() {
        lock.lock()
        guard state.isSubscribed else {
            lock.unlock()
            return
        }
        let upstream = state.terminate()
        lock.unlock()
        upstream?.cancel()
    }

    @usableFromInline var description: String { "TryMap" }

    /// No children, as Combine's mirror shows.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
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
