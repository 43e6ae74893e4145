/// A publisher that sends one value to each subscriber, then finishes.
///
/// ```swift
/// let cancellable = Just(42).sink { print($0) }   // 42
/// ```
///
/// Each subscriber receives the value at its first demand.
public struct Just<Output>: Publisher {
    /// `Just` never fails.
    public typealias Failure = Never

    /// The value sent to every subscriber.
    public let output: Output

    /// Makes a publisher that sends `output` once.
    @inlinable
    public init(_ output: Output) {
        self.output = output
    }

    /// Attaches `subscriber`: it gets `output` at its first demand, then `.finished`.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: OneShotSubscription(value: output, downstream: subscriber, name: "Just"))
    }
}

extension Just: Equatable where Output: Equatable {}
