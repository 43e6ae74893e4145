/// The subscription a subject hands to one subscriber: its demand, its delivery state and
/// queue, and, in its subclass ``SubscriberConduit``, the subscriber itself. One object
/// per subscription: the subscriber's type is known only to the subclass, and the two
/// functions that call the subscriber (``deliver`` and ``finish``) are made there, so
/// calling them runs specialised code. They capture nothing (they are handed the
/// conduit), so they cost no allocation and no retain. Every stored property is guarded
/// by the owning ``SubjectCore``'s lock (which a thread that owns the subject's bias does
/// without when it reads ``delivery``; see ``SubjectBias``), except the subscriber, which
/// only the thread that delivers to it, or the one that ends the subscription, touches
/// (see ``SubscriberConduit``).
///
/// Its life, as seen through its flags: ``isSubscribed`` and ``owesCompletion`` both
/// set while subscribed; ``isSubscribed`` cleared but ``owesCompletion`` set when the
/// subject completed during a delivery (the completion is owed after the queued values);
/// both cleared once cancelled or completed, which is also how "nothing after cancel" is
/// enforced. The subscriber is released then (``finish``), outside the lock: at once if
/// no delivery is under way, otherwise by the delivering thread when it goes idle
/// (``holdsRetiredSubscriber``), so a subscriber is never released while some thread is
/// calling it.
///
/// Deliveries never overlap: ``delivery`` is busy while one thread calls the subscriber
/// (from `attach` until `receive(subscription:)` returns, then around each value), and
/// values claimed meanwhile wait in ``pending`` for that thread to hand them over (see
/// ``SubjectCore/finishDeliveryLocked(to:returned:)``).
///
/// Every stored property of this base class has a layout independent of `Output` and
/// `Failure` (see ``SubjectCore``). Its members are `final`: a property of a class that
/// has a subclass is otherwise read and written through the class's table of accessors,
/// a call on every access to the delivery state.
@usableFromInline
class SubjectConduit<Output, Failure: Error>: Subscription, @unchecked Sendable {
    @usableFromInline final let owner: SubjectCore<Output, Failure>
    /// Hands one value to the subscriber of the conduit it is given (this one) and returns
    /// the demand the subscriber adds.
    @usableFromInline final let deliver: (SubjectConduit<Output, Failure>, Output) -> Subscribers.Demand
    /// Sends the completion in the box, if one is given, to the subscriber of the conduit
    /// it is given (this one), then releases the subscriber. Called once, without the
    /// lock, by the thread that ended the subscription (see the type's comment).
    @usableFromInline final let finish: (SubjectConduit<Output, Failure>, CompletionBox<Failure>?) -> Void
    @usableFromInline @exclusivity(unchecked) final var demand = Subscribers.Demand.none
    /// Whether values may still reach the subscriber: cleared on cancel or completion.
    @usableFromInline @exclusivity(unchecked) final var isSubscribed = true
    /// Whether the subscriber is still owed a completion (or, once it has none coming,
    /// still to be released): cleared on cancel, and when the completion is handed over.
    @usableFromInline @exclusivity(unchecked) final var owesCompletion = true
    /// A current-value subject owes the subscriber the latest value at its next demand.
    @usableFromInline @exclusivity(unchecked) final var owesCurrentValue: Bool
    /// Whether a thread is calling the subscriber (whoever starts a delivery also hands
    /// over ``pending``), and whether anything happened meanwhile that it must look at
    /// before going idle. Starts `.busy`: `attach` is calling `receive(subscription:)`.
    @usableFromInline @exclusivity(unchecked) final var delivery = SubjectDeliveryState.busy
    /// Values already claimed against demand, waiting for the delivery under way.
    @usableFromInline @exclusivity(unchecked) final var pending: [Output] = []
    /// The conduit itself while it is busy but no longer listed by its subject
    /// (cancelled, or the subject completed, during a delivery): it keeps the conduit
    /// alive for the delivering thread, which then needs no reference of its own, and
    /// which clears it when it goes idle.
    @usableFromInline @exclusivity(unchecked) final var keepAlive: AnyObject?
    /// Whether the subscription ended while busy: the delivering thread may be calling
    /// the subscriber, so it is the one to release it (``finish``) when it goes idle.
    @usableFromInline @exclusivity(unchecked) final var holdsRetiredSubscriber = false

