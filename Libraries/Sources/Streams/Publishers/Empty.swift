/// A publisher that sends no value, and finishes at once or never.
///
/// ```swift
/// func thumbnails(for url: URL?) -> AnyPublisher<Data, Never> {
///     guard url != nil else { return Empty().eraseToAnyPublisher() }
///     // ...
/// }
/// ```
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
    /// Whether subscribers get `.finished` right away (`true`) or never hear anything.
    public let completeImmediately: Bool

    /// Makes an empty publisher that finishes immediately unless told otherwise.
    @inlinable
    public init(completeImmediately: Bool = true) {
        self.completeImmediately = completeImmediately
    }

    /// Makes an empty publisher, naming its types where they cannot be inferred.
    @inlinable
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.init(completeImmediately: completeImmediately)
    }

    /// Attaches `subscriber` and, if ``completeImmediately``, finishes it.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        if completeImmediately {
            subscriber.receiveEmptySubscription(completing: .finished)
        } else {
            subscriber.receive(subscription: Subscriptions.empty)
        }
    }

    /// Whether both complete the same way (the types already match).
    public static func == (lhs: Empty, rhs: Empty) -> Bool {
        lhs.completeImmediately == rhs.completeImmediately
    }
}
