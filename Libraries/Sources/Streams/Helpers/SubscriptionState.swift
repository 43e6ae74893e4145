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
/// if let live = consume upstream { live.cancel() }
/// ```
///
/// (`consume` moves the subscription into `live`; `upstream?.cancel()` would copy it
/// first, a retain and a release more through its type's value witnesses.)
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
    ///
    /// The state is looked at by moving it out and back (`consume`): reading it in place
    /// would copy the enum, and with it the `any Subscription`, through value witnesses.
    @inlinable
    mutating func attach(_ subscription: any Subscription) -> Bool {
        switch consume self {
        case .awaiting:
            self = .subscribed(subscription)
            return true
        case let other:
            self = other
            return false
        }
    }

    /// The start of an operator's `receive(subscription:)`, with `lock` (the one guarding
    /// this state) held: records `subscription` and returns `true`, the lock still held;
    /// or, for a second subscription or one after the end, unlocks, cancels it (as
    /// Combine does) and returns `false`.
    @inlinable
    mutating func attachOrCancel(_ subscription: any Subscription, unlocking lock: borrowing Lock) -> Bool {
        guard attach(subscription) else {
            lock.unlock()
            subscription.cancel()
            return false
        }
        return true
    }

    /// Moves to ``terminal`` and returns the subscription that was live, if any, so the
    /// caller can cancel it after unlocking.
    ///
    /// The subscription is moved out, not copied: copying an `any Subscription` goes
    /// through its type's value witnesses (a retain and a release more), which is most
    /// of what ending a subscription costs a `sink`.
    @inlinable
    mutating func terminate() -> (any Subscription)? {
        terminateTellingIfTerminal().subscription
    }

    /// ``terminate()`` that also tells whether the state was ``terminal`` already (a
    /// completion after the completion or the cancel), without reading the state in place
    /// first (see ``attach(_:)``).
    @inlinable
    mutating func terminateTellingIfTerminal() -> (subscription: (any Subscription)?, wasTerminal: Bool) {
        switch consume self {
        case .subscribed(let subscription):
            self = .terminal
            return (subscription, false)
        case .awaiting:
            self = .terminal
            return (nil, false)
        case .terminal:
            self = .terminal
            return (nil, true)
        }
    }

    /// Ends the subscription unless none has arrived yet, as Combine's `Sink` and the
    /// stages that follow it treat a cancel before the subscription: returns the live
    /// subscription, if any, and whether it was still awaiting one (then nothing
    /// changes). Moves the state instead of copying it, as ``terminate()`` does.
    @inlinable
    mutating func terminateUnlessAwaiting() -> (subscription: (any Subscription)?, wasAwaiting: Bool) {
        switch consume self {
        case .awaiting:
            self = .awaiting
            return (nil, true)
        case .subscribed(let subscription):
            self = .terminal
            return (subscription, false)
        case .terminal:
            self = .terminal
            return (nil, false)
        }
    }

    /// The live subscription, if subscribed.
    @inlinable
    var subscription: (any Subscription)? {
        if case .subscribed(let subscription) = self { return subscription }
        return nil
    }

    /// Whether a subscription is live.
    @inlinable
    var isSubscribed: Bool {
        if case .subscribed = self { return true }
        return false
    }

    /// Whether completion or cancellation already happened.
    @inlinable
    var isTerminal: Bool {
        if case .terminal = self { return true }
        return false
    }
}