    @inlinable
    init(
        owner: SubjectCore<Output, Failure>,
        owesCurrentValue: Bool,
        deliver: @escaping (SubjectConduit<Output, Failure>, Output) -> Subscribers.Demand,
        finish: @escaping (SubjectConduit<Output, Failure>, CompletionBox<Failure>?) -> Void
    ) {
        self.owner = owner
        self.owesCurrentValue = owesCurrentValue
        self.deliver = deliver
        self.finish = finish
    }

    /// Hands one value to the subscriber and returns the demand it adds.
    @inlinable @inline(__always)
    final func receive(_ value: Output) -> Subscribers.Demand {
        deliver(self, value)
    }

    /// Decides whether a value about to be sent reaches this subscriber: `false` drops
    /// the value (cancelled, or no demand). Takes one unit of finite demand. Lock held.
    @inlinable @inline(__always)
    final func claimDeliveryLocked() -> Bool {
        guard isSubscribed else { return false }
        if demand.isUnlimited {
            return true
        }
        if demand.rawValue == 0 {
            // A current-value subject delivers the newest value when demand comes.
            if owner.current != nil { owesCurrentValue = true }
            return false
        }
        owesCurrentValue = false
        demand = Subscribers.Demand(rawValue: demand.rawValue - 1)
        return true
    }

    /// Queues `value` (already claimed against demand) behind the delivery under way.
    /// Lock held. Out of line, to keep the sending paths small.
    @inlinable @inline(never)
    final func enqueueLocked(_ value: Output) {
        pending.append(value)
        delivery = .busyWithNews
    }

    /// Stops values, for a delivery under way, whose thread then releases the subscriber
    /// when it goes idle. Lock held.
    @inlinable
    final func retireSubscriberLocked() {
        if isSubscribed {
            holdsRetiredSubscriber = true
            isSubscribed = false
        }
    }

    /// Ends the subscription; returns whether the caller must call ``finish`` with the
    /// completion after unlocking: `false` if it had already ended or if a delivery is
    /// under way (the delivering thread then sends the completion after the queued
    /// values). Lock held.
    @inlinable
    final func terminateLocked() -> Bool {
        if delivery != .idle {
            retireSubscriberLocked()
            delivery = .busyWithNews
            keepAlive = self
            return false
        }
        // Idle: nobody is calling the subscriber, and nobody will from now on.
        isSubscribed = false
        let owed = owesCompletion
        owesCompletion = false
        return owed
    }

    // `request` and `cancel` are usually reached through `any Subscription`, that is, as
    // unspecialised generic code: they touch only fields whose layout is independent of
    // `Output` and `Failure`, so they need no run-time type metadata.

    @inlinable
    final func request(_ additional: Subscribers.Demand) {
        precondition(additional.rawValue != 0, "A subject's subscriber requested .none: demand must be positive")
        owner.lockReconcilingBias()
        guard isSubscribed else {
            owner.lock.unlock()
            return
        }
        demand += additional
        if demand.isUnlimited {
            owner.refreshFastPathLocked()
        }
        let feeds = owner.hasDemand ? [] : owner.noteDemandLocked()
        if !feeds.isEmpty, owesCurrentValue, owner.current != nil {
            requestFeedsBeforeCurrentValue(feeds)
            return
        }
        guard owesCurrentValue, let box = owner.current else {
            owner.lock.unlock()
            requestEverything(from: feeds)
            return
        }
        owesCurrentValue = false
        if !demand.isUnlimited {
            demand = Subscribers.Demand(rawValue: demand.rawValue - 1)
        }
        let value = box.value
        if delivery != .idle {
            // Requested from inside `receive` or while another thread delivers: the
            // current value follows what is already queued.
            enqueueLocked(value)
            owner.lock.unlock()
            requestEverything(from: feeds)
            return
        }
        delivery = .busy
        owner.lock.unlock()
        let more = receive(value)
        requestEverything(from: feeds)
        owner.lockReconcilingBias()
        owner.finishDeliveryLocked(to: self, returned: more)
    }

