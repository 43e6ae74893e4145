/// A subscriber's value-delivery closure, in a box of its own so that a subject's
/// one-subscriber send path can call it through an unretained reference: retaining and
/// releasing the closure would be two atomic read-modify-writes on every value, as many
/// as the delivery protocol itself needs.
///
/// The box is owned by its ``SubjectConduit`` (``SubjectConduit/receiver``). A conduit
/// that drops its box while a delivery to it is under way (cancelled, or the subject
/// completed, on another thread or from inside `receive`) parks it in
/// ``SubjectConduit/retiredReceiver``, and the delivering thread releases it when it goes
/// idle: so a box is never freed while some thread is calling it.
@usableFromInline
final class SubjectReceiver<Output>: @unchecked Sendable {
    /// Hands one value to the subscriber and returns the demand it adds.
    @usableFromInline let receive: (Output) -> Subscribers.Demand
    /// The ``SubscriberBox`` that `receive` calls, kept to show the subscriber in the
    /// conduit's mirror (as Combine's shows its `downstream`); never used to deliver.
    /// Unretained: `receive` captures the box, so it lives as long as this receiver, and a
    /// strong reference would cost every subscription one more retain and release.
    @usableFromInline let unretainedSubscriberBox: Unmanaged<AnyObject>

    /// The subscriber's box, for the mirror.
    @inlinable
    var subscriberBox: AnyObject { unretainedSubscriberBox.takeUnretainedValue() }

    /// Makes the receiver; `receive` must capture `subscriberBox` (which keeps it alive).
    @inlinable
    init(_ receive: @escaping (Output) -> Subscribers.Demand, subscriberBox: AnyObject) {
        self.receive = receive
        self.unretainedSubscriberBox = Unmanaged.passUnretained(subscriberBox)
    }
}
