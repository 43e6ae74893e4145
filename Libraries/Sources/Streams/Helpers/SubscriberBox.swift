/// One subscriber, stored once for the two delivery closures (values, completion) that a
/// subject or a `Future` makes for it, type-erasing it without losing specialised calls.
///
/// Each closure that captured the subscriber itself would hold its own copy, and copying
/// a subscriber chain (a `map` and a `filter` in front of a sink, say) retains every
/// closure and object in it: twice per subscription. Capturing this box instead costs
/// one allocation, and a closure whose only capture is one object needs no context of
/// its own.
@usableFromInline
final class SubscriberBox<Wrapped: Subscriber>: @unchecked Sendable {
    /// The subscriber the closures call.
    @usableFromInline let subscriber: Wrapped

    @inlinable
    init(_ subscriber: Wrapped) {
        self.subscriber = subscriber
    }
}

/// A ``SubscriberBox`` seen without its subscriber's type: what a mirror shows as the
/// `downstream` of a subscription that holds its subscriber only through closures.
protocol ErasedSubscriberBox: AnyObject {
    /// The boxed subscriber.
    var erasedSubscriber: Any { get }
}

extension SubscriberBox: ErasedSubscriberBox {
    var erasedSubscriber: Any { subscriber }
}
