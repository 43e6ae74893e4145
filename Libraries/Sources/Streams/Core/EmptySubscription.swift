extension Subscriptions {
    /// A subscription that ignores requests and cancellation.
    ///
    /// Publishers that finish or fail without sending values hand it to the subscriber
    /// before the completion, as the protocol requires a subscription first.
    ///
    /// ```swift
    /// subscriber.receive(subscription: Subscriptions.empty)
    /// subscriber.receive(completion: .finished)
    /// ```
    public static var empty: any Subscription { EmptySubscription.shared }
}

/// The one instance behind ``Subscriptions/empty``.
@usableFromInline
final class EmptySubscription: Subscription, CustomStringConvertible, Sendable {
    @usableFromInline static let shared = EmptySubscription()

    private init() {}

    @usableFromInline func request(_ demand: Subscribers.Demand) {}
    @usableFromInline func cancel() {}
    @usableFromInline var description: String { "Empty" }
}

extension EmptySubscription: CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// No children, as Combine's empty subscription shows.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }

    /// `"Empty"`, what a playground shows.
    @usableFromInline var playgroundDescription: Any { description }
}
