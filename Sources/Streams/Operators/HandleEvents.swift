extension Publishers {
    /// A publisher that calls closures on each event, before passing the event on.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The observed publisher.
        public let upstream: Upstream
        /// Called with the upstream subscription when it arrives.
        public var receiveSubscription: ((any Subscription) -> Void)?
        /// Called with each value.
        public var receiveOutput: ((Upstream.Output) -> Void)?
        /// Called with the completion.
        public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
        /// Called when the downstream cancels.
        public var receiveCancel: (() -> Void)?
        /// Called with each demand the downstream requests.
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        /// Makes the publisher; usually written `upstream.handleEvents(...)`.
        @inlinable
        public init(
            upstream: Upstream,
            receiveSubscription: ((any Subscription) -> Void)? = nil,
            receiveOutput: ((Upstream.Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)? = nil,
            receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)?
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        /// Attaches `subscriber` behind the observing closures.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: EventTap(
                downstream: subscriber,
                hooks: EventHooks(
                    subscription: receiveSubscription, output: receiveOutput, completion: receiveCompletion,
                    cancel: receiveCancel, request: receiveRequest, synchronousRequest: nil)))
        }
    }
}

extension Publisher {
    /// Calls the given closures when the matching event passes through, each before the
    /// event is passed on; the stream itself is unchanged. Useful for logging and side
    /// effects such as showing a spinner.
    ///
    /// ```swift
    /// let cancellable = fetch()
    ///     .handleEvents(receiveSubscription: { _ in spinner.start() },
    ///                   receiveCompletion: { _ in spinner.stop() },
    ///                   receiveCancel: { spinner.stop() })
    ///     .sink { show($0) }
    /// ```
    @inlinable
    public func handleEvents(
        receiveSubscription: ((any Subscription) -> Void)? = nil,
        receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest)
    }
}

/// The observing closures of an ``EventTap``; `nil` ones are skipped.
@usableFromInline
struct EventHooks<Output, Failure: Error> {
    @usableFromInline let subscription: ((any Subscription) -> Void)?
    @usableFromInline let output: ((Output) -> Void)?
    @usableFromInline let completion: ((Subscribers.Completion<Failure>) -> Void)?
    @usableFromInline let cancel: (() -> Void)?
    @usableFromInline let request: ((Subscribers.Demand) -> Void)?
    /// Called with a non-zero demand the downstream returns from `receive(_:)` (`print`).
    @usableFromInline let synchronousRequest: ((Subscribers.Demand) -> Void)?

    @inlinable
    init(
        subscription: ((any Subscription) -> Void)?, output: ((Output) -> Void)?,
        completion: ((Subscribers.Completion<Failure>) -> Void)?, cancel: (() -> Void)?,
        request: ((Subscribers.Demand) -> Void)?, synchronousRequest: ((Subscribers.Demand) -> Void)?
    ) {
        self.subscription = subscription
        self.output = output
        self.completion = completion
        self.cancel = cancel
        self.request = request
        self.synchronousRequest = synchronousRequest
    }
}

/// Sits between upstream and downstream (as the downstream's subscription, so that it
/// sees requests and cancellation) and calls the hooks, without holding its lock, before
/// passing each event on. Shared by `handleEvents` and `print`.
@usableFromInline
final class EventTap<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var upstream = SubscriptionState.awaiting
    @usableFromInline let downstream: Downstream
    @usableFromInline let hooks: EventHooks<Input, Failure>

    @inlinable
    init(downstream: Downstream, hooks: EventHooks<Input, Failure>) {
        self.downstream = downstream
        self.hooks = hooks
    }

    @usableFromInline var description: String { "HandleEvents" }

    @inlinable
    func receive(subscription: any Subscription) {
        lock.lock()
        guard upstream.attach(subscription) else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lock.unlock()
        hooks.subscription?(subscription)
        downstream.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        hooks.output?(input)
        let more = downstream.receive(input)
        if more.rawValue != 0 {
            hooks.synchronousRequest?(more)
        }
        return more
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !upstream.isTerminal else {
            lock.unlock()
            return
        }
        _ = upstream.terminate()
        lock.unlock()
        hooks.completion?(completion)
        downstream.receive(completion: completion)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        hooks.request?(demand)
        lock.lock()
        let live = upstream.subscription
        lock.unlock()
        live?.request(demand)
    }

    @inlinable
    func cancel() {
        lock.lock()
        let live = upstream.terminate()
        lock.unlock()
        guard let live else { return }
        hooks.cancel?()
        live.cancel()
    }
}
