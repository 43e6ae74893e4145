/// A type that sends a sequence of values over time to subscribers, then possibly one
/// completion.
///
/// A publisher does nothing until something subscribes. Subscribing hands the subscriber
/// a ``Subscription``; the subscriber requests values through it, and the publisher
/// sends at most as many values as requested, then at most one ``Subscribers/Completion``.
///
/// ```swift
/// let cancellable = [1, 2, 3].publisher
///     .map { $0 * 10 }
///     .sink { print($0) }   // 10, 20, 30
/// ```
///
/// To write your own publisher, implement ``receive(subscriber:)``. To attach a subscriber,
/// call ``subscribe(_:)->()``.
public protocol Publisher<Output, Failure> {
    /// The type of the values this publisher sends.
    associatedtype Output
    /// The type of error this publisher may fail with; `Never` if it cannot fail.
    associatedtype Failure: Error

    /// Attaches `subscriber`: the publisher must call its
    /// ``Subscriber/receive(subscription:)`` exactly once, now or later.
    ///
    /// Called by ``subscribe(_:)->()``; implement it, but call `subscribe(_:)`.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches `subscriber` to this publisher.
    ///
    /// ```swift
    /// Just(5).subscribe(Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { print($0) }))
    /// ```
    @inlinable
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}
