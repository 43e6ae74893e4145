/// What a ``SubscriberConduit`` holds its subscriber in: something it can release early,
/// while every call into the subscriber still borrows it in place.
///
/// Noncopyable on purpose. The conduit must be able to let go of its subscriber when the
/// subscription ends (a stored `var`), and the compiler copies a copyable value out of a
/// class's `var` before calling it (it cannot prove the call leaves the property alone):
/// that would retain and release every closure and object of the subscriber's chain on
/// every value. A noncopyable value is borrowed in place instead, for the whole call.
@usableFromInline
protocol SubjectSubscriberSlot: ~Copyable {
    associatedtype Input
    associatedtype Failure: Error

    /// Hands one value to the subscriber; returns the demand it adds.
    borrowing func receive(_ input: Input) -> Subscribers.Demand
    /// Hands the subscriber its completion.
    borrowing func receive(completion: Subscribers.Completion<Failure>)
    /// Hands the subscriber its subscription.
    borrowing func receive(subscription: any Subscription)
    /// The subscriber (or `nil` once released), for a mirror.
    var erasedSubscriber: Any { borrowing get }
    /// Releases the subscriber; the calls above then do nothing.
    mutating func release()
}

/// A subject's subscriber of type `Wrapped`, or nothing once released (see
/// ``SubjectSubscriberSlot``).
@usableFromInline
enum HeldSubscriber<Wrapped: Subscriber>: ~Copyable, SubjectSubscriberSlot {
    case live(Wrapped)
    case released

    @inlinable @inline(__always)
    borrowing func receive(_ input: Wrapped.Input) -> Subscribers.Demand {
        switch self {
        case .live(let subscriber): subscriber.receive(input)
        case .released: .none
        }
    }

    @inlinable
    borrowing func receive(completion: Subscribers.Completion<Wrapped.Failure>) {
        switch self {
        case .live(let subscriber): subscriber.receive(completion: completion)
        case .released: break
        }
    }

    @inlinable
    borrowing func receive(subscription: any Subscription) {
        switch self {
        case .live(let subscriber): subscriber.receive(subscription: subscription)
        case .released: break
        }
    }

    @usableFromInline var erasedSubscriber: Any {
        switch self {
        case .live(let subscriber): subscriber
        case .released: Wrapped?.none as Any
        }
    }

    @inlinable
    mutating func release() {
        self = .released
    }
}
