extension Publishers {
    /// A publisher that connects its connectable upstream when the first subscriber
    /// arrives and disconnects when the last one cancels.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The connectable publisher.
        public final let upstream: Upstream

        @usableFromInline let lock = Lock()
        @usableFromInline @exclusivity(unchecked) var subscriberCount = 0
        @usableFromInline @exclusivity(unchecked) var connection: (any Cancellable)?
        @usableFromInline @exclusivity(unchecked) var isConnecting = false

        /// Makes the publisher; usually written `upstream.autoconnect()`.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`, connecting the upstream if it is the first.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lock.lock()
            // Counted before subscribing: the subscriber may complete (and leave) at once.
            subscriberCount += 1
            lock.unlock()
            upstream.receive(subscriber: AutoconnectTap(owner: self, downstream: subscriber))
            lock.lock()
            guard connection == nil, !isConnecting, subscriberCount > 0 else {
                lock.unlock()
                return
            }
            isConnecting = true
            lock.unlock()
            let made = upstream.connect()
            lock.lock()
            isConnecting = false
            if subscriberCount > 0 {
                connection = made
                lock.unlock()
            } else {
                // Everyone left while connecting (e.g. the upstream finished synchronously).
                lock.unlock()
                made.cancel()
            }
        }

        /// Called when one subscriber cancels or completes; the last one disconnects.
        @inlinable
        func release() {
            lock.lock()
            subscriberCount -= 1
            guard subscriberCount == 0, let live = connection else {
                lock.unlock()
                return
            }
            connection = nil
            lock.unlock()
            live.cancel()
        }
    }
}

extension ConnectablePublisher {
    /// Connects automatically when the first subscriber arrives, and disconnects when
    /// every subscriber has cancelled.
    ///
    /// ```swift
    /// let ticks = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    /// ```
    @inlinable
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(upstream: self)
    }
}

/// Watches one subscriber of an ``Publishers/Autoconnect`` so it can count departures.
@usableFromInline
final class AutoconnectTap<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscriber, Subscription,
    @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var upstream = SubscriptionState.awaiting
    @usableFromInline @exclusivity(unchecked) var owner: Publishers.Autoconnect<Upstream>?
    /// The upstream subscription's description and identity, kept when it ends so that
    /// the subscriber goes on seeing it as it did (as in Combine, where it is that very
    /// subscription).
    @usableFromInline @exclusivity(unchecked) var departed: (description: String, identifier: CombineIdentifier)?
    @usableFromInline let downstream: Downstream

    @inlinable
    init(owner: Publishers.Autoconnect<Upstream>, downstream: Downstream) {
        self.owner = owner
        self.downstream = downstream
    }

    @inlinable
    func receive(subscription: any Subscription) {
        lock.lock()
        guard upstream.attachOrCancel(subscription, unlocking: lock) else { return }
        lock.unlock()
        downstream.receive(subscription: AutoconnectSubscription(tap: self))
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
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
        let departing = owner
        owner = nil
        lock.unlock()
        remember(ended)
        downstream.receive(completion: completion)
        departing?.release()
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let live = upstream.subscription
        lock.unlock()
        live?.request(demand)
    }

    @inlinable
    func cancel() {
        lock.lock()
        let live = upstream.terminate()
        let departing = owner
        owner = nil
        lock.unlock()
        remember(live)
        live?.cancel()
        departing?.release()
    }

    /// Keeps the ended upstream subscription's description and identity (see ``departed``),
    /// read outside the lock (a description is the subscription's own code).
    @inlinable
    func remember(_ subscription: (any Subscription)?) {
        guard let subscription else { return }
        let kept = (description: String(describing: subscription), identifier: subscription.combineIdentifier)
        lock.lock()
        departed = kept
        lock.unlock()
    }
}

extension AutoconnectTap: CombineReflectable {
    /// `"Autoconnect"`, what the upstream sees subscribing (as in Combine).
    @usableFromInline var description: String { "Autoconnect" }

    /// The autoconnecting publisher (`nil` once this subscriber has left it) and the
    /// subscriber, as Combine's mirror shows them.
    @usableFromInline var customMirror: Mirror {
        lock.lock()
        let parent = owner
        lock.unlock()
        return Mirror(self, children: ["parent": parent as Any, "downstream": downstream])
    }
}

/// What an ``AutoconnectTap`` hands its subscriber: the upstream's subscription as the
/// subscriber should see it (its description and identity, as in Combine, where
/// `share()`'s subscribers see `"Multicast"`), with requests and cancels going through
/// the tap so that it can count departures. One reference: no allocation.
@usableFromInline
struct AutoconnectSubscription<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscription,
    CustomStringConvertible, CustomPlaygroundDisplayConvertible
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    @usableFromInline let tap: AutoconnectTap<Upstream, Downstream>

    @inlinable
    init(tap: AutoconnectTap<Upstream, Downstream>) {
        self.tap = tap
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        tap.request(demand)
    }

    @inlinable
    func cancel() {
        tap.cancel()
    }

    /// The upstream subscription's, also once it has ended; the tap's before it came.
    @usableFromInline var combineIdentifier: CombineIdentifier {
        let (live, ended) = upstreamSubscription
        return live?.combineIdentifier ?? ended?.identifier ?? tap.combineIdentifier
    }

    @usableFromInline var description: String {
        let (live, ended) = upstreamSubscription
        return live.map { String(describing: $0) } ?? ended?.description ?? tap.description
    }

    @usableFromInline var playgroundDescription: Any { description }

    private var upstreamSubscription:
        (live: (any Subscription)?, ended: (description: String, identifier: CombineIdentifier)?)
    {
        tap.lock.lock()
        defer { tap.lock.unlock() }
        return (tap.upstream.subscription, tap.departed)
    }
}
