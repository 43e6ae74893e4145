/// The downstream's subscription for `catch` and `tryCatch`: first the upstream, then,
/// after its failure, the replacement publisher made from the error. It follows
/// Combine's catch, stage by stage:
///
/// - While the upstream is live, the downstream's outstanding demand is counted (each
///   value takes one, each request and each demand returned from `receive` adds), and the
///   replacement is asked for exactly that once it subscribes.
/// - From the replacement's subscription on, requests go straight to it.
/// - A cancel reaches whichever subscription is live; between the failure and the
///   replacement's subscription there is none, so, as in Combine, it is ignored there
///   and the replacement is subscribed to and asked for the demand owed.
/// - After a cancel, values the cancelled publisher still sends pass through, with the
///   downstream's demand returned (Combine does not filter them); its completion does
///   not. So do the upstream's values after `tryCatch`'s handler threw. Values or
///   completions after a completion are ignored.
/// - Where Combine's catch stops the program, so does this one: an upstream value
///   beyond the downstream's demand (or before the upstream's subscription), and an
///   upstream failure before its subscription or after its first failure (sent again,
///   or from inside the handler) while the replacement is being subscribed to or live.
@usableFromInline
final class CatchSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable {
    @usableFromInline typealias Output = Downstream.Input

    @usableFromInline
    enum Stage {
        case awaitingUpstream
        case upstream(any Subscription)
        /// The upstream failed; the replacement has not subscribed yet.
        case awaitingReplacement
        case replacement(any Subscription)
        /// Cancelled by the downstream; `afterRecovery` tells whose late values pass.
        case cancelled(afterRecovery: Bool)
        case finished
    }

    @usableFromInline let lock = Lock()
    @usableFromInline let downstream: Downstream
    @usableFromInline @exclusivity(unchecked) var stage = Stage.awaitingUpstream
    /// The downstream's outstanding demand while the upstream is live.
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none

    /// The operator's name, as Combine describes its subscription ("Catch", "TryCatch").
    @usableFromInline let description: String

    @inlinable
    init(downstream: Downstream, name: String) {
        self.downstream = downstream
        self.description = name
    }

    /// Subscribes to `upstream`; `onFailure` gets its error and must call
    /// ``recover(with:mapError:)`` or ``fail(_:)``.
    @inlinable
    func start<P: Publisher>(_ upstream: P, onFailure: @escaping (P.Failure) -> Void) where P.Output == Output {
        upstream.subscribe(CatchUpstreamSubscriber(owner: self, onFailure: onFailure))
    }

    /// Subscribes to the replacement made from the upstream's error.
    @inlinable
    func recover<P: Publisher>(with replacement: P, mapError: @escaping (P.Failure) -> Downstream.Failure)
    where P.Output == Output {
        replacement.subscribe(CatchReplacementSubscriber(owner: self, mapError: mapError))
    }

    /// Fails the downstream instead of recovering (`tryCatch`'s handler threw). As in
    /// Combine, values the upstream still sends afterwards pass through (its completions
    /// do not), as after a cancel of the upstream: the stage says so.
    @inlinable
    func fail(_ error: Downstream.Failure) {
        lock.lock()
        guard case .awaitingReplacement = stage else {
            lock.unlock()
            return
        }
        stage = .cancelled(afterRecovery: false)
        lock.unlock()
        downstream.receive(completion: .failure(error))
    }

    // MARK: The upstream