    /// The first demand of a current-value subject's subscriber when the subject has
    /// upstream feeds: as in Combine, the feeds are asked first, and a value they send at
    /// once (a feeding current-value subject replays its value) replaces the owed current
    /// value instead of following it. Their values queue behind this "delivery" meanwhile.
    /// Lock held on entry; released on return.
    @inlinable
    final func requestFeedsBeforeCurrentValue(_ feeds: [any Subscription]) {
        // Already busy: `attach`, or a delivery under way, hands over what queues here.
        let wasIdle = delivery == .idle
        let queuedBefore = pending.count
        if wasIdle {
            delivery = .busy
        }
        owner.lock.unlock()
        requestEverything(from: feeds)
        owner.lockReconcilingBias()
        if pending.count == queuedBefore, owesCurrentValue, let box = owner.current, isSubscribed {
            owesCurrentValue = false
            if !demand.isUnlimited {
                demand = Subscribers.Demand(rawValue: demand.rawValue - 1)
            }
            enqueueLocked(box.value)
        } else if pending.count != queuedBefore {
            owesCurrentValue = false
        }
        guard wasIdle else {
            owner.lock.unlock()
            return
        }
        if delivery == .busy {
            delivery = .idle
            owner.lock.unlock()
            return
        }
        owner.finishDeliveryLocked(to: self, returned: .none)
    }

    /// Asks the subject's upstream feeds for everything (the first demand of any
    /// subscriber). Called without the lock.
    @inlinable
    final func requestEverything(from feeds: [any Subscription]) {
        for feed in feeds {
            feed.request(.unlimited)
        }
    }

    @inlinable
    final func cancel() {
        owner.lockReconcilingBias()
        // Released here only if nobody is calling the subscriber and nobody released it
        // already (a delivering thread releases it when it goes idle); after unlocking,
        // as its deinit must not find the lock held.
        let releases = isSubscribed && delivery == .idle
        owesCompletion = false
        let dropped = pending
        pending = []
        if delivery != .idle {
            retireSubscriberLocked()
            delivery = .busyWithNews
            keepAlive = self
        } else {
            isSubscribed = false
        }
        owner.removeLocked(self)
        owner.lock.unlock()
        if releases {
            finish(self, nil)
        }
        // Releasing a queued value may run a deinit, which must not find the lock held.
        _fixLifetime(dropped)
    }
}

extension SubjectConduit: CombineReflectable {
    /// The kind of subject, as Combine names its subscriptions.
    @usableFromInline var description: String { owner.current == nil ? "PassthroughSubject" : "CurrentValueSubject" }

    /// The subscriber (`nil` once cancelled or completed) and its outstanding demand, as
    /// in Combine's mirror. Combine's also lists the subject itself, twice (`parent` and
    /// `subject`), which its subscription keeps until it ends. A conduit holds only the
    /// subject's shared state: keeping the subject too would make every subject escape
    /// into its subscriptions, so a subject made, subscribed and dropped within one
    /// function could no longer live on the stack (one more allocation, about 640 more
    /// instructions per cycle of the churn benchmark, which then fell below 5x
    /// OpenCombine).
    @usableFromInline var customMirror: Mirror {
        owner.lockReconcilingBias()
        // Read under the lock and only while subscribed: the subscriber is released
        // without the lock, but only after `isSubscribed` was cleared under it.
        let subscriber = isSubscribed ? (self as? any ErasedSubscriberBox)?.erasedSubscriber : nil
        let demand = demand
        owner.lock.unlock()
        return Mirror(self, children: ["downstream": subscriber as Any, "demand": demand])
    }
}
