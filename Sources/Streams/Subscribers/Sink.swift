extension Subscribers {
    /// A subscriber that requests every value and hands each one, and the completion, to
    /// closures. Usually made with ``Publisher/sink(receiveCompletion:receiveValue:)``.
    ///
    /// ```swift
    /// let sink = Subscribers.Sink<Int, Never>(
    ///     receiveCompletion: { print("completion:", $0) },
    ///     receiveValue: { print("value:", $0) })
    /// [1, 2].publisher.subscribe(sink)
    /// ```
    ///
    /// Cancelling or completing releases the upstream subscription. The closures stay
    /// alive as long as the sink (keep `[weak self]` in them if `self` owns the sink).
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible,
        @unchecked Sendable
    {
        /// Called with every value.
        public let receiveValue: (Input) -> Void
        /// Called once with the completion.
        public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

        @usableFromInline let lock = Lock()
        @usableFromInline @exclusivity(unchecked) var state = SubscriptionState.awaiting
        /// Set on completion or cancel, so later values are ignored (read without the lock).
        @usableFromInline let ended = TerminationFlag()

        /// Makes a sink from its two closures.
        @inlinable
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        /// Keeps the subscription and requests unlimited values; a second subscription, or
        /// one arriving after cancel, is cancelled.
        @inlinable
        public func receive(subscription: any Subscription) {
            lock.lock()
            let accepted = state.attach(subscription)
            lock.unlock()
            if accepted {
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
        }

        /// Calls ``receiveValue``; the sink already asked for everything.
        @inlinable
        public func receive(_ value: Input) -> Subscribers.Demand {
            // As in Combine: a value after the completion or cancel is ignored; one before
            // the subscription is not.
            guard !ended.isSet else { return .none }
            receiveValue(value)
            return .none
        }

        /// Calls ``receiveCompletion`` once and releases the subscription.
        @inlinable
        public func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let wasTerminal = state.isTerminal
            _ = state.terminate()
            ended.set()
            lock.unlock()
            if !wasTerminal {
                receiveCompletion(completion)
            }
        }

        /// Cancels the upstream subscription.
        @inlinable
        public func cancel() {
            lock.lock()
            let upstream = state.terminate()
            ended.set()
            lock.unlock()
            upstream?.cancel()
        }

        /// `"Sink"`.
        public var description: String { "Sink" }

        /// No children, as Combine's sink shows none (its closures say nothing useful).
        public var customMirror: Mirror { Mirror(self, children: [:]) }

        /// `"Sink"`, what a playground shows.
        public var playgroundDescription: Any { description }
    }
}

extension Publisher {
    /// Subscribes with closures for the values and the completion, requesting every value.
    ///
    /// ```swift
    /// let cancellable = URLSession.shared.dataTaskPublisher(for: url)
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0.data.count) })
    /// ```
    ///
    /// - Returns: Keep it: releasing it cancels the subscription.
    @inlinable
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        receive(subscriber: sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Subscribes with a closure for the values, requesting every value. Only publishers
    /// that cannot fail offer it; others need ``sink(receiveCompletion:receiveValue:)``.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher.sink { print($0) }
    /// ```
    ///
    /// - Returns: Keep it: releasing it cancels the subscription.
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
