/// A subscription that sends one value, at the subscriber's first demand, then finishes.
/// Shared by `Just`, `Optional.Publisher`, `Result.Publisher` and `Future`.
@usableFromInline
final class OneShotSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    @usableFromInline let lock = Lock()
    /// Dropped when the value has been sent or the subscription cancelled.
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline let value: Downstream.Input
    @usableFromInline let name: String

    @inlinable
    init(value: Downstream.Input, downstream: Downstream, name: String) {
        self.value = value
        self.downstream = downstream
        self.name = name
    }

    @usableFromInline var description: String { name }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        precondition(demand.rawValue != 0, "A subscriber requested .none: demand must be positive")
        lock.lock()
        let receiver = downstream
        downstream = nil
        lock.unlock()
        guard let receiver else { return }
        _ = receiver.receive(value)
        receiver.receive(completion: .finished)
    }

    @inlinable
    func cancel() {
        lock.lock()
        let receiver = downstream
        downstream = nil
        lock.unlock()
        withExtendedLifetime(receiver) {}
    }
}

extension Subscriber {
    /// Sends an empty subscription then `completion`: how publishers that have nothing to
    /// send (`Empty`, `Fail`, a nil optional, a finished subject) end a subscriber.
    @inlinable
    func receiveEmptySubscription(completing completion: Subscribers.Completion<Failure>) {
        receive(subscription: Subscriptions.empty)
        receive(completion: completion)
    }
}

extension OneShotSubscription: CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// The value, unlabelled, as Combine's `Just`, `Optional` and `Once` subscriptions show it.
    @usableFromInline var customMirror: Mirror {
        let children: [Mirror.Child] = [(label: nil, value: value)]
        return Mirror(self, children: children)
    }

    /// The publisher's name, what a playground shows.
    @usableFromInline var playgroundDescription: Any { description }
}