    @inlinable
    func attachUpstream(_ subscription: any Subscription) {
        lock.lock()
        guard case .awaitingUpstream = stage else {
            lock.unlock()
            subscription.cancel()
            return
        }
        stage = .upstream(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    @inlinable
    func forwardUpstream(_ value: Output) -> Subscribers.Demand {
        lock.lock()
        switch stage {
        case .upstream, .cancelled(afterRecovery: false):
            guard demand.rawValue != 0 else {
                lock.unlock()
                preconditionFailure(
                    "\(description)'s upstream sent a value its subscriber did not ask for: "
                        + "a publisher must send no more values than were requested")
            }
            demand -= 1
        case .awaitingUpstream:
            lock.unlock()
            preconditionFailure("\(description) received a value before its subscription")
        default:
            lock.unlock()
            return .none
        }
        lock.unlock()
        let more = downstream.receive(value)
        if more.rawValue != 0 {
            lock.lock()
            switch stage {
            case .upstream, .cancelled(afterRecovery: false): demand += more
            default: break
            }
            lock.unlock()
        }
        return more
    }

    @inlinable
    func finishUpstream() {
        lock.lock()
        guard case .upstream = stage else {
            lock.unlock()
            return
        }
        stage = .finished
        lock.unlock()
        downstream.receive(completion: .finished)
    }

    /// Whether the upstream's failure starts the recovery (it was live, not cancelled).
    /// A failure before the upstream's subscription, or a second one while the
    /// replacement is being subscribed to or is live, stops the program, as in Combine.
    @inlinable
    func upstreamFailed() -> Bool {
        lock.lock()
        switch stage {
        case .upstream:
            stage = .awaitingReplacement
            lock.unlock()
            return true
        case .awaitingUpstream:
            lock.unlock()
            preconditionFailure("\(description) received a failure before its subscription")
        case .awaitingReplacement, .replacement:
            lock.unlock()
            preconditionFailure(
                "\(description)'s upstream failed a second time (or from inside the handler): "
                    + "a publisher must not send after its completion")
        case .cancelled, .finished:
            lock.unlock()
            return false
        }
    }

    // MARK: The replacement

    @inlinable
    func attachReplacement(_ subscription: any Subscription) {
        lock.lock()
        guard case .awaitingReplacement = stage else {
            lock.unlock()
            subscription.cancel()
            return
        }
        stage = .replacement(subscription)
        let owed = demand
        lock.unlock()
        if owed.rawValue != 0 {
            subscription.request(owed)
        }
    }

    @inlinable
    func forwardReplacement(_ value: Output) -> Subscribers.Demand {
        lock.lock()
        switch stage {
        case .replacement, .cancelled(afterRecovery: true):
            lock.unlock()
            return downstream.receive(value)
        default:
            lock.unlock()
            return .none
        }
    }

    @inlinable
    func completeReplacement(_ completion: Subscribers.Completion<Downstream.Failure>) {
        lock.lock()
        guard case .replacement = stage else {
            lock.unlock()
            return
        }
        stage = .finished
        lock.unlock()
        downstream.receive(completion: completion)
    }

    // MARK: Subscription

    @inlinable
    func request(_ more: Subscribers.Demand) {
        precondition(more.rawValue != 0, "request(.none) is not allowed: demand must be greater than zero")
        lock.lock()
        switch stage {
        case .upstream(let live):
            demand += more
            lock.unlock()
            live.request(more)
        case .awaitingReplacement:
            demand += more
            lock.unlock()
        case .replacement(let live):
            lock.unlock()
            live.request(more)
        default:
            lock.unlock()
        }
    }

    @inlinable
    func cancel() {
        lock.lock()
        switch stage {
        case .upstream(let live):
            stage = .cancelled(afterRecovery: false)
            lock.unlock()
            live.cancel()
        case .replacement(let live):
            stage = .cancelled(afterRecovery: true)
            lock.unlock()
            live.cancel()
        default:
            lock.unlock()
        }
    }
}

/// The subscriber to the upstream of a ``CatchSubscription``.
@usableFromInline
struct CatchUpstreamSubscriber<Failure: Error, Downstream: Subscriber>: Subscriber {
    @usableFromInline typealias Input = Downstream.Input

    @usableFromInline let owner: CatchSubscription<Downstream>
    @usableFromInline let onFailure: (Failure) -> Void
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(owner: CatchSubscription<Downstream>, onFailure: @escaping (Failure) -> Void) {
        self.owner = owner
        self.onFailure = onFailure
    }

    @inlinable
    func receive(subscription: any Subscription) {
        owner.attachUpstream(subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        owner.forwardUpstream(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished:
            owner.finishUpstream()
        case .failure(let error):
            if owner.upstreamFailed() {
                onFailure(error)
            }
        }
    }
}

extension CatchUpstreamSubscriber: CombineReflectable {
    /// Named and shown as the downstream's subscription, as Combine's catch shows it to
    /// its upstream.
    @usableFromInline var description: String { owner.description }
    @usableFromInline var customMirror: Mirror { owner.customMirror }
}

/// The subscriber to the replacement publisher of a ``CatchSubscription``.
@usableFromInline
struct CatchReplacementSubscriber<Failure: Error, Downstream: Subscriber>: Subscriber {
    @usableFromInline typealias Input = Downstream.Input

    @usableFromInline let owner: CatchSubscription<Downstream>
    @usableFromInline let mapError: (Failure) -> Downstream.Failure
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(owner: CatchSubscription<Downstream>, mapError: @escaping (Failure) -> Downstream.Failure) {
        self.owner = owner
        self.mapError = mapError
    }

    @inlinable
    func receive(subscription: any Subscription) {
        owner.attachReplacement(subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        owner.forwardReplacement(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: owner.completeReplacement(.finished)
        case .failure(let error): owner.completeReplacement(.failure(mapError(error)))
        }
    }
}

extension CatchReplacementSubscriber: CombineReflectable {
    /// Named and shown as the downstream's subscription, as Combine's catch shows it to
    /// the replacement publisher.
    @usableFromInline var description: String { owner.description }
    @usableFromInline var customMirror: Mirror { owner.customMirror }
}

extension CatchSubscription: CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// The subscriber and the demand it has outstanding, as Combine's mirror shows them.
    @usableFromInline var customMirror: Mirror {
        lock.lock()
        let outstanding = demand
        lock.unlock()
        return Mirror(self, children: ["downstream": downstream, "demand": outstanding])
    }

    /// The operator's name, what a playground shows.
    @usableFromInline var playgroundDescription: Any { description }
}
