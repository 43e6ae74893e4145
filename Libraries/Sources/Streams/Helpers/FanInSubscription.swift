/// What `MergeSubscription`, `CombiningSubscription` and `SwitchToLatestSubscription`
/// have in common: one subscription to the downstream fed by several upstreams, and the
/// bookkeeping for ending it.
///
/// Subclasses keep their own buffers and delivery loop, guarded by the same `lock`; they
/// hand those buffers over in ``takeBuffered()`` when the subscription ends. `delivering`
/// marks the thread that currently drains towards the downstream, so the lock is never
/// held while the downstream runs.
class FanInSubscription<Downstream: Subscriber> {
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    final let lock = Lock()
    // All guarded by `lock`.
    final var downstream: Downstream?
    final var upstreams: [SubscriptionState]
    final var delivering = false
    // A failure waiting for the deliverer. Merge and combine deliver it ahead of any
    // buffered value; switchToLatest after the values it already queued.
    final var pendingFailure: Failure?
    final var terminated = false

    init(downstream: Downstream, upstreamCount: Int) {
        self.downstream = downstream
        upstreams = Array(repeating: .awaiting, count: upstreamCount)
    }

    /// Empties whatever the subclass buffers and returns it, for the caller to release
    /// after unlocking (a buffered value's deinit may send into one of the upstreams).
    /// Called with the lock held when the subscription ends.
    func takeBuffered() -> Any { () }

    /// Records `subscription` as upstream `index`'s. Returns with the lock held when it
    /// was recorded; otherwise cancels it, releases the lock and returns `false`.
    final func attachLocked(_ subscription: any Subscription, at index: Int) -> Bool {
        lock.lock()
        guard !terminated, upstreams[index].attach(subscription) else {
            lock.unlock()
            subscription.cancel()
            return false
        }
        return true
    }

    func cancel() {
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        let (subscriptions, leftovers) = terminate()
        lock.unlock()
        for subscription in subscriptions {
            subscription.cancel()
        }
        _fixLifetime(leftovers)
    }

    /// Called with the lock held; returns with it released. Ends the subscription,
    /// cancels the upstreams still live, then sends `completion` downstream.
    final func end(with completion: Subscribers.Completion<Failure>) {
        let downstream = self.downstream
        let (others, leftovers) = terminate()
        lock.unlock()
        for subscription in others {
            subscription.cancel()
        }
        downstream?.receive(completion: completion)
        _fixLifetime(leftovers)
    }

    /// Marks the subscription finished. Returns the upstream subscriptions to cancel and
    /// what it let go of (the downstream, a waiting failure, buffered values), which the
    /// caller releases only after unlocking: releasing runs deinits, which are user code.
    /// Call with the lock held.
    final func terminate() -> (subscriptions: [any Subscription], leftovers: Any) {
        terminated = true
        let leftovers: Any = (downstream as Any, pendingFailure as Any, takeBuffered())
        downstream = nil
        pendingFailure = nil
        var subscriptions: [any Subscription] = []
        for index in upstreams.indices {
            if let subscription = upstreams[index].terminate() { subscriptions.append(subscription) }
        }
        return (subscriptions, leftovers)
    }
}
