extension Publishers {
    /// A connectable publisher that shares one subscription to its upstream among all its
    /// subscribers, through a subject, once ``connect()`` is called.
    public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher,
        @unchecked Sendable
    where SubjectType.Output == Upstream.Output, SubjectType.Failure == Upstream.Failure {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The shared publisher.
        public let upstream: Upstream
        /// Makes the subject, once, when first needed.
        public let createSubject: () -> SubjectType

        @usableFromInline let lock = Lock()
        @usableFromInline @exclusivity(unchecked) var subject: SubjectType?

        /// Makes the publisher; usually written `upstream.multicast(_:)`.
        @inlinable
        public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        /// The subject, created on first use (outside the lock: `createSubject` is user code).
        @inlinable
        var sharedSubject: SubjectType {
            lock.lock()
            if let subject {
                lock.unlock()
                return subject
            }
            lock.unlock()
            let made = createSubject()
            lock.lock()
            defer { lock.unlock() }
            if let subject { return subject }
            subject = made
            return made
        }

        /// Attaches `subscriber` to the subject: it sees what the upstream sends after
        /// ``connect()``.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            sharedSubject.subscribe(MulticastSubscriber(downstream: subscriber))
        }

        /// Subscribes the subject to the upstream. Cancel the result to disconnect.
        @inlinable
        public func connect() -> any Cancellable {
            upstream.subscribe(sharedSubject)
        }
    }
}

extension Publisher {
    /// Shares one upstream subscription among many subscribers through a subject made by
    /// `createSubject`, starting when you call `connect()`.
    ///
    /// ```swift
    /// let shared = expensiveQuery().multicast { PassthroughSubject<Row, DBError>() }
    /// let a = shared.sink(receiveCompletion: { _ in }, receiveValue: { show($0) })
    /// let b = shared.sink(receiveCompletion: { _ in }, receiveValue: { cache($0) })
    /// let connection = shared.connect()
    /// ```
    @inlinable
    public func multicast<S: Subject>(
        _ createSubject: @escaping () -> S
    ) -> Publishers.Multicast<Self, S> where S.Output == Output, S.Failure == Failure {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    /// Shares one upstream subscription among many subscribers through `subject`.
    @inlinable
    public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
    where S.Output == Output, S.Failure == Failure {
        Publishers.Multicast(upstream: self, createSubject: { subject })
    }
}

/// What `multicast` subscribes to its subject for each subscriber, and the subscription
/// that subscriber gets (called `"Multicast"`, as Combine's), with Combine's rules
/// (OpenCombine's tests record them): the subject's first subscription is passed on as
/// this object, a second one is cancelled; the demand the subscriber returns for a value
/// is requested from the subject's subscription, not returned to the subject; after the
/// completion or a cancel, values, completions, requests and cancels are ignored.
///
/// The downstream is a `let`, kept as long as this stage, as Combine keeps it; the lock
/// guards only `state` and is never held while calling out.
@usableFromInline
final class MulticastSubscriber<Downstream: Subscriber>: Subscriber, Subscription, CombineReflectable,
    @unchecked Sendable
{
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var state = SubscriptionState.awaiting
    @usableFromInline let downstream: Downstream

    @inlinable
    init(downstream: Downstream) {
        self.downstream = downstream
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
        lock.lock()
        guard state.isSubscribed else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        let more = downstream.receive(input)
        if more > 0 {
            request(more)
        }
        return .none
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
        downstream.receive(completion: completion)
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
        let upstream = state.terminate()
        lock.unlock()
        upstream?.cancel()
    }

    @usableFromInline var description: String { "Multicast" }

    /// No children, as in Combine.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}
