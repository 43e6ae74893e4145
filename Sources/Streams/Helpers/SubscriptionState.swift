/// Where an operator's inner subscriber stands with its upstream subscription.
///
/// Module-internal building block: keep one in a class next to a ``Lock``, change it only
/// with the lock held, and act on what the mutating methods return after unlocking
/// (cancelling a subscription or calling downstream never happens under the lock).
///
/// ```swift
/// lock.lock()
/// let upstream = state.terminate()
/// lock.unlock()
/// upstream?.cancel()
/// ```
@usableFromInline
enum SubscriptionState {
    /// No subscription has arrived yet.
    case awaiting
    /// Subscribed and live.
    case subscribed(any Subscription)
    /// Completed or cancelled: every later event is ignored.
    case terminal

    /// Records `subscription` if none has arrived yet; returns `false` when it must be
    /// cancelled instead (a second subscription, or one arriving after termination).
    @inlinable
    mutating func attach(_ subscription: any Subscription) -> Bool {
        guard case .awaiting = self else { return false }
        self = .subscribed(subscription)
        return true
    }

    /// Moves to ``terminal`` and returns the subscription that was live, if any, so the
    /// caller can cancel it after unlocking.
    @inlinable
    mutating func terminate() -> (any Subscription)? {
        let previous = self
        self = .terminal
        if case .subscribed(let subscription) = previous { return subscription }
        return nil
    }

    /// The live subscription, if subscribed.
    @inlinable
    var subscription: (any Subscription)? {
        if case .subscribed(let subscription) = self { return subscription }
        return nil
    }

    /// Whether completion or cancellation already happened.
    @inlinable
    var isTerminal: Bool {
        if case .terminal = self { return true }
        return false
    }
}
