extension Publishers {
    /// A publisher that turns every upstream value into a publisher and merges the
    /// values of all of them.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
        /// The inner publishers' values.
        public typealias Output = NewPublisher.Output
        /// The shared failure type; any failure fails the whole stream.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// How many inner publishers may be subscribed at once.
        public let maxPublishers: Subscribers.Demand
        /// Makes the inner publisher for a value.
        public let transform: (Upstream.Output) -> NewPublisher

        /// Makes the publisher; usually written `upstream.flatMap(maxPublishers:_:)`.
        @inlinable
        public init(
            upstream: Upstream, maxPublishers: Subscribers.Demand,
            transform: @escaping (Upstream.Output) -> NewPublisher
        ) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        /// Attaches `subscriber` to the merged values.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == NewPublisher.Output, S.Failure == Upstream.Failure {
            upstream.receive(
                subscriber: FlatMapMerger<Upstream, NewPublisher, S>(
                    downstream: subscriber, maxPublishers: maxPublishers, transform: transform))
        }
    }
}

extension Publisher {
    /// Turns every value into a publisher and merges their values, with at most
    /// `maxPublishers` inner publishers subscribed at once. Finishes when the upstream
    /// and every inner publisher have finished; any failure fails it.
    ///
    /// ```swift
    /// let pages = pageNumbers.flatMap(maxPublishers: .max(2)) { number in fetchPage(number) }
    /// ```
    @inlinable
    public func flatMap<T, P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

/// One inner publisher's place in a ``FlatMapMerger``.
@usableFromInline
struct FlatMapChildSlot {
    @usableFromInline var subscription: (any Subscription)?
    /// Holds one unit of the downstream's demand (it was asked for exactly one value).
    @usableFromInline var isReserved = false
    /// Was asked for everything (the downstream's demand is unlimited).
    @usableFromInline var isUnlimited = false

    @inlinable
    init() {}
}

/// The heart of `flatMap`. Downstream demand is handed to inner publishers one unit at a
/// time (a *reservation*), so the downstream never gets more than it asked for, however
/// many inner publishers are live; with unlimited demand every inner publisher is simply
/// asked for everything.
///
/// Inner publishers may send from several threads at once, yet the downstream must be
/// called serially: whichever thread arrives first becomes the emitter and delivers, in
/// order, the values queued meanwhile by the others (and re-entrant ones), all without
/// holding the lock.
@usableFromInline
final class FlatMapMerger<Upstream: Publisher, Child: Publisher, Downstream: Subscriber>: Subscriber,
    Subscription, CustomStringConvertible, @unchecked Sendable
where Child.Output == Downstream.Input, Child.Failure == Upstream.Failure, Downstream.Failure == Upstream.Failure {
    @usableFromInline typealias Input = Upstream.Output
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline typealias Output = Downstream.Input

    @usableFromInline let lock = Lock()
    @usableFromInline let transform: (Upstream.Output) -> Child
    @usableFromInline let maxPublishers: Subscribers.Demand
    @usableFromInline @exclusivity(unchecked) var upstream = SubscriptionState.awaiting
    @usableFromInline @exclusivity(unchecked) var upstreamFinished = false
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) var isTerminal = false
    /// Downstream demand not yet reserved by an inner publisher.
    @usableFromInline @exclusivity(unchecked) var outstanding = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var children: [Int: FlatMapChildSlot] = [:]
    /// Inner publishers waiting for a reservation, oldest first.
    @usableFromInline @exclusivity(unchecked) var waiting: [Int] = []
    @usableFromInline @exclusivity(unchecked) var nextChildID = 0
    @usableFromInline @exclusivity(unchecked) var isEmitting = false
    @usableFromInline @exclusivity(unchecked) var queued: [(child: Int, value: Output)] = []
    @usableFromInline @exclusivity(unchecked) var pendingCompletion: Subscribers.Completion<Failure>?

    @inlinable
    init(downstream: Downstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> Child) {
        self.downstream = downstream
        self.maxPublishers = maxPublishers
        self.transform = transform
    }

