/// A publisher that fails at once with a given error, sending no value.
///
/// ```swift
/// Fail<Int, ParseError>(error: .badDigit)
///     .sink(receiveCompletion: { print($0) }, receiveValue: { _ in })   // failure(badDigit)
/// ```
public struct Fail<Output, Failure: Error>: Publisher {
    /// The error every subscriber receives.
    public let error: Failure

    /// Makes a publisher that fails with `error`.
    @inlinable
    public init(error: Failure) {
        self.error = error
    }

    /// Makes a failing publisher, naming the output type where it cannot be inferred.
    @inlinable
    public init(outputType: Output.Type, failure: Failure) {
        self.error = failure
    }

    /// Attaches `subscriber` and fails it with ``error``.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receiveEmptySubscription(completing: .failure(error))
    }
}

extension Fail: Equatable where Failure: Equatable {
    /// Whether both fail with equal errors.
    public static func == (lhs: Fail, rhs: Fail) -> Bool {
        lhs.error == rhs.error
    }
}
