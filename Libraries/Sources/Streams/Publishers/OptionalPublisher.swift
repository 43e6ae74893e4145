extension Optional {
    /// A publisher that sends the wrapped value, if any, then finishes.
    ///
    /// ```swift
    /// let name: String? = "Ada"
    /// let cancellable = name.publisher.sink { print($0) }   // Ada
    /// ```
    public struct Publisher: Streams.Publisher {
        /// The wrapped type.
        public typealias Output = Wrapped
        /// It never fails.
        public typealias Failure = Never

        /// The value to send, or `nil` to finish without one.
        public let output: Wrapped?

        /// Makes a publisher for `output`.
        @inlinable
        public init(_ output: Wrapped?) {
            self.output = output
        }

        /// Attaches `subscriber`: a value is sent at its first demand; `nil` finishes at once.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Wrapped, S.Failure == Never {
            if let output {
                subscriber.receive(
                    subscription: OneShotSubscription(value: output, downstream: subscriber, name: "Optional"))
            } else {
                subscriber.receiveEmptySubscription(completing: .finished)
            }
        }
    }

    // Disfavoured so that code which declares its own `Optional.publisher` for systems
    // whose Combine lacked one (as CombineExt does) still compiles: its own wins.
    /// A publisher of the wrapped value, if any.
    @_disfavoredOverload
    @inlinable
    public var publisher: Publisher {
        Publisher(self)
    }
}

extension Optional.Publisher: Equatable where Wrapped: Equatable {}