    @usableFromInline var description: String { "FlatMap" }

    // MARK: Upstream

    @inlinable
    func receive(subscription: any Subscription) {
        lock.lock()
        guard upstream.attach(subscription), let receiver = downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lock.unlock()
        receiver.receive(subscription: self)
        if maxPublishers.rawValue != 0 {
            subscription.request(maxPublishers)
        }
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard !isTerminal else {
            lock.unlock()
            return .none
        }
        let id = nextChildID
        nextChildID += 1
        children[id] = FlatMapChildSlot()
        lock.unlock()
        transform(input).subscribe(FlatMapChild(owner: self, id: id))
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTerminal else {
            lock.unlock()
            return
        }
        _ = upstream.terminate()
        switch completion {
        case .finished:
            upstreamFinished = true
            if children.isEmpty {
                endLocked(.finished)
            } else {
                lock.unlock()
            }
        case .failure:
            endLocked(completion)
        }
    }

    // MARK: Inner publishers

    @inlinable
    func childAttach(_ id: Int, _ subscription: any Subscription) {
        lock.lock()
        guard !isTerminal, children[id]?.subscription == nil, children[id] != nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        children[id]!.subscription = subscription
        waiting.append(id)
        let requests = grantLocked()
        lock.unlock()
        perform(requests)
    }

    @inlinable
    func childValue(_ id: Int, _ value: Output) {
        lock.lock()
        guard !isTerminal, children[id] != nil else {
            lock.unlock()
            return
        }
        children[id]!.isReserved = false
        if isEmitting {
            queued.append((id, value))
            lock.unlock()
            return
        }
        isEmitting = true
        lock.unlock()
        emit(startingWith: (id, value))
    }

    @inlinable
    func childCompletion(_ id: Int, _ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTerminal, let slot = children.removeValue(forKey: id) else {
            lock.unlock()
            return
        }
        if case .failure = completion {
            endLocked(completion)
            return
        }
        if slot.isReserved {
            outstanding += 1
        }
        waiting.removeAll { $0 == id }
        var requests = grantLocked()
        if let live = upstream.subscription, !maxPublishers.isUnlimited {
            requests.append((live, .max(1)))
        }
        if upstreamFinished && children.isEmpty {
            endLocked(.finished)
        } else {
            lock.unlock()
        }
        perform(requests)
    }

