/// A publisher that eventually produces one value, or fails, and replays that outcome to
/// every subscriber, however late.
///
/// The closure runs at once, when the future is created (wrap it in `Deferred` to wait
/// for a subscriber). It receives a `promise` to call with the outcome; calls after the
/// first are ignored.
///
/// ```swift
/// let answer = Future<Int, Never> { promise in
///     DispatchQueue.global().async { promise(.success(42)) }
/// }
/// let cancellable = answer.sink { print($0) }   // 42, when it is ready
/// ```
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
    /// The function handed to the closure: call it once with the outcome, from any thread.
    ///
    /// Unlike Combine's, this type is `@Sendable`, so that under Swift 6 a callback API's
    /// completion handler running on another queue may call it. Code written for Combine
    /// compiles unchanged; code that relies on this, ported to Combine in Swift 6 mode,
    /// needs `nonisolated(unsafe) let promise = promise` before the capture.
    public typealias Promise = @Sendable (Result<Output, Failure>) -> Void

    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var outcome: Result<Output, Failure>?
    /// Subscriptions waiting for the outcome.
    @usableFromInline @exclusivity(unchecked) var waiting: [FutureSubscription<Output, Failure>] = []

    /// Creates the future and runs `attemptToFulfill` immediately.
    @inlinable
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [self] result in self.fulfil(result) }
    }

    @inlinable
    func fulfil(_ result: Result<Output, Failure>) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        outcome = result
        let ready = waiting
        waiting = []
        lock.unlock()
        for subscription in ready {
            subscription.resolve(result)
        }
    }

    /// Drops a cancelled subscription from the subscriptions waiting for the outcome.
    @usableFromInline
    func remove(_ subscription: FutureSubscription<Output, Failure>) {
        lock.lock()
        let index = waiting.firstIndex { $0 === subscription }
        let removed = index.map { waiting.remove(at: $0) }
        lock.unlock()
        withExtendedLifetime(removed) {}
    }

    /// Attaches `subscriber`; it receives the outcome once it exists and it has demand.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let box = SubscriberBox(subscriber)
        let subscription = FutureSubscription<Output, Failure>(
            parent: self,
            subscriberBox: box,
            receiveValue: { box.subscriber.receive($0) },
            receiveCompletion: { box.subscriber.receive(completion: $0) })
        lock.lock()
        let known = outcome
        if known == nil {
            waiting.append(subscription)
        }
        lock.unlock()
        subscriber.receive(subscription: subscription)
        if let known {
            subscription.resolve(known)
        }
    }
}

/// One subscriber's view of a `Future`: delivers once it has both the outcome and demand
/// (a failure needs no demand).
@usableFromInline
final class FutureSubscription<Output, Failure: Error>: Subscription, @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var receiveValue: ((Output) -> Subscribers.Demand)?
    @usableFromInline @exclusivity(unchecked) var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    @usableFromInline @exclusivity(unchecked) var outcome: Result<Output, Failure>?
    @usableFromInline @exclusivity(unchecked) var hasDemand = false
    /// The future, for the mirror and to leave its list on cancel, until the promise has
    /// delivered the outcome or the subscription is cancelled (see `resolve`); weak, so
    /// that a future nobody else holds can go even while a subscriber waits.
    @usableFromInline weak var parent: Future<Output, Failure>?
    /// The ``SubscriberBox`` the closures call, kept only to show the subscriber in the
    /// mirror; dropped with the closures (which still hold it while they run).
    @usableFromInline @exclusivity(unchecked) var subscriberBox: AnyObject?

    @inlinable
    init(
        parent: Future<Output, Failure>,
        subscriberBox: AnyObject,
        receiveValue: @escaping (Output) -> Subscribers.Demand,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        self.parent = parent
        self.subscriberBox = subscriberBox
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
    }

    /// Hands the outcome over, and delivers it if the subscriber has asked for it (or it
    /// is a failure). As in Combine, the mirror's `parent` is still the future while the
    /// subscriber receives the outcome from here, and `nil` once it has; an outcome that
    /// waits for demand and goes out from `request` leaves `parent` as it is.
    @inlinable
    func resolve(_ result: Result<Output, Failure>) {
        lock.lock()
        outcome = result
        guard deliverIfReadyAndUnlock() else { return }
        lock.lock()
        parent = nil
        lock.unlock()
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        precondition(demand.rawValue != 0, "A Future's subscriber requested .none: demand must be positive")
        lock.lock()
        hasDemand = true
        deliverIfReadyAndUnlock()
    }

    /// Called with the lock held; releases it before calling the subscriber. Returns
    /// whether it delivered the outcome.
    @inlinable
    @discardableResult
    func deliverIfReadyAndUnlock() -> Bool {
        guard let outcome, receiveCompletion != nil else {
            lock.unlock()
            return false
        }
        switch outcome {
        case .success(let value):
            guard hasDemand else {
                lock.unlock()
                return false
            }
            let (onValue, onCompletion) = (receiveValue, receiveCompletion)
            receiveValue = nil
            receiveCompletion = nil
            subscriberBox = nil
            lock.unlock()
            _ = onValue?(value)
            onCompletion?(.finished)
        case .failure(let error):
            let onCompletion = receiveCompletion
            let onValue = receiveValue
            receiveValue = nil
            receiveCompletion = nil
            subscriberBox = nil
            lock.unlock()
            onCompletion?(.failure(error))
            withExtendedLifetime(onValue) {}
        }
        return true
    }

    @inlinable
    func cancel() {
        lock.lock()
        let released = (receiveValue, receiveCompletion)
        receiveValue = nil
        receiveCompletion = nil
        subscriberBox = nil
        let future = parent
        parent = nil
        lock.unlock()
        // Out of the future's list, so that a future still waiting for its outcome does
        // not keep a cancelled subscription (and what it holds) alive.
        future?.remove(self)
        withExtendedLifetime(released) {}
    }
}

extension FutureSubscription: CombineReflectable {
    @usableFromInline var description: String { "Future" }

    /// The future (`nil` once the promise has delivered the outcome, or after a cancel),
    /// the subscriber (`nil` once it has the outcome, or after a cancel) and whether it
    /// has asked for the value, as Combine's mirror shows them (Combine's lists the
    /// future twice, as `parent` and `subject`).
    @usableFromInline var customMirror: Mirror {
        lock.lock()
        let (future, box, demanded) = (parent, subscriberBox as? any ErasedSubscriberBox, hasDemand)
        lock.unlock()
        return Mirror(
            self,
            children: [
                "parent": future as Any, "downstream": box?.erasedSubscriber as Any, "hasAnyDemand": demanded,
                "subject": future as Any,
            ])
    }
}
