/// Stands in front of a ``StepSubscriber`` for the operators that read the whole upstream,
/// or search it, before they can answer: `reduce`, `collect()`, `count`, `contains`,
/// `allSatisfy`, `min`/`max`, `first`/`last` (with their `where` and `try` forms) and
/// `ignoreOutput`. As in Combine, such an operator asks its upstream for unlimited values
/// as soon as it subscribes, whatever the downstream's demand: that demand is only for the
/// one answer, which the `StepSubscriber` holds back until the downstream asks for it.
/// Without this, a subject's values sent before the downstream's first request would be
/// dropped by the subject and never counted.
@usableFromInline
struct UnlimitedUpstreamDemand<Inner: Subscriber>: ForwardingSubscriber {
    @usableFromInline typealias Input = Inner.Input
    @usableFromInline typealias Failure = Inner.Failure

    @usableFromInline let downstream: Inner

    @inlinable
    init(_ inner: Inner) {
        downstream = inner
    }

    @inlinable
    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
        // A subscription the inner subscriber refused or that the downstream cancelled
        // meanwhile ignores this request, as the subscription contract requires.
        subscription.request(.unlimited)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        // The upstream already has unlimited demand; what the inner subscriber hands
        // back would add nothing.
        _ = downstream.receive(input)
        return .none
    }
}

extension UnlimitedUpstreamDemand: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// The operator it stands in front of shows itself: this adapter is not an operator
    /// of its own (Combine's reducing operators ask for everything themselves).
    @usableFromInline var description: String { String(describing: downstream) }
    @usableFromInline var customMirror: Mirror { Mirror(reflecting: downstream) }
    @usableFromInline var playgroundDescription: Any {
        (downstream as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription ?? description
    }
}
