/// The downstream's single subscription across a series of attempts at the same upstream
/// publisher: the machinery of `retry` (`catch` and `tryCatch`, which move to a different
/// publisher with Combine's own rules, use ``CatchSubscription``).
///
/// Each upstream attempt gets a generation number; events from an attempt that is no
/// longer current are ignored. The downstream's outstanding demand is tracked, so the
/// next attempt is asked for exactly what the previous one still owed.
@usableFromInline
final class Resubscriber<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable {
    @usableFromInline typealias Output = Downstream.Input

    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) var current: (any Subscription)?
    @usableFromInline @exclusivity(unchecked) var generation = 0
    @usableFromInline @exclusivity(unchecked) var outstanding = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var hasSubscribedDownstream = false
    @usableFromInline @exclusivity(unchecked) var isTerminal = false

    /// The operator's name, as Combine describes its subscription ("Catch", "Retry"...).
    @usableFromInline let description: String

    @inlinable
    init(downstream: Downstream, name: String) {
        self.downstream = downstream
        self.description = name
    }

    /// Subscribes to `publisher` as the new current attempt; `onFailure` decides what a
    /// failure of this attempt leads to (called without the lock).
    @inlinable
    func subscribe<P: Publisher>(_ publisher: P, onFailure: @escaping (P.Failure) -> Void)
    where P.Output == Output {
        lock.lock()
        guard !isTerminal else {
            lock.unlock()
            return
        }
        generation += 1
        let attempt = generation
        current = nil
        lock.unlock()
        publisher.subscribe(
            ResubscriberAttempt<P.Failure, Downstream>(
                owner: self, generation: attempt, onFailure: onFailure))
    }

    @inlinable
    func attach(_ subscription: any Subscription, generation attempt: Int) {
        lock.lock()
        guard !isTerminal, attempt == generation, current == nil, let receiver = downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        current = subscription
        let isFirst = !hasSubscribedDownstream
        hasSubscribedDownstream = true
        let owed = outstanding
        lock.unlock()
        if isFirst {
            receiver.receive(subscription: self)
        } else if owed.rawValue != 0 {
            subscription.request(owed)
        }
    }

    @inlinable
    func forward(_ value: Output, generation attempt: Int) -> Subscribers.Demand {
        lock.lock()
        guard !isTerminal, attempt == generation, let receiver = downstream else {
            lock.unlock()
            return .none
        }
        outstanding -= 1
        lock.unlock()
        let more = receiver.receive(value)
        if more.rawValue != 0 {
            lock.lock()
            outstanding += more
            lock.unlock()
        }
        return more
    }

    /// Whether `attempt` is current and may decide the outcome; it stops being current.
    @inlinable
    func endAttempt(_ attempt: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !isTerminal, attempt == generation else { return false }
        current = nil
        return true
    }

    /// Ends the downstream with `completion`.
    @inlinable
    func complete(_ completion: Subscribers.Completion<Downstream.Failure>) {
        lock.lock()
        guard !isTerminal else {
            lock.unlock()
            return
        }
        isTerminal = true
        let receiver = downstream
        downstream = nil
        current = nil
        lock.unlock()
        receiver?.receive(completion: completion)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        guard demand.rawValue != 0 else { return }
        lock.lock()
        outstanding += demand
        let live = current
        lock.unlock()
        live?.request(demand)
    }

    @inlinable
    func cancel() {
        lock.lock()
        isTerminal = true
        let live = current
        current = nil
        let released = downstream
        downstream = nil
        lock.unlock()
        live?.cancel()
        withExtendedLifetime(released) {}
    }
}

/// The subscriber for one attempt of a ``Resubscriber``.
@usableFromInline
struct ResubscriberAttempt<Failure: Error, Downstream: Subscriber>: Subscriber {
    @usableFromInline typealias Input = Downstream.Input

    @usableFromInline let owner: Resubscriber<Downstream>
    @usableFromInline let generation: Int
    @usableFromInline let onFailure: (Failure) -> Void
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(owner: Resubscriber<Downstream>, generation: Int, onFailure: @escaping (Failure) -> Void) {
        self.owner = owner
        self.generation = generation
        self.onFailure = onFailure
    }

    @inlinable
    func receive(subscription: any Subscription) {
        owner.attach(subscription, generation: generation)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        owner.forward(input, generation: generation)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        guard owner.endAttempt(generation) else { return }
        switch completion {
        case .finished: owner.complete(.finished)
        case .failure(let error): onFailure(error)
        }
    }
}

extension ResubscriberAttempt: CombineReflectable {
    /// The operator's name (`"Retry"`), as Combine's subscriber to each attempt calls
    /// itself; no children.
    @usableFromInline var description: String { owner.description }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension Resubscriber: CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// No children, as Combine's `retry` shows.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }

    /// The operator's name, what a playground shows.
    @usableFromInline var playgroundDescription: Any { description }
}
