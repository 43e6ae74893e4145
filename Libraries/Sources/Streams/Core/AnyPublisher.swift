/// A type-erased publisher: hides the concrete operator chain behind its output and
/// failure types.
///
/// Return it from APIs so that callers depend only on what is published, not on how.
/// Make one with ``Publisher/eraseToAnyPublisher()``.
///
/// ```swift
/// func evenNumbers(from subject: PassthroughSubject<Int, Never>) -> AnyPublisher<Int, Never> {
///     subject.filter { $0.isMultiple(of: 2) }.eraseToAnyPublisher()
/// }
/// ```
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
    /// Subscribes an erased subscriber to the wrapped publisher. Erasing the subscriber
    /// happens once per subscription, so values cost one indirect call, not a box.
    @usableFromInline let subscribeBody: (AnySubscriber<Output, Failure>) -> Void

    /// Wraps `publisher`. Wrapping an `AnyPublisher` again does not nest.
    @inlinable
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            self = erased
            return
        }
        subscribeBody = { publisher.subscribe($0) }
    }

    /// Attaches `subscriber` to the wrapped publisher.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribeBody(AnySubscriber(subscriber))
    }

    /// `"AnyPublisher"`.
    public var description: String { "AnyPublisher" }
}
