extension Result {
    /// A publisher that sends the success value then finishes, or fails with the error.
    ///
    /// ```swift
    /// let parsed: Result<Int, ParseError> = .success(7)
    /// parsed.publisher.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // 7, finished
    /// ```
    public struct Publisher: Streams.Publisher {
        /// The success type.
        public typealias Output = Success

        /// What every subscriber receives.
        public let result: Result<Success, Failure>

        /// Makes a publisher of `result`.
        @inlinable
        public init(_ result: Result<Success, Failure>) {
            self.result = result
        }

        /// Makes a publisher that sends `output` then finishes.
        @inlinable
        public init(_ output: Success) {
            self.init(.success(output))
        }

        /// Makes a publisher that fails with `failure`.
        @inlinable
        public init(_ failure: Failure) {
            self.init(.failure(failure))
        }

        /// Attaches `subscriber`: success is sent at its first demand; failure at once.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Success, S.Failure == Failure {
            switch result {
            case .success(let output):
                subscriber.receive(
                    subscription: OneShotSubscription(value: output, downstream: subscriber, name: "Once"))
            case .failure(let error):
                subscriber.receiveEmptySubscription(completing: .failure(error))
            }
        }
    }

    /// A publisher of this result.
    @inlinable
    public var publisher: Publisher {
        Publisher(self)
    }
}

extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {}
