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
    /// Whether the tap logs for `print` (it then calls itself `"Print"`, as Combine's
    /// does) rather than running `handleEvents`' closures.
    @usableFromInline let isPrint: Bool

    @inlinable
    init(
        isPrint: Bool = false,
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
        self.isPrint = isPrint
    }
}

/// Sits between upstream and downstream (as the downstream's subscription, so that it
/// sees requests and cancellation) and calls the hooks, without holding its lock, before
/// passing each event on. Shared by `handleEvents` and `print`.
@usableFromInline
final class EventTap<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable {
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
        // Let go of at return, after unlocking: this may be the last reference to the
        // subscription, whose deinit may call back into this subscriber.
        let ended = upstream.terminate()
        defer { withExtendedLifetime(ended) {} }
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

extension EventTap: CombineReflectable {
    @usableFromInline var description: String { hooks.isPrint ? "Print" : "HandleEvents" }
    /// No children, as in Combine.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}
