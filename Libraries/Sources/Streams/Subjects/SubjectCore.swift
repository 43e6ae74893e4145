#if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
import Synchronization
#endif

/// The broadcasting machinery shared by ``PassthroughSubject`` and ``CurrentValueSubject``
/// (and, through them, `multicast`, `share`, `@Published` and `objectWillChange`).
///
/// One lock guards the subscriber list, every conduit's demand, delivery state and queue,
/// and the current value. It is held only to snapshot and update that state: values and
/// completions are delivered after unlocking, so a subscriber may send into the subject
/// again from inside `receive`.
///
/// Deliveries to one subscriber never overlap, as Combine requires (the stateful
/// operators keep their state without a lock because of it). A conduit is "delivering"
/// while some thread is calling its subscriber; a value sent meanwhile, from another
/// thread or re-entrantly from inside `receive`, is claimed against demand and queued on
/// the conduit, and the delivering thread hands it over as soon as the call returns,
/// in the order the values were queued. A completion that arrives meanwhile is delivered
/// by the same thread after the queue, so nothing reaches a subscriber after its
/// completion. (See ``SubjectConduit``.) Senders never wait for a slow subscriber: the
/// queue has no bound, and the thread that is delivering keeps delivering for as long as
/// other threads keep queueing values for that subscriber. (Combine's subjects block the
/// other senders instead; both keep the contract.)
///
/// With one subscriber and unlimited demand a send costs two lock round trips (one to
/// claim the delivery, one to end it) and one indirect call into the (fully specialised)
/// subscriber chain: no reference counting, since the conduit (which holds the subscriber)
/// is kept alive by the subject or by itself for as long as a delivery runs.
/// On Linux, a subject whose sends come from one thread is biased to it
/// (``SubjectBias``): that thread's sends on this path take no lock and no atomic
/// read-modify-write, only plain stores and loads of the bias words, until another thread
/// touches the subject and revokes the bias for good. Every lock acquisition goes through
/// ``lockReconcilingBias()``, which turns a biased delivery under way into an ordinary one,
/// so every rule above holds for it too.
///
/// Every stored property has a layout that does not depend on `Output` or `Failure`
/// (class references, closures, arrays of objects). That matters for speed: the
/// deinitialiser, and the conduit methods reached through `any Subscription`, run as
/// unspecialised generic code, which would otherwise look up type metadata at run time
/// on every subscription.
@usableFromInline
final class SubjectCore<Output, Failure: Error>: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    /// Set once; later sends are ignored and new subscribers get it at once.
    @usableFromInline @exclusivity(unchecked) var completion: CompletionBox<Failure>?
    /// The first subscriber's conduit (a `SubjectConduit<Output, Failure>`), in
    /// subscription order with ``others``; kept apart so one subscriber needs no array.
    @usableFromInline @exclusivity(unchecked) var first: AnyObject?
    /// The conduits of the second and later subscribers.
    @usableFromInline @exclusivity(unchecked) var others: [AnyObject] = []
    /// The conduit of the only subscriber, when there is exactly one and its demand is
    /// unlimited: the hot path of `send`, which then needs no demand bookkeeping. Kept in
    /// step by ``refreshFastPathLocked()`` whenever subscribers or demand change.
    /// Unretained: ``first`` owns it (see ``SubscriberConduit``).
    @usableFromInline @exclusivity(unchecked) var fastPath: Unmanaged<SubjectConduit<Output, Failure>>?
    /// The value a `CurrentValueSubject` replays on first demand; `nil` for passthrough.
    @usableFromInline let current: CurrentValueBox<Output>?
    /// Subscriptions handed over by `send(subscription:)`, cancelled when the subject goes.
    @usableFromInline @exclusivity(unchecked) var upstreams: [any Subscription] = []
    /// Whether some subscriber has asked for values yet. As in Combine, a
    /// `PassthroughSubject` asks an upstream feed for `.unlimited` only from then on (at
    /// once if it arrives later), so its values, such as a current value it replays, wait
    /// for a subscriber that wants them; a `CurrentValueSubject` asks at once, since it
    /// keeps what arrives as its value (see ``send(subscription:)``).
    @usableFromInline @exclusivity(unchecked) var hasDemand = false
    /// The thread the subject is biased to, if any, and its phase (see ``SubjectBias``).
    @usableFromInline let bias = SubjectBias()

    @inlinable
    init(current: Output?) {
        self.current = current.map(CurrentValueBox.init)
        // A `CurrentValueSubject` asks its upstream feeds at once (see `send(subscription:)`)
        // and so never again when its first subscriber asks.
        hasDemand = current != nil
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

    /// Takes the lock, for any access to the subject's or its conduits' state: the only
    /// way in. While the subject is biased to a thread, it first reconciles the bias
    /// (``SubjectBias/reconcileLocked()``): from another thread it revokes it for good;
    /// and if the owner is inside a biased delivery (on another thread, or below us on
    /// this one), that delivery becomes an ordinary delivery under way, which the owner
    /// ends under the lock when its call returns.
    @inlinable @inline(__always)
    func lockReconcilingBias() {
        lock.lock()
        #if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
        if bias.needsReconciling, bias.reconcileLocked() {
            // The one-subscriber path was taken (it needs `first`), and nothing changed the
            // subscribers since: every change comes through here and inherits first.
            Self.conduit(first.unsafelyUnwrapped).delivery = .busyWithNews
        }
        #endif
    }

    /// Attaches `subscriber`, or completes it at once if the subject already completed.
    ///
    /// `consuming`: the subscriber moves into its conduit instead of being copied, which
    /// would retain every closure and object in the chain (and release them again in the
    /// caller).
    @inlinable
    func attach<S: Subscriber>(_ subscriber: consuming S) where S.Input == Output, S.Failure == Failure {
        lockReconcilingBias()
        if let completion {
            lock.unlock()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion.completion)
            return
        }
        let conduit = SubscriberConduit(HeldSubscriber.live(subscriber), owner: self, owesCurrentValue: current != nil)
        if first == nil {
            first = conduit
        } else {
            others.append(conduit)
        }
        refreshFastPathLocked()
        lock.unlock()
        // The conduit starts out delivering: values sent (or the current value requested)
        // while the subscriber is still inside `receive(subscription:)` wait for it.
        conduit.start()
        lockReconcilingBias()
        if conduit.delivery == .busy {
            conduit.delivery = .idle
            lock.unlock()
            return
        }
        finishDeliveryLocked(to: conduit, returned: .none)
    }

    /// Broadcasts `value` to every subscriber with outstanding demand. After completion
    /// nothing is sent; a current-value subject then still stores `value` if
    /// `storingAfterCompletion` (its `value` setter).
    @inlinable
    func send(_ value: Output, storingAfterCompletion: Bool = false) {
        #if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
        if bias.isHeldByCurrentThread, sendBiased(value) {
            return
        }
        #endif
        sendLocked(value, storingAfterCompletion: storingAfterCompletion)
    }

    /// `send` with the lock. Where subjects can be biased, kept out of line, so that the
    /// owner's send inlined into the caller stays small (with it inline the caller saved
    /// and restored every register it uses on every send); inline elsewhere, as it is the
    /// only path there.
    #if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
    @inlinable @inline(never)
    #else
    @inlinable @inline(__always)
    #endif
    func sendLocked(_ value: Output, storingAfterCompletion: Bool) {
        lockReconcilingBias()
        if completion != nil {
            let replaced = storingAfterCompletion ? current?.replace(with: value) : nil
            lock.unlock()
            withExtendedLifetime(replaced) {}
            return
        }
        // The value a current-value subject replaces is released only after unlocking
        // (at the end of `send`): its deinit is user code, which may read or send.
        let replaced = current?.replace(with: value)
        defer { withExtendedLifetime(replaced) {} }
        if let path = fastPath {
            // One subscriber, unlimited demand: no demand to count, only the delivery
            // state to take (or the value to queue behind the delivery under way). No
            // reference of our own to the conduit: while busy, it is kept alive by the
            // subject's list or, once removed from it, by its `keepAlive`; and it keeps
            // its subscriber until the delivery is over.
            unowned(unsafe) let conduit = Self.conduit(first.unsafelyUnwrapped)
            if conduit.delivery != .idle {
                conduit.enqueueLocked(value)
                lock.unlock()
                return
            }
            conduit.delivery = .busy
            #if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
            if bias.owner.load(ordering: .relaxed) == 0 {
                bias.adoptLocked()
            }
            #endif
            lock.unlock()
            _ = path._withUnsafeGuaranteedRef { $0.receive(value) }
            lockReconcilingBias()
            if conduit.delivery == .busy {
                conduit.delivery = .idle
                lock.unlock()
                return
            }
            finishDeliveryLocked(to: conduit, returned: .none)
            return
        }
        sendToEach(value)
    }

    #if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
    /// The owner thread's send on the one-subscriber path, with no lock (see
    /// ``SubjectBias`` for the protocol and why it is correct). Returns `false`, having
    /// touched nothing, when that path does not apply or the bias needs attention: the
    /// caller then takes the lock. No reference counting, as on the locked path: the
    /// conduit, with its subscriber, is kept alive by the subject, or, once a lock holder
    /// inherited the delivery, by its own `keepAlive`.
    @inlinable
    func sendBiased(_ value: Output) -> Bool {
        // A re-entrant send (from inside this thread's own biased delivery) queues.
        guard bias.phase.load(ordering: .relaxed) == SubjectBias.idle else { return false }
        bias.phase.store(SubjectBias.claiming, ordering: .relaxed)
        SubjectBias.lightFence()
        // Claiming: only this thread touches the state until it stores `delivering` (a
        // lock holder from another thread waits; none exists on this thread).
        guard bias.attention.load(ordering: .acquiring) == 0, let conduit = fastPath,
            conduit._withUnsafeGuaranteedRef({ $0.delivery }) == .idle
        else {
            bias.phase.store(SubjectBias.idle, ordering: .releasing)
            return false
        }
        // Released after the delivery, outside the claiming phase: its deinit is user code.
        let replaced = current?.replace(with: value)
        bias.phase.store(SubjectBias.delivering, ordering: .releasing)
        _ = conduit._withUnsafeGuaranteedRef { $0.receive(value) }
        bias.phase.store(SubjectBias.idle, ordering: .releasing)
        SubjectBias.lightFence()
        if bias.attention.load(ordering: .acquiring) != 0 {
            finishBiasedDelivery(to: conduit)
        }
        withExtendedLifetime(replaced) {}
        return true
    }

    /// The end of a biased delivery when the bias needs attention: if a lock holder
    /// inherited the delivery, this thread ends it as the delivering thread (queued values,
    /// a completion, a retired subscriber). Otherwise the bias was revoked after the
    /// delivery ended, and `conduit` may be gone: it is not touched.
    @inlinable @inline(never)
    func finishBiasedDelivery(to conduit: Unmanaged<SubjectConduit<Output, Failure>>) {
        lockReconcilingBias()
        guard bias.takeInheritedLocked() else {
            lock.unlock()
            return
        }
        finishDeliveryLocked(to: conduit.takeUnretainedValue(), returned: .none)
    }
    #endif

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

    /// Delivers `value` to one subscriber if it has demand: at once, or, when another
    /// delivery to it is under way, queued behind that one.
    @inlinable
    func offer(_ value: Output, to conduit: SubjectConduit<Output, Failure>) {
        lockReconcilingBias()
        guard completion == nil, conduit.claimDeliveryLocked() else {
            lock.unlock()
            return
        }
        if conduit.delivery != .idle {
            conduit.enqueueLocked(value)
            lock.unlock()
            return
        }
        conduit.delivery = .busy
        lock.unlock()
        let more = conduit.receive(value)
        lockReconcilingBias()
        if more.rawValue == 0, conduit.delivery == .busy {
            conduit.delivery = .idle
            lock.unlock()
            return
        }
        finishDeliveryLocked(to: conduit, returned: more)
    }

    /// Ends a delivery to `conduit` (which this thread owns while it is not idle):
    /// adds the demand the subscriber returned, hands over the values queued meanwhile,
    /// one at a time and in order, then makes it idle and, if the subject completed
    /// during the deliveries, sends the completion; if the subscription ended meanwhile,
    /// releases the subscriber. Lock held on entry; unlocks.
    ///
    /// After a completion the conduit no longer counts as subscribed, but it keeps its
    /// subscriber for this thread: the values queued before the completion are still owed.
    @inlinable @inline(never)
    func finishDeliveryLocked(to conduit: SubjectConduit<Output, Failure>, returned: Subscribers.Demand) {
        var more = returned
        // Values taken off the queue in one go, so that each step is O(1); those already
        // delivered are released only outside the lock (a value's deinit may send).
        var batch: [Output] = []
        var next = 0
        while true {
            if more.rawValue != 0, conduit.isSubscribed, !conduit.demand.isUnlimited {
                conduit.demand += more
                if conduit.demand.isUnlimited {
                    refreshFastPathLocked()
                }
            }
            guard conduit.owesCompletion else {
                // Cancelled (or completed already): nothing more reaches the subscriber.
                conduit.delivery = .idle
                let dropped = conduit.pending
                conduit.pending = []
                let survivor = conduit.keepAlive
                conduit.keepAlive = nil
                let retired = conduit.holdsRetiredSubscriber
                conduit.holdsRetiredSubscriber = false
                lock.unlock()
                _fixLifetime(dropped)
                _fixLifetime(batch)
                if retired {
                    conduit.finish(conduit, nil)
                }
                _fixLifetime(survivor)
                return
            }
            if next == batch.count {
                if conduit.pending.isEmpty {
                    conduit.delivery = .idle
                    guard !conduit.isSubscribed else {
                        lock.unlock()
                        _fixLifetime(batch)
                        return
                    }
                    // The subject completed while this thread was delivering: the
                    // completion is owed now that the queue is empty.
                    conduit.owesCompletion = false
                    let survivor = conduit.keepAlive
                    conduit.keepAlive = nil
                    conduit.holdsRetiredSubscriber = false
                    let finished = completion.unsafelyUnwrapped
                    lock.unlock()
                    _fixLifetime(batch)
                    conduit.finish(conduit, finished)
                    _fixLifetime(survivor)
                    return
                }
                let delivered = batch
                batch = conduit.pending
                conduit.pending = []
                let value = batch[0]
                next = 1
                lock.unlock()
                _fixLifetime(delivered)
                more = conduit.receive(value)
            } else {
                let value = batch[next]
                next += 1
                lock.unlock()
                more = conduit.receive(value)
            }
            lockReconcilingBias()
        }
    }

    /// Completes every subscriber once; later calls do nothing.
    @inlinable
    func send(completion: Subscribers.Completion<Failure>) {
        lockReconcilingBias()
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
        fastPath = nil
        let released = upstreams
        upstreams = []
        var owed: [SubjectConduit<Output, Failure>] = []
        for object in finishing {
            // A conduit that is delivering gets its completion from the delivering
            // thread, after the values queued for it.
            let conduit = Self.conduit(object)
            if conduit.terminateLocked() {
                owed.append(conduit)
            }
        }
        lock.unlock()
        for conduit in owed {
            conduit.finish(conduit, finished)
        }
        _fixLifetime(finishing)
        _fixLifetime(released)
    }

    /// Keeps an upstream feed's subscription and asks it for everything: a
    /// `CurrentValueSubject` at once, a `PassthroughSubject` once a subscriber has asked
    /// for values (see ``hasDemand``), as Combine's subjects do.
    @inlinable
    func send(subscription: any Subscription) {
        lockReconcilingBias()
        if completion != nil {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstreams.append(subscription)
        let demanded = hasDemand
        lock.unlock()
        if demanded {
            subscription.request(.unlimited)
        }
    }

    /// Records that a subscriber asked for values; returns the upstream feeds to ask for
    /// everything after unlocking, the first time only. Lock held.
    @inlinable
    func noteDemandLocked() -> [any Subscription] {
        if hasDemand { return [] }
        hasDemand = true
        return upstreams
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
        if let head = first, others.isEmpty, Self.conduit(head).demand.isUnlimited, Self.conduit(head).isSubscribed {
            fastPath = Unmanaged.passUnretained(Self.conduit(head))
        } else {
            fastPath = nil
        }
    }
}

/// A subject's completion, boxed so the subject's layout does not depend on `Failure`.
@usableFromInline
final class CompletionBox<Failure: Error>: @unchecked Sendable {
    @usableFromInline let completion: Subscribers.Completion<Failure>

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

    /// Stores `newValue` and hands back the value it replaces, for the caller to release
    /// after unlocking. Lock held.
    @inlinable
    func replace(with newValue: Value) -> Value {
        let old = value
        value = newValue
        return old
    }
}
