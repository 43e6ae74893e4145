/// A value-type subscriber that stands in a chain without a subscription of its own:
/// `map`, `filter`, `compactMap`, `mapError` and the key-path maps. It hands the upstream
/// subscription straight to `downstream` and shares its identity; conformers supply
/// only what they do to values (and, when the failure type changes, to the completion).
///
/// Everything here is `@inlinable`, so a specialized chain compiles to direct calls, as
/// if each conformer had written these members itself.
@usableFromInline
protocol ForwardingSubscriber: Subscriber {
    associatedtype Downstream: Subscriber
    /// The subscriber everything is forwarded to.
    var downstream: Downstream { get }
}

extension ForwardingSubscriber {
    /// The chain is identified by its final subscriber.
    @inlinable
    var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }

    @inlinable
    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }
}

extension ForwardingSubscriber where Failure == Downstream.Failure {
    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
