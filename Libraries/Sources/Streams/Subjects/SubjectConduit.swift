/// The subscription a subject hands to one subscriber: its demand, its receiver (the
/// subscriber with its value delivery) and its completion closure. Every stored property
/// is guarded by the owning ``SubjectCore``'s lock (which a thread that owns the subject's
/// bias does without when it reads ``delivery``; see ``SubjectBias``).
///
/// The receiver and the closure are created where the subscriber's concrete type is
/// known, so calling them runs specialised code; they are dropped (releasing the
/// subscriber) on cancel or completion, which is also how "nothing after cancel" is
/// enforced.
///
/// Its life, as seen through them: both set while subscribed; ``receiver`` `nil` but
/// `receiveCompletion` set when the subject completed during a delivery (the completion
/// is owed after the queued values); both `nil` once cancelled or completed.
///
/// Deliveries never overlap: ``delivery`` is busy while one thread calls the subscriber
/// (from `attach` until `receive(subscription:)` returns, then around each value), and
/// values claimed meanwhile wait in ``pending`` for that thread to hand them over (see
/// ``SubjectCore/finishDeliveryLocked(to:receiver:returned:)``).
@usableFromInline
final class SubjectConduit<Output, Failure: Error>: Subscription,
    @unchecked Sendable
{
    @usableFromInline let owner: SubjectCore<Output, Failure>
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// The subscriber and its specialised delivery (see ``SubjectReceiver``).
    @usableFromInline @exclusivity(unchecked) var receiver: SubjectReceiver<Output>?
    @usableFromInline @exclusivity(unchecked) var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    /// A current-value subject owes the subscriber the latest value at its next demand.
    @usableFromInline @exclusivity(unchecked) var owesCurrentValue: Bool
    /// Whether a thread is calling the subscriber (whoever starts a delivery also hands
    /// over ``pending``), and whether anything happened meanwhile that it must look at
    /// before going idle. Starts `.busy`: `attach` is calling `receive(subscription:)`.
    @usableFromInline @exclusivity(unchecked) var delivery = SubjectDeliveryState.busy
    /// Values already claimed against demand, waiting for the delivery under way.
    @usableFromInline @exclusivity(unchecked) var pending: [Output] = []
    /// The conduit itself while it is busy but no longer listed by its subject
    /// (cancelled, or the subject completed, during a delivery): it keeps the conduit
    /// alive for the delivering thread, which then needs no reference of its own, and
    /// which clears it when it goes idle.
    @usableFromInline @exclusivity(unchecked) var keepAlive: AnyObject?
    /// The ``receiver`` dropped while busy: the delivering thread may be calling it
    /// without a reference of its own, and releases it when it goes idle.
    @usableFromInline @exclusivity(unchecked) var retiredReceiver: SubjectReceiver<Output>?

    @inlinable
    init(
        owner: SubjectCore<Output, Failure>,
        receiver: SubjectReceiver<Output>,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        owesCurrentValue: Bool
    ) {
        self.owner = owner
        self.receiver = receiver
        self.receiveCompletion = receiveCompletion
        self.owesCurrentValue = owesCurrentValue
    }

    /// Decides whether a value about to be sent reaches this subscriber: returns its
    /// receiver, or `nil` to drop the value (cancelled, or no demand). Takes one unit of
    /// finite demand. Lock held.
    @inlinable @inline(__always)
    func claimDeliveryLocked() -> SubjectReceiver<Output>? {
        guard let receiver else { return nil }
        if demand.isUnlimited {
            return receiver
        }
        if demand.rawValue == 0 {
            // A current-value subject delivers the newest value when demand comes.
            if owner.current != nil { owesCurrentValue = true }
            return nil
        }
        owesCurrentValue = false
        demand = Subscribers.Demand(rawValue: demand.rawValue - 1)
        return receiver
    }

    /// Queues `value` (already claimed against demand) behind the delivery under way.
    /// Lock held. Out of line, to keep the sending paths small.
    @inlinable @inline(never)
    func enqueueLocked(_ value: Output) {
        pending.append(value)
        delivery = .busyWithNews
    }

    /// Moves ``receiver`` to ``retiredReceiver``, for a delivery under way. Lock held.
    @inlinable
    func retireReceiverLocked() {
        if let receiver {
            retiredReceiver = receiver
            self.receiver = nil
        }
    }

    /// Ends the subscription; returns the completion closure to call after unlocking, or
    /// `nil` if it had already ended or if a delivery is under way (the delivering thread
    /// then sends the completion after the queued values). Lock held.
    @inlinable
    func terminateLocked() -> ((Subscribers.Completion<Failure>) -> Void)? {
        if delivery != .idle {
            retireReceiverLocked()
            delivery = .busyWithNews
            keepAlive = self
            return nil
        }
        // Idle: nobody is calling the receiver, and the completion closure still holds the
        // subscriber, so releasing it here runs no subscriber deinit under the lock.
        receiver = nil
        let receiver = receiveCompletion
        receiveCompletion = nil
        return receiver
    }

    // `request` and `cancel` are usually reached through `any Subscription`, that is, as
    // unspecialised generic code: they touch only fields whose layout is independent of
    // `Output` and `Failure`, so they need no run-time type metadata.

    @inlinable
    func request(_ additional: Subscribers.Demand) {
        precondition(additional.rawValue != 0, "A subject's subscriber requested .none: demand must be positive")
        owner.lockReconcilingBias()
        // Only looked at here; the receiver is loaded (and retained) below, where a value
        // is owed, not on every request.
        guard receiver != nil else {
            owner.lock.unlock()
            return
        }
        demand += additional
        if demand.isUnlimited {
            owner.refreshFastPathLocked()
        }
        let feeds = owner.hasDemand ? [] : owner.noteDemandLocked()
        if !feeds.isEmpty, owesCurrentValue, owner.current != nil {
            requestFeedsBeforeCurrentValue(feeds, receiver: receiver.unsafelyUnwrapped)
            return
        }
        guard owesCurrentValue, let box = owner.current else {
            owner.lock.unlock()
            requestEverything(from: feeds)
            return
        }
        let held = receiver.unsafelyUnwrapped
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
        let more = held.receive(value)
        requestEverything(from: feeds)
        owner.lockReconcilingBias()
        owner.finishDeliveryLocked(to: self, receiver: held, returned: more)
    }

    /// The first demand of a current-value subject's subscriber when the subject has
    /// upstream feeds: as in Combine, the feeds are asked first, and a value they send at
    /// once (a feeding current-value subject replays its value) replaces the owed current
    /// value instead of following it. Their values queue behind this "delivery" meanwhile.
    /// Lock held on entry; released on return.
    @inlinable
    func requestFeedsBeforeCurrentValue(_ feeds: [any Subscription], receiver held: SubjectReceiver<Output>) {
        // Already busy: `attach`, or a delivery under way, hands over what queues here.
        let wasIdle = delivery == .idle
        let queuedBefore = pending.count
        if wasIdle {
            delivery = .busy
        }
        owner.lock.unlock()
        requestEverything(from: feeds)
        owner.lockReconcilingBias()
        if pending.count == queuedBefore, owesCurrentValue, let box = owner.current, receiver != nil {
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
        owner.finishDeliveryLocked(to: self, receiver: held, returned: .none)
    }

    /// Asks the subject's upstream feeds for everything (the first demand of any
    /// subscriber). Called without the lock.
    @inlinable
    func requestEverything(from feeds: [any Subscription]) {
        for feed in feeds {
            feed.request(.unlimited)
        }
    }

    @inlinable
    func cancel() {
        owner.lockReconcilingBias()
        var value = receiver
        // Released under the lock, which runs no subscriber deinit: the closure holds the
        // receiver, which ``receiver`` also holds until it is released below, after
        // unlocking (or, during a delivery, by the delivering thread). Keeping the closure alive until then would
        // cost more than it seems: this method runs unspecialised, where passing a closure
        // to a generic function such as `_fixLifetime` allocates a reabstraction thunk.
        receiveCompletion = nil
        let dropped = pending
        pending = []
        if delivery != .idle {
            retireReceiverLocked()
            value = nil
            delivery = .busyWithNews
            keepAlive = self
        } else {
            receiver = nil
        }
        owner.removeLocked(self)
        owner.lock.unlock()
        // Releasing the subscriber (or a queued value) may run a deinit, which must not
        // find the lock held.
        _fixLifetime(value)
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
        let box = receiver as? any ErasedSubscriberBox
        let demand = demand
        owner.lock.unlock()
        return Mirror(self, children: ["downstream": box?.erasedSubscriber as Any, "demand": demand])
    }
}
