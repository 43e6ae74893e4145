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
    /// alive as long as the sink. The sink that ``Publisher/sink(receiveCompletion:receiveValue:)``
    /// makes is let go of by its cancellable when it completes or is cancelled, so its
    /// closures go too, as in Combine: an object that keeps that cancellable and is
    /// captured by the closures is freed once the stream has ended.
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
        /// The cancellable ``Publisher/sink(receiveCompletion:receiveValue:)`` returned
        /// for this sink, not retained: set before the subscription, cleared under `lock`
        /// when the sink ends (see ``releaseCancellableLocked()``).
        @usableFromInline @exclusivity(unchecked) var canceller: Unmanaged<AnyCancellable>?

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
        /// one arriving after the completion or a cancel, is cancelled.
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
            let (upstream, wasTerminal) = state.terminateTellingIfTerminal()
            ended.set()
            let released = releaseCancellableLocked()
            lock.unlock()
            if !wasTerminal {
                receiveCompletion(completion)
            }
            // The subscription too is let go of after unlocking: this may be the last
            // reference to it, and its deinit is user code that may cancel this sink.
            withExtendedLifetime((released, upstream)) {}
        }

        /// Cancels the upstream subscription. As in Combine, a sink that has no
        /// subscription yet ignores it: values still reach it, and a subscription that
        /// arrives later is accepted.
        @inlinable
        public func cancel() {
            lock.lock()
            let (upstream, wasAwaiting) = state.terminateUnlessAwaiting()
            guard !wasAwaiting else {
                lock.unlock()
                return
            }
            ended.set()
            let released = releaseCancellableLocked()
            lock.unlock()
            if let live = consume upstream { live.cancel() }
            withExtendedLifetime(released) {}
        }

        /// ``cancel()`` run by the cancellable ``Publisher/sink(receiveCompletion:receiveValue:)``
        /// returned, which has already given up its action: it needs no asking to let go.
        @inlinable
        func cancelFromCancellable() {
            lock.lock()
            canceller = nil
            // As `cancel()`: without a subscription yet, the sink goes on.
            let (upstream, wasAwaiting) = state.terminateUnlessAwaiting()
            guard !wasAwaiting else {
                lock.unlock()
                return
            }
            ended.set()
            lock.unlock()
            if let live = consume upstream { live.cancel() }
        }

        /// Makes the cancellable that ``Publisher/sink(receiveCompletion:receiveValue:)``
        /// returned let go of this sink, which has ended (lock held; the caller releases
        /// what it returns after unlocking). Then only the upstream keeps the sink, until
        /// it lets go at the end too, so the sink and its closures are freed, and what they
        /// capture, even an object that keeps that cancellable, as Combine frees them.
        ///
        /// The closures are not emptied instead: a value reads `receiveValue` without
        /// retaining it, so emptying it could free a closure still running (a cancel from
        /// inside it). The cancellable is reached without a reference but with this lock
        /// held: its deinit runs its action, which cancels this sink and so waits for the
        /// lock, and takes the action under its own lock (see `AnyCancellable.releaseAction(cancelling:)`).
        @inlinable
        func releaseCancellableLocked() -> (() -> Void)? {
            guard let cancellable = canceller else { return nil }
            canceller = nil
            return cancellable._withUnsafeGuaranteedRef { $0.releaseAction(cancelling: false) }
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
        receiveCompletion: consuming @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: consuming @escaping (Output) -> Void
    ) -> AnyCancellable {
        // The closures are `consuming` so that they move into the sink: borrowed, they
        // would be copied into it (a retain of what they capture) and released here.
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        let cancellable = AnyCancellable { sink.cancelFromCancellable() }
        sink.canceller = Unmanaged.passUnretained(cancellable)
        receive(subscriber: sink)
        return cancellable
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
    public func sink(receiveValue: consuming @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
