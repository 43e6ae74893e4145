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
///
/// As Combine's, it passes every event on, misuse included: a value or completion after
/// the completion or cancel still reaches the downstream; an extra subscription is
/// reported to the subscription hook, then cancelled; demand requested before the
/// subscription arrives is reported at once and requested from the upstream once it
/// does; and a subscription arriving after a cancel that came before any subscription is
/// reported, then left alone (neither passed on nor cancelled). `handleEvents`' hooks stop
/// at the completion or cancel; `print` logs everything, to the end and after it, as
/// Combine's does.
@usableFromInline
final class EventTap<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var upstream = SubscriptionState.awaiting
    /// Demand requested before the subscription arrived, requested from it on arrival.
    @usableFromInline @exclusivity(unchecked) var pendingDemand = Subscribers.Demand.none
    /// Whether the downstream cancelled before any subscription arrived.
    @usableFromInline @exclusivity(unchecked) var cancelledBeforeSubscription = false
    /// Set at the completion or cancel, so that the value hooks stop (read without the lock).
    @usableFromInline let ended = TerminationFlag()
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
        if cancelledBeforeSubscription {
            lock.unlock()
            hooks.subscription?(subscription)
            return
        }
        guard upstream.attach(subscription) else {
            lock.unlock()
            hooks.subscription?(subscription)
            subscription.cancel()
            return
        }
        let pending = pendingDemand
        pendingDemand = .none
        lock.unlock()
        hooks.subscription?(subscription)
        downstream.receive(subscription: self)
        if pending.rawValue != 0 {
            subscription.request(pending)
        }
    }

    /// Whether the hooks still run: `print`'s always do (see the type's documentation).
    @inlinable @inline(__always)
    var hooksRun: Bool { hooks.isPrint || !ended.isSet }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        let live = hooksRun
        if live {
            hooks.output?(input)
        }
        let more = downstream.receive(input)
        if live, more.rawValue != 0 {
            hooks.synchronousRequest?(more)
        }
        return more
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !upstream.isTerminal else {
            lock.unlock()
            if hooks.isPrint {
                hooks.completion?(completion)
            }
            downstream.receive(completion: completion)
            return
        }
        // Let go of at return, after unlocking: this may be the last reference to the
        // subscription, whose deinit may call back into this subscriber.
        let finished = upstream.terminate()
        defer { withExtendedLifetime(finished) {} }
        ended.set()
        lock.unlock()
        hooks.completion?(completion)
        downstream.receive(completion: completion)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let live: (any Subscription)?
        switch upstream {
        case .awaiting:
            pendingDemand += demand
            live = nil
        case .subscribed(let subscription):
            live = subscription
        case .terminal:
            lock.unlock()
            if hooks.isPrint {
                hooks.request?(demand)
            }
            return
        }
        lock.unlock()
        hooks.request?(demand)
        live?.request(demand)
    }

    @inlinable
    func cancel() {
        lock.lock()
        if case .awaiting = upstream {
            upstream = .terminal
            cancelledBeforeSubscription = true
            ended.set()
            lock.unlock()
            hooks.cancel?()
            return
        }
        let live = upstream.terminate()
        ended.set()
        lock.unlock()
        guard let live else {
            if hooks.isPrint {
                hooks.cancel?()
            }
            return
        }
        hooks.cancel?()
        live.cancel()
    }
}

extension EventTap: CombineReflectable {
    @usableFromInline var description: String { hooks.isPrint ? "Print" : "HandleEvents" }
    /// No children, as in Combine.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}
