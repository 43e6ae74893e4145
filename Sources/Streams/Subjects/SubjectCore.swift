/// The broadcasting machinery shared by ``PassthroughSubject`` and ``CurrentValueSubject``
/// (and, through them, `multicast`, `share` and `@Published`).
///
/// One lock guards the subscriber list, every conduit's demand and the current value.
/// It is held only to snapshot that state: values and completions are delivered after
/// unlocking, so a subscriber may send into the subject again from inside `receive`.
/// With one subscriber and unlimited demand a send costs one lock round trip, one
/// retain/release and one indirect call into the (fully specialised) subscriber chain.
@usableFromInline
final class SubjectCore<Output, Failure: Error>: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    /// Set once; later sends are ignored and new subscribers get it at once.
    @usableFromInline @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?
    @usableFromInline @exclusivity(unchecked) var conduits = ConduitList<Output, Failure>.none
    /// The delivery closure of the only subscriber, when there is exactly one and its
    /// demand is unlimited: the hot path of `send`, which then needs no bookkeeping.
    /// Kept in step by ``refreshFastPathLocked()`` whenever subscribers or demand change.
    @usableFromInline @exclusivity(unchecked) var fastPath: ((Output) -> Subscribers.Demand)?
    /// The value a `CurrentValueSubject` replays on first demand; `nil` for passthrough.
    @usableFromInline @exclusivity(unchecked) var current: Output?
    /// Subscriptions handed over by `send(subscription:)`, cancelled when the subject goes.
    @usableFromInline @exclusivity(unchecked) var upstreams: [any Subscription] = []

    @inlinable
    init(current: Output?) {
        self.current = current
    }

    deinit {
        for upstream in upstreams {
            upstream.cancel()
        }
    }

    /// Attaches `subscriber`, or completes it at once if the subject already completed.
    @inlinable
    func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        if let completion {
            lock.unlock()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let conduit = SubjectConduit<Output, Failure>(
            owner: self,
            receiveValue: { subscriber.receive($0) },
            receiveCompletion: { subscriber.receive(completion: $0) },
            owesCurrentValue: current != nil)
        conduits.append(conduit)
        refreshFastPathLocked()
        lock.unlock()
        subscriber.receive(subscription: conduit)
    }

    /// Broadcasts `value` to every subscriber with outstanding demand.
    @inlinable
    func send(_ value: Output) {
        lock.lock()
        if completion != nil {
            lock.unlock()
            return
        }
        if current != nil {
            current = value
        }
        if let receive = fastPath {
            lock.unlock()
            _ = receive(value)
            return
        }
        switch conduits {
        case .none:
            lock.unlock()
        case .one(let conduit):
            let deliver = conduit.claimDeliveryLocked()
            lock.unlock()
            if let deliver {
                conduit.deliver(value, with: deliver, wasUnlimited: false)
            }
        case .many(let snapshot):
            lock.unlock()
            for conduit in snapshot {
                lock.lock()
                let wasUnlimited = conduit.demand.isUnlimited
                let deliver = conduit.claimDeliveryLocked()
                lock.unlock()
                if let deliver {
                    conduit.deliver(value, with: deliver, wasUnlimited: wasUnlimited)
                }
            }
        }
    }

    /// Completes every subscriber once; later calls do nothing.
    @inlinable
    func send(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        if self.completion != nil {
            lock.unlock()
            return
        }
        self.completion = completion
        let finishing = conduits
        conduits = .none
        let droppedFastPath = fastPath
        fastPath = nil
        let released = upstreams
        upstreams = []
        var receivers: [(Subscribers.Completion<Failure>) -> Void] = []
        finishing.forEach { conduit in
            if let receiver = conduit.terminateLocked() {
                receivers.append(receiver)
            }
        }
        lock.unlock()
        withExtendedLifetime((finishing, droppedFastPath)) {}
        for receiver in receivers {
            receiver(completion)
        }
        withExtendedLifetime(released) {}
    }

    /// Keeps an upstream feed's subscription and asks it for everything.
    @inlinable
    func send(subscription: any Subscription) {
        lock.lock()
        if completion != nil {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstreams.append(subscription)
        lock.unlock()
        subscription.request(.unlimited)
    }

    /// Removes a cancelled conduit. Called with the lock held.
    @inlinable
    func removeLocked(_ conduit: SubjectConduit<Output, Failure>) {
        conduits.remove(conduit)
        refreshFastPathLocked()
    }

    /// Re-derives ``fastPath`` from the subscribers. Called with the lock held.
    @inlinable
    func refreshFastPathLocked() {
        if case .one(let only) = conduits, only.demand.isUnlimited {
            fastPath = only.receiveValue
        } else {
            fastPath = nil
        }
    }
}

/// The subscribers of a subject, without allocating an array for the common single one.
@usableFromInline
enum ConduitList<Output, Failure: Error> {
    case none
    case one(SubjectConduit<Output, Failure>)
    case many(ContiguousArray<SubjectConduit<Output, Failure>>)

    @inlinable
    mutating func append(_ conduit: SubjectConduit<Output, Failure>) {
        switch self {
        case .none: self = .one(conduit)
        case .one(let first): self = .many([first, conduit])
        case .many(var all):
            self = .none
            all.append(conduit)
            self = .many(all)
        }
    }

    @inlinable
    mutating func remove(_ conduit: SubjectConduit<Output, Failure>) {
        switch self {
        case .none: break
        case .one(let only):
            if only === conduit { self = .none }
        case .many(var all):
            self = .none
            if let index = all.firstIndex(where: { $0 === conduit }) {
                all.remove(at: index)
            }
            self = all.count == 1 ? .one(all[0]) : .many(all)
        }
    }

    @inlinable
    func forEach(_ body: (SubjectConduit<Output, Failure>) -> Void) {
        switch self {
        case .none: break
        case .one(let only): body(only)
        case .many(let all): all.forEach(body)
        }
    }
}
