/// The ``SubjectConduit`` of one subscriber: the subscription and the subscriber in one
/// object (one allocation per subscription), made in `attach`, where the subscriber's
/// type is known, so that its ``SubjectConduit/deliver`` and ``SubjectConduit/finish``
/// run specialised code.
///
/// A subject's one-subscriber send path calls it through an unretained reference:
/// retaining and releasing it would be two atomic read-modify-writes on every value, as
/// many as the locked delivery protocol itself needs (and the biased one, ``SubjectBias``,
/// needs none). It is kept alive meanwhile by its subject's list or, once removed from it
/// during a delivery, by its own ``SubjectConduit/keepAlive``.
///
/// Generic over the subscriber's holder (a ``HeldSubscriber``) rather than over the
/// subscriber: the deinitialiser, which runs as unspecialised generic code, then finds
/// the holder's type in the class's own metadata. Any other type built from the
/// subscriber's (an optional, say) would be looked up at run time on every subscription
/// (about 290 instructions per cycle of the churn benchmark).
@usableFromInline
final class SubscriberConduit<Held: SubjectSubscriberSlot & ~Copyable>:
    SubjectConduit<Held.Input, Held.Failure>, @unchecked Sendable
{
    /// The subscriber, until the subscription ended and nobody is calling it any more
    /// (then released, see ``SubjectConduit``). Touched without the lock: by the thread
    /// that delivers (deliveries never overlap) and, once, by the one that ends the
    /// subscription, which releases it after every delivery is over; the mirror reads it
    /// under the lock while ``SubjectConduit/isSubscribed``, before any release.
    @usableFromInline @exclusivity(unchecked) var held: Held

    /// Takes the subscriber over (moved in, not copied: a copy would retain every closure
    /// and object in its chain).
    @inlinable
    init(_ held: consuming Held, owner: SubjectCore<Held.Input, Held.Failure>, owesCurrentValue: Bool) {
        self.held = held
        // Both capture nothing: they are handed the conduit.
        super.init(
            owner: owner,
            owesCurrentValue: owesCurrentValue,
            deliver: { conduit, value in
                unsafeDowncast(conduit, to: SubscriberConduit<Held>.self).held.receive(value)
            },
            finish: { conduit, completion in
                unsafeDowncast(conduit, to: SubscriberConduit<Held>.self).end(with: completion)
            })
    }

    /// Sends the completion in `completion`, if any, to the subscriber, then releases it.
    @inlinable
    func end(with completion: CompletionBox<Held.Failure>?) {
        if let completion {
            held.receive(completion: completion.completion)
        }
        held.release()
    }

    /// Hands the subscriber its subscription, this conduit (while it is busy; see
    /// ``SubjectCore/attach(_:)``).
    @inlinable
    func start() {
        held.receive(subscription: self)
    }
}

extension SubscriberConduit: ErasedSubscriberBox where Held: ~Copyable {
    /// The subscriber, for the conduit's mirror (as Combine's shows its `downstream`).
    var erasedSubscriber: Any { held.erasedSubscriber }
}
