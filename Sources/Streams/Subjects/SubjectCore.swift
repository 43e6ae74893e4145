/// The broadcasting machinery shared by ``PassthroughSubject`` and ``CurrentValueSubject``
/// (and, through them, `multicast`, `share`, `@Published` and `objectWillChange`).
///
/// One lock guards the subscriber list, every conduit's demand and the current value.
/// It is held only to snapshot that state: values and completions are delivered after
/// unlocking, so a subscriber may send into the subject again from inside `receive`.
/// With one subscriber and unlimited demand a send costs two lock round trips (one to
/// read the state, one to close the delivery), one retain/release and one indirect call
/// into the (fully specialised) subscriber chain.
///
/// Every stored property has a layout that does not depend on `Output` or `Failure`
/// (class references, closures, arrays of objects). That matters for speed: the
/// deinitialiser, and the conduit methods reached through `any Subscription`, run as
/// unspecialised generic code, which would otherwise look up type metadata at run time
/// on every subscription.
@usableFromInline
final class SubjectCore<Output, Failure: Error>: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    /// Deliveries under way (values handed to a subscriber after unlocking). A completion
    /// that arrives meanwhile waits for them, so that no subscriber ever receives a value
    /// after its completion, even when a value and the completion are sent concurrently.
    /// (32 bits, declared next to the lock, so that it fits in the lock's padding.)
    @usableFromInline @exclusivity(unchecked) var inFlight: UInt32 = 0
    /// Set once; later sends are ignored and new subscribers get it at once.
    @usableFromInline @exclusivity(unchecked) var completion: CompletionBox<Failure>?
    /// The first subscriber's conduit (a `SubjectConduit<Output, Failure>`), in
    /// subscription order with ``others``; kept apart so one subscriber needs no array.
    @usableFromInline @exclusivity(unchecked) var first: AnyObject?
    /// The conduits of the second and later subscribers.
    @usableFromInline @exclusivity(unchecked) var others: [AnyObject] = []
    /// The delivery closure of the only subscriber, when there is exactly one and its
    /// demand is unlimited: the hot path of `send`, which then needs no bookkeeping.
    /// Kept in step by ``refreshFastPathLocked()`` whenever subscribers or demand change.
    @usableFromInline @exclusivity(unchecked) var fastPath: ((Output) -> Subscribers.Demand)?
    /// The value a `CurrentValueSubject` replays on first demand; `nil` for passthrough.
    @usableFromInline let current: CurrentValueBox<Output>?
    /// Subscriptions handed over by `send(subscription:)`, cancelled when the subject goes.
    @usableFromInline @exclusivity(unchecked) var upstreams: [any Subscription] = []

    @inlinable
    init(current: Output?) {
        self.current = current.map(CurrentValueBox.init)
    }

    deinit {
        for upstream in upstreams {
            upstream.cancel()
        }
    }

    @inlinable @inline(__always)
    static func conduit(_ object: AnyObject) -> SubjectConduit<Output, Failure> {
        unsafeDowncast(object, to: SubjectConduit<Output, Failure>.self)
    }

    /// Attaches `subscriber`, or completes it at once if the subject already completed.
    @inlinable
    func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        if let completion {
            lock.unlock()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion.completion)
            return
        }
        let conduit = SubjectConduit<Output, Failure>(
            owner: self,
            receiveValue: { subscriber.receive($0) },
            receiveCompletion: { subscriber.receive(completion: $0) },
            owesCurrentValue: current != nil)
        if first == nil {
            first = conduit
        } else {
            others.append(conduit)
        }
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
        current?.value = value
        if let receive = fastPath {
            inFlight += 1
            lock.unlock()
            _ = receive(value)
            finishDelivery(to: nil, returned: .none)
            return
        }
        sendToEach(value)
    }

    /// The general case of `send`: several subscribers, or limited demand. Lock held on
    /// entry; kept out of line so that the one-subscriber path stays small.
    @inlinable @inline(never)
    func sendToEach(_ value: Output) {
        guard let head = first else {
            lock.unlock()
            return
        }
        if others.isEmpty {
            lock.unlock()
            offer(value, to: Self.conduit(head))
            return
        }
        let snapshot = others
        lock.unlock()
        offer(value, to: Self.conduit(head))
        for object in snapshot {
            offer(value, to: Self.conduit(object))
        }
    }

    /// Delivers `value` to one subscriber, if it has demand.
    @inlinable
    func offer(_ value: Output, to conduit: SubjectConduit<Output, Failure>) {
        lock.lock()
        guard completion == nil, let receive = conduit.claimDeliveryLocked() else {
            lock.unlock()
            return
        }
        let wasUnlimited = conduit.demand.isUnlimited
        inFlight += 1
        lock.unlock()
        let more = receive(value)
        finishDelivery(to: wasUnlimited ? nil : conduit, returned: more)
    }

    /// Ends one delivery: adds the demand the subscriber returned (when it matters) and,
    /// if a completion was waiting for the last delivery, sends it.
    @inlinable @inline(__always)
    func finishDelivery(to conduit: SubjectConduit<Output, Failure>?, returned more: Subscribers.Demand) {
        lock.lock()
        inFlight -= 1
        if let conduit, more.rawValue != 0, case .some = conduit.receiveValue {
            conduit.demand += more
            if conduit.demand.isUnlimited {
                refreshFastPathLocked()
            }
        }
        if inFlight == 0, let finished = completion, !finished.awaitingIdle.isEmpty {
            completeAwaitingLocked()
        } else {
            lock.unlock()
        }
    }

    /// Sends a completion that waited for in-flight deliveries. Lock held; unlocks.
    @usableFromInline @inline(never)
    func completeAwaitingLocked() {
        let finished = self.completion!
        let receivers = finished.awaitingIdle
        finished.awaitingIdle = []
        let completion = finished.completion
        lock.unlock()
        for receiver in receivers {
            receiver(completion)
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
        let finished = CompletionBox(completion)
        self.completion = finished
        var finishing = others
        if let head = first {
            finishing.insert(head, at: 0)
        }
        first = nil
        others = []
        let droppedFastPath = fastPath
        fastPath = nil
        let released = upstreams
        upstreams = []
        var receivers: [(Subscribers.Completion<Failure>) -> Void] = []
        for object in finishing {
            if let receiver = Self.conduit(object).terminateLocked() {
                receivers.append(receiver)
            }
        }
        if inFlight > 0 {
            // A value is being delivered on another thread (or further up this one's
            // stack): the last delivery to finish sends the completion after it.
            finished.awaitingIdle = receivers
            receivers = []
        }
        lock.unlock()
        _fixLifetime(finishing)
        _fixLifetime(droppedFastPath)
        for receiver in receivers {
            receiver(completion)
        }
        _fixLifetime(released)
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

    /// Removes a cancelled conduit, keeping the others in order. Lock held.
    @inlinable
    func removeLocked(_ conduit: AnyObject) {
        if first === conduit {
            first = others.isEmpty ? nil : others.removeFirst()
        } else if let index = others.firstIndex(where: { $0 === conduit }) {
            others.remove(at: index)
        }
        refreshFastPathLocked()
    }

    /// Re-derives ``fastPath`` from the subscribers. Lock held.
    @inlinable
    func refreshFastPathLocked() {
        if let head = first, others.isEmpty, Self.conduit(head).demand.isUnlimited {
            fastPath = Self.conduit(head).receiveValue
        } else {
            fastPath = nil
        }
    }
}

/// A subject's completion, boxed so the subject's layout does not depend on `Failure`,
/// with the subscribers whose completion waits for deliveries still in flight.
@usableFromInline
final class CompletionBox<Failure: Error>: @unchecked Sendable {
    @usableFromInline let completion: Subscribers.Completion<Failure>
    /// Guarded by the subject's lock.
    @usableFromInline @exclusivity(unchecked) var awaitingIdle: [(Subscribers.Completion<Failure>) -> Void] = []

    @inlinable
    init(_ completion: Subscribers.Completion<Failure>) {
        self.completion = completion
    }
}

/// A current-value subject's value, boxed so the subject's layout does not depend on
/// `Output`. Guarded by the subject's lock.
@usableFromInline
final class CurrentValueBox<Value>: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}
