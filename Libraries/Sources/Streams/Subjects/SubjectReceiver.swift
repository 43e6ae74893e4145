/// A subject's subscriber and the specialised function that hands it a value, in one
/// object, so that a subject's one-subscriber send path can call it through an
/// unretained reference: retaining and releasing it would be two atomic
/// read-modify-writes on every value, as many as the locked delivery protocol itself
/// needs (and the biased one, ``SubjectBias``, needs none).
///
/// The subscriber lives in the subclass ``SubscriberReceiver``, whose type the subject
/// does not know; ``deliver`` is made where it is known, so calling it runs specialised
/// code. It captures nothing (it is handed the receiver), so it costs no allocation and
/// no retain: the receiver is the only object a subscription needs for its subscriber.
///
/// The receiver is owned by its ``SubjectConduit`` (``SubjectConduit/receiver``, and the
/// completion closure, which captures it). A conduit that drops it while a delivery to
/// it is under way (cancelled, or the subject completed, on another thread or from
/// inside `receive`) parks it in ``SubjectConduit/retiredReceiver``, and the delivering
/// thread releases it when it goes idle: so a receiver is never freed while some thread
/// is calling it.
@usableFromInline
class SubjectReceiver<Output>: @unchecked Sendable {
    /// Hands one value to the subscriber held by the receiver it is given (this one) and
    /// returns the demand the subscriber adds.
    @usableFromInline let deliver: (SubjectReceiver<Output>, Output) -> Subscribers.Demand

    @inlinable
    init(deliver: @escaping (SubjectReceiver<Output>, Output) -> Subscribers.Demand) {
        self.deliver = deliver
    }

    /// Hands one value to the subscriber and returns the demand it adds.
    @inlinable @inline(__always)
    final func receive(_ value: Output) -> Subscribers.Demand {
        deliver(self, value)
    }
}

/// The ``SubjectReceiver`` of one subscriber of type `Wrapped`.
@usableFromInline
final class SubscriberReceiver<Wrapped: Subscriber>: SubjectReceiver<Wrapped.Input>, @unchecked Sendable {
    /// The subscriber the subject delivers to.
    @usableFromInline let subscriber: Wrapped

    /// Takes `subscriber` over (moved in, not copied: a copy would retain every closure
    /// and object in its chain).
    @inlinable
    init(_ subscriber: consuming Wrapped) {
        self.subscriber = subscriber
        // Made here, where `Wrapped` is known, so the call is specialised; it captures
        // nothing, since it is handed the receiver.
        super.init { receiver, value in
            unsafeDowncast(receiver, to: SubscriberReceiver<Wrapped>.self).subscriber.receive(value)
        }
    }
}

extension SubscriberReceiver: ErasedSubscriberBox {
    /// The subscriber, for the conduit's mirror (as Combine's shows its `downstream`).
    var erasedSubscriber: Any { subscriber }
}
