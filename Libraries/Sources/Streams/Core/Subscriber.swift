/// A type that receives values, and then one completion, from a publisher.
///
/// A subscriber first receives a ``Subscription`` and requests values through it; every
/// value it receives may grant more demand through the returned ``Subscribers/Demand``.
/// After a completion it receives nothing more.
///
/// ```swift
/// final class Printer: Subscriber {
///     func receive(subscription: any Subscription) { subscription.request(.max(2)) }
///     func receive(_ input: Int) -> Subscribers.Demand { print(input); return .none }
///     func receive(completion: Subscribers.Completion<Never>) { print("done") }
/// }
/// [1, 2, 3].publisher.subscribe(Printer())   // 1, 2 (only two requested)
/// ```
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    /// The type of values this subscriber accepts.
    associatedtype Input
    /// The type of error this subscriber accepts; `Never` if it accepts none.
    associatedtype Failure: Error

    /// Receives the subscription, exactly once, before anything else.
    func receive(subscription: any Subscription)

    /// Receives one value and returns how many more values it wants in addition to the
    /// demand still outstanding (`.none` for no change).
    func receive(_ input: Input) -> Subscribers.Demand

    /// Receives the completion; nothing arrives after it.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Receives a `Void` value: `subscriber.receive()` instead of `receive(())`.
    @inlinable
    public func receive() -> Subscribers.Demand {
        receive(())
    }
}
