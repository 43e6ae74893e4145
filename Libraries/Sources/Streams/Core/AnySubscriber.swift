/// A type-erased subscriber: forwards every event to a wrapped subscriber or closures.
///
/// Use it to store subscribers of different concrete types together, or to make a
/// subscriber from closures.
///
/// ```swift
/// let printer = AnySubscriber<Int, Never>(
///     receiveSubscription: { $0.request(.unlimited) },
///     receiveValue: { print($0); return .none },
///     receiveCompletion: { print($0) })
/// [1, 2].publisher.subscribe(printer)
/// ```
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    @usableFromInline let receiveSubscriptionBody: (any Subscription) -> Void
    @usableFromInline let receiveValueBody: (Input) -> Subscribers.Demand
    @usableFromInline let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void

    /// The identifier of the wrapped subscriber, or a fresh one for closures.
    public let combineIdentifier: CombineIdentifier
    /// The wrapped subscriber (`nil` for closures), for the description and mirror only.
    @usableFromInline let wrapped: Any?

    /// Wraps `subscriber`; events go to it, and it keeps its identifier. Wrapping an
    /// `AnySubscriber` again does not nest.
    @inlinable
    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        if let erased = subscriber as? AnySubscriber<Input, Failure> {
            self = erased
            return
        }
        combineIdentifier = subscriber.combineIdentifier
        wrapped = subscriber
        receiveSubscriptionBody = subscriber.receive(subscription:)
        receiveValueBody = subscriber.receive(_:)
        receiveCompletionBody = subscriber.receive(completion:)
    }

    /// Wraps `subject`, as `publisher.subscribe(subject)` does: the subscription it
    /// receives is handed to the subject, which asks for values once it has subscribers
    /// with demand, and the values and the completion are sent to it.
    @inlinable
    public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
        self.init(SubjectFeeder(subject: subject))
    }

    /// A subscriber made of closures; a missing closure ignores its event, and a missing
    /// `receiveValue` grants no extra demand.
    @inlinable
    public init(
        receiveSubscription: ((any Subscription) -> Void)? = nil,
        receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        combineIdentifier = CombineIdentifier()
        wrapped = nil
        receiveSubscriptionBody = receiveSubscription ?? { _ in }
        receiveValueBody = receiveValue ?? { _ in .none }
        receiveCompletionBody = receiveCompletion ?? { _ in }
    }

    /// Forwards the subscription.
    @inlinable
    public func receive(subscription: any Subscription) {
        receiveSubscriptionBody(subscription)
    }

    /// Forwards the value and returns the wrapped subscriber's extra demand.
    @inlinable
    public func receive(_ value: Input) -> Subscribers.Demand {
        receiveValueBody(value)
    }

    /// Forwards the completion.
    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) {
        receiveCompletionBody(completion)
    }

    /// The wrapped subscriber's description (its type's name if it has none), as
    /// Combine's shows; `"Anonymous AnySubscriber"` for one made of closures.
    public var description: String {
        guard let wrapped else { return "Anonymous AnySubscriber" }
        return (wrapped as? any CustomStringConvertible)?.description ?? String(describing: type(of: wrapped))
    }

    /// The wrapped subscriber's mirror (one with no children if it has none); for closures,
    /// the mirror of the description, as in Combine.
    public var customMirror: Mirror {
        guard let wrapped else { return Mirror(reflecting: description) }
        return (wrapped as? any CustomReflectable)?.customMirror ?? Mirror(wrapped, children: [:])
    }

    /// What a playground shows of the wrapped subscriber, else the description.
    public var playgroundDescription: Any {
        (wrapped as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription ?? description
    }
}
