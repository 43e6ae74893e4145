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

/// What `multicast` subscribes to its subject for each subscriber: values and the
/// completion pass straight through; the subject's subscription reaches the subscriber
/// wrapped in a ``MulticastSubscription``, which calls itself `"Multicast"` as Combine's
/// does.
@usableFromInline
struct MulticastSubscriber<Downstream: Subscriber>: ForwardingSubscriber {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream

    @inlinable
    init(downstream: Downstream) {
        self.downstream = downstream
    }

    @inlinable
    func receive(subscription: any Subscription) {
        downstream.receive(subscription: MulticastSubscription(subject: subscription))
    }

    @inlinable @inline(__always)
    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }
}

/// The subscription a `multicast` subscriber gets: the subject's, under Combine's name.
@usableFromInline
final class MulticastSubscription: Subscription, CombineReflectable, @unchecked Sendable {
    @usableFromInline let subject: any Subscription

    @inlinable
    init(subject: any Subscription) {
        self.subject = subject
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        subject.request(demand)
    }

    @inlinable
    func cancel() {
        subject.cancel()
    }

    @usableFromInline var description: String { "Multicast" }

    /// No children, as in Combine.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}
