/// A subject that broadcasts the values you send to its current subscribers, without
/// remembering them.
///
/// A value sent while nobody is subscribed, or to a subscriber whose demand is used up,
/// is dropped for that subscriber. After a completion, sends are ignored and a new
/// subscriber receives the completion at once.
///
/// ```swift
/// let taps = PassthroughSubject<Int, Never>()
/// taps.send(0)                                   // nobody listening: dropped
/// let cancellable = taps.sink { print("tap", $0) }
/// taps.send(1)                                   // tap 1
/// ```
///
/// It is safe to send, subscribe and cancel from several threads at once. Values sent
/// concurrently from different threads may reach a subscriber concurrently, exactly
/// as if it had several upstreams: serialise the sends when order matters.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    @usableFromInline let core = SubjectCore<Output, Failure>(current: nil)

    /// Makes a subject with no subscribers.
    @inlinable
    public init() {}

    /// Attaches `subscriber`; it receives values sent from now on, up to its demand.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        core.attach(subscriber)
    }

    /// Sends `value` to every subscriber with outstanding demand.
    @inlinable
    public func send(_ value: Output) {
        core.send(value)
    }

    /// Completes every subscriber, once; later sends of any kind are ignored.
    @inlinable
    public func send(completion: Subscribers.Completion<Failure>) {
        core.send(completion: completion)
    }

    /// Keeps `subscription` (from a publisher feeding this subject) and requests
    /// unlimited values from it.
    @inlinable
    public func send(subscription: any Subscription) {
        core.send(subscription: subscription)
    }
}