    // MARK: Downstream

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        guard demand.rawValue != 0 else { return }
        lock.lock()
        outstanding += demand
        let requests = grantLocked()
        lock.unlock()
        perform(requests)
    }

    @inlinable
    func cancel() {
        lock.lock()
        isTerminal = true
        let subscriptions = liveSubscriptionsLocked()
        // The downstream and the values still queued are released after unlocking:
        // their deinits may send into this stream.
        let released = (downstream, queued)
        downstream = nil
        children = [:]
        waiting = []
        queued = []
        lock.unlock()
        for subscription in subscriptions { subscription.cancel() }
        withExtendedLifetime(released) {}
    }

    // MARK: Machinery

    /// Delivers `first`, then everything queued meanwhile, then a pending completion.
    @inlinable
    func emit(startingWith first: (child: Int, value: Output)) {
        var item = first
        while true {
            lock.lock()
            let receiver = downstream
            lock.unlock()
            guard let receiver else { return }
            let more = receiver.receive(item.value)
            lock.lock()
            outstanding += more
            if children[item.child] != nil, !children[item.child]!.isUnlimited {
                waiting.append(item.child)
            }
            let requests = isTerminal ? [] : grantLocked()
            if !queued.isEmpty {
                let next = queued.removeFirst()
                lock.unlock()
                // Replacing `item` releases the value just delivered: outside the lock,
                // as its deinit may send into this stream.
                item = next
                perform(requests)
                continue
            }
            isEmitting = false
            if let completion = pendingCompletion {
                pendingCompletion = nil
                let finalReceiver = downstream
                downstream = nil
                lock.unlock()
                finalReceiver?.receive(completion: completion)
                return
            }
            lock.unlock()
            perform(requests)
            return
        }
    }

    /// Hands out reservations to waiting inner publishers. Lock held; returns the requests
    /// to make after unlocking.
    @inlinable
    func grantLocked() -> [(any Subscription, Subscribers.Demand)] {
        var requests: [(any Subscription, Subscribers.Demand)] = []
        if outstanding.isUnlimited {
            for (id, slot) in children where !slot.isUnlimited {
                guard let subscription = slot.subscription else { continue }
                children[id]!.isUnlimited = true
                requests.append((subscription, .unlimited))
            }
            waiting = []
            return requests
        }
        while outstanding.rawValue != 0, !waiting.isEmpty {
            let id = waiting.removeFirst()
            guard let subscription = children[id]?.subscription, children[id]!.isReserved == false else { continue }
            children[id]!.isReserved = true
            outstanding -= 1
            requests.append((subscription, .max(1)))
        }
        return requests
    }

    @inlinable
    func perform(_ requests: [(any Subscription, Subscribers.Demand)]) {
        for (subscription, demand) in requests {
            subscription.request(demand)
        }
    }

    @inlinable
    func liveSubscriptionsLocked() -> [any Subscription] {
        var subscriptions = children.values.compactMap(\.subscription)
        if let live = upstream.terminate() {
            subscriptions.append(live)
        }
        return subscriptions
    }

    /// Ends the stream (lock held; unlocks). If another thread is emitting, it delivers the
    /// completion after its current value.
    @inlinable
    func endLocked(_ completion: Subscribers.Completion<Failure>) {
        isTerminal = true
        let subscriptions = liveSubscriptionsLocked()
        // Values still queued are released after unlocking: a deinit may send.
        let dropped = queued
        children = [:]
        waiting = []
        queued = []
        if isEmitting {
            pendingCompletion = completion
            lock.unlock()
            _fixLifetime(dropped)
            for subscription in subscriptions { subscription.cancel() }
            return
        }
        let receiver = downstream
        downstream = nil
        lock.unlock()
        _fixLifetime(dropped)
        for subscription in subscriptions { subscription.cancel() }
        receiver?.receive(completion: completion)
    }
}

/// The subscriber for one inner publisher of a ``FlatMapMerger``.
@usableFromInline
struct FlatMapChild<Upstream: Publisher, Child: Publisher, Downstream: Subscriber>: Subscriber
where Child.Output == Downstream.Input, Child.Failure == Upstream.Failure, Downstream.Failure == Upstream.Failure {
    @usableFromInline typealias Input = Child.Output
    @usableFromInline typealias Failure = Child.Failure

    @usableFromInline let owner: FlatMapMerger<Upstream, Child, Downstream>
    @usableFromInline let id: Int
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(owner: FlatMapMerger<Upstream, Child, Downstream>, id: Int) {
        self.owner = owner
        self.id = id
    }

    @inlinable
    func receive(subscription: any Subscription) {
        owner.childAttach(id, subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        owner.childValue(id, input)
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        owner.childCompletion(id, completion)
    }
}

extension Publisher where Failure == Never {
    /// `flatMap` from a publisher that cannot fail into publishers that can: the
    /// upstream takes on their failure type, as in Combine.
    ///
    /// ```swift
    /// let profiles = userIDs.flatMap { id in fetchProfile(id) }   // URLError-failing
    /// ```
    @inlinable
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
        Publishers.FlatMap(
            upstream: setFailureType(to: P.Failure.self), maxPublishers: maxPublishers, transform: transform)
    }

    /// `flatMap` where neither side can fail (chosen over the mixed overloads).
    @inlinable
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher {
    /// `flatMap` into publishers that cannot fail: they take on the upstream's failure
    /// type, as in Combine.
    @inlinable
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) {
            transform($0).setFailureType(to: Failure.self)
        }
    }
}

extension FlatMapMerger: CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// No children, as Combine's `flatMap` shows.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }

    /// `"FlatMap"`, what a playground shows.
    @usableFromInline var playgroundDescription: Any { description }
}
