extension Publishers {
    /// A publisher that turns every upstream value into a publisher and merges the
    /// values of all of them.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
        /// The inner publishers' values.
        public typealias Output = NewPublisher.Output
        /// The shared failure type; any failure fails the whole stream.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// How many inner publishers may be subscribed at once.
        public let maxPublishers: Subscribers.Demand
        /// Makes the inner publisher for a value.
        public let transform: (Upstream.Output) -> NewPublisher

        /// Makes the publisher; usually written `upstream.flatMap(maxPublishers:_:)`.
        @inlinable
        public init(
            upstream: Upstream, maxPublishers: Subscribers.Demand,
            transform: @escaping (Upstream.Output) -> NewPublisher
        ) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        /// Attaches `subscriber` to the merged values.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == NewPublisher.Output, S.Failure == Upstream.Failure {
            // As in Combine, the downstream gets its subscription before the upstream is
            // subscribed to.
            let merger = FlatMapMerger<Upstream, NewPublisher, S>(
                downstream: subscriber, maxPublishers: maxPublishers, transform: transform)
            subscriber.receive(subscription: merger)
            upstream.receive(subscriber: merger)
        }
    }
}

extension Publisher {
    /// Turns every value into a publisher and merges their values, with at most
    /// `maxPublishers` inner publishers subscribed at once. Finishes when the upstream
    /// and every inner publisher have finished; any failure fails it (an inner
    /// publisher's cancels the others, and leaves the upstream subscribed, as in Combine).
    /// `maxPublishers` is what the upstream is asked for, so `.none` stops the program
    /// with most publishers, as in Combine.
    ///
    /// ```swift
    /// let pages = pageNumbers.flatMap(maxPublishers: .max(2)) { number in fetchPage(number) }
    /// ```
    @inlinable
    public func flatMap<T, P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

/// A value an inner publisher sent that the downstream has not received yet.
@usableFromInline
struct FlatMapBufferedValue<Output> {
    @usableFromInline let child: Int
    @usableFromInline let value: Output
    /// The inner publisher's demand was not given back when the value arrived (there was
    /// no downstream demand for it); it is asked for one more once the value is delivered.
    @usableFromInline var owesChildDemand: Bool

    @inlinable
    init(child: Int, value: Output, owesChildDemand: Bool) {
        self.child = child
        self.value = value
        self.owesChildDemand = owesChildDemand
    }
}

/// The heart of `flatMap`, with Combine's demand rules: each inner publisher is asked
/// for one value up front (for everything once the downstream's demand is unlimited) and
/// for one more each time one of its values is delivered, so each holds at most one value
/// the downstream has not asked for yet. Values beyond the downstream's demand, even from
/// an inner publisher that ignores demand, wait in a queue until the downstream asks.
///
/// Inner publishers may send from several threads at once, yet the downstream must be
/// called serially: whichever thread arrives first becomes the emitter and delivers, in
/// order, the values queued meanwhile by the others (and re-entrant ones), all without
/// holding the lock. A value sent while another is being delivered takes its share of
/// the demand at once (its publisher gets its next unit of demand back as Combine's
/// does) and is delivered by the emitter right after.
///
/// Inner publishers that break the rules are treated as Combine treats them: a value an
/// inner publisher sends after its own completion is passed on like any other, and so is
/// one sent while the downstream is receiving the stream's completion (within its
/// demand, delivered once that call returns); a second completion from an inner
/// publisher counts again (a `.finished` asks the upstream for one more publisher when
/// `maxPublishers` is limited). An upstream that sends into `flatMap` while `flatMap`
/// cancels the inner publishers because of that upstream's failure stops the program,
/// as Combine's does.
@usableFromInline
final class FlatMapMerger<Upstream: Publisher, Child: Publisher, Downstream: Subscriber>: Subscriber,
    Subscription, CustomStringConvertible, @unchecked Sendable
where Child.Output == Downstream.Input, Child.Failure == Upstream.Failure, Downstream.Failure == Upstream.Failure {
    @usableFromInline typealias Input = Upstream.Output
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline typealias Output = Downstream.Input

    @usableFromInline let lock = Lock()
    @usableFromInline let transform: (Upstream.Output) -> Child
    @usableFromInline let maxPublishers: Subscribers.Demand
    @usableFromInline @exclusivity(unchecked) var upstream = SubscriptionState.awaiting
    @usableFromInline @exclusivity(unchecked) var upstreamFinished = false
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) var isTerminal = false
    /// Downstream demand not yet taken by a value (delivered, or queued to be delivered).
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// The live inner publishers; a `nil` subscription means subscribed to but not yet
    /// attached.
    @usableFromInline @exclusivity(unchecked) var children: [Int: (any Subscription)?] = [:]
    @usableFromInline @exclusivity(unchecked) var nextChildID = 0
    /// Values not yet delivered, oldest first. The first `committed` of them have taken
    /// their share of the demand and are the emitter's to deliver; the rest wait for
    /// demand (so while any wait, `demand` is zero).
    @usableFromInline @exclusivity(unchecked) var queued = ValueQueue<FlatMapBufferedValue<Output>>()
    @usableFromInline @exclusivity(unchecked) var committed = 0
    @usableFromInline @exclusivity(unchecked) var isEmitting = false
    @usableFromInline @exclusivity(unchecked) var pendingCompletion: Subscribers.Completion<Failure>?
    /// Set while the downstream receives the stream's completion: values inner publishers
    /// send meanwhile still reach it, as in Combine (see `completeLocked`).
    @usableFromInline @exclusivity(unchecked) var isCompleting = false
    /// Set while the inner publishers are cancelled because the upstream failed: an
    /// upstream event then is re-entrant misuse, which stops the program as in Combine.
    @usableFromInline @exclusivity(unchecked) var isCancellingAfterUpstreamFailure = false

    @inlinable
    init(downstream: Downstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> Child) {
        self.downstream = downstream
        self.maxPublishers = maxPublishers
        self.transform = transform
    }

    @usableFromInline var description: String { "FlatMap" }

    // MARK: Upstream

    @inlinable
    func receive(subscription: any Subscription) {
        lock.lock()
        guard !isTerminal, upstream.attach(subscription) else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lock.unlock()
        // As in Combine, even `.none` is asked for (which most publishers refuse, as
        // Combine's do: `maxPublishers: .none` is a programming error).
        subscription.request(maxPublishers)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        stopIfCancellingAfterUpstreamFailureLocked()
        guard !isTerminal, !upstreamFinished else {
            lock.unlock()
            return .none
        }
        let id = nextChildID
        nextChildID += 1
        children[id] = .some(nil)
        lock.unlock()
        transform(input).subscribe(FlatMapChild(owner: self, id: id))
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        stopIfCancellingAfterUpstreamFailureLocked()
        guard !isTerminal, !upstreamFinished else {
            lock.unlock()
            return
        }
        // Let go of at return, after unlocking: this may be the last reference to the
        // subscription, whose deinit may call back into this subscriber.
        let ended = upstream.terminate()
        defer { withExtendedLifetime(ended) {} }
        switch completion {
        case .finished:
            upstreamFinished = true
            finishIfDoneLocked()
        case .failure:
            endLocked(completion, cause: .upstreamFailure)
        }
    }

    /// Stops the program if the upstream sends while its failure is cancelling the inner
    /// publishers (lock held): Combine's `flatMap` cancels them holding its lock, so
    /// such an event re-enters the lock and stops the program there.
    @inlinable
    func stopIfCancellingAfterUpstreamFailureLocked() {
        if isCancellingAfterUpstreamFailure {
            lock.unlock()
            preconditionFailure(
                "flatMap's upstream sent an event from inside the cancellation of an inner publisher, "
                    + "during its own failure: a publisher must not send after its completion")
        }
    }

    // MARK: Inner publishers

    @inlinable
    func childAttach(_ id: Int, _ subscription: any Subscription) {
        lock.lock()
        guard !isTerminal, let slot = children[id], slot == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        children[id] = subscription
        let initial: Subscribers.Demand = demand.isUnlimited ? .unlimited : .max(1)
        lock.unlock()
        subscription.request(initial)
    }

    /// Delivers or queues a value of inner publisher `id` (even one that has completed,
    /// as Combine does); returns the demand it gets back.
    @inlinable
    func childValue(_ id: Int, _ value: Output) -> Subscribers.Demand {
        lock.lock()
        guard !isTerminal else {
            return lateValueLocked(id, value)
        }
        let unlimited = demand.isUnlimited
        guard demand.rawValue != 0 else {
            queued.append(FlatMapBufferedValue(child: id, value: value, owesChildDemand: true))
            lock.unlock()
            return .none
        }
        demand -= 1
        let given: Subscribers.Demand = unlimited ? .none : .max(1)
        if isEmitting {
            queued.append(FlatMapBufferedValue(child: id, value: value, owesChildDemand: false))
            committed += 1
            lock.unlock()
            return given
        }
        isEmitting = true
        let receiver = downstream
        lock.unlock()
        let more = receiver?.receive(value) ?? .none
        lock.lock()
        demand += more
        commitLocked()
        emitLocked()
        return given
    }

    /// Ends inner publisher `id`. As in Combine, a completion counts even when the inner
    /// publisher has completed before: a failure fails the stream, a `.finished` may
    /// finish it or ask the upstream for one more publisher.
    @inlinable
    func childCompletion(_ id: Int, _ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTerminal else {
            lock.unlock()
            return
        }
        children.removeValue(forKey: id)
        if case .failure = completion {
            // As in Combine, the upstream stays subscribed (its values are ignored from
            // now on); only the other inner publishers are cancelled.
            endLocked(completion, cause: .innerFailure)
            return
        }
        let replacement = maxPublishers.isUnlimited ? nil : upstream.subscription
        if finishIfDoneLocked() {
            return
        }
        replacement?.request(.max(1))
    }

    // MARK: Downstream

    @inlinable
    func request(_ more: Subscribers.Demand) {
        precondition(more.rawValue != 0, "request(.none) is not allowed: demand must be greater than zero")
        lock.lock()
        guard !isTerminal else {
            lock.unlock()
            return
        }
        let wasUnlimited = demand.isUnlimited
        demand += more
        let everything: [any Subscription] =
            !wasUnlimited && demand.isUnlimited ? children.values.compactMap { $0 } : []
        commitLocked()
        if isEmitting || committed == 0 {
            lock.unlock()
        } else {
            isEmitting = true
            emitLocked()
        }
        for child in everything {
            child.request(.unlimited)
        }
    }

    @inlinable
    func cancel() {
        lock.lock()
        isTerminal = true
        let subscriptions = liveSubscriptionsLocked()
        // The downstream and the values still queued are released after unlocking:
        // their deinits may send into this stream.
        let released = (downstream, queued.removeAll())
        downstream = nil
        children = [:]
        committed = 0
        lock.unlock()
        for subscription in subscriptions { subscription.cancel() }
        withExtendedLifetime(released) {}
    }

    // MARK: Machinery

    /// Gives queued values waiting for demand their share of it, oldest first. Lock held.
    @inlinable
    func commitLocked() {
        let waiting = queued.count - committed
        guard waiting != 0, demand.rawValue != 0 else { return }
        if demand.isUnlimited {
            committed += waiting
            return
        }
        let granted = min(waiting, demand.max ?? waiting)
        committed += granted
        demand -= Subscribers.Demand.max(granted)
    }

    /// The emitter's loop (lock held, `isEmitting` set; unlocks): delivers the committed
    /// values, asking their inner publishers for one more where owed, then a completion
    /// that waited for the current delivery or for the queue to empty.
    @inlinable
    func emitLocked() {
        while committed != 0, let receiver = downstream {
            let item = queued.removeFirst()
            committed -= 1
            let owed = item.owesChildDemand && !demand.isUnlimited ? children[item.child] ?? nil : nil
            lock.unlock()
            let more = deliver(consume item, to: receiver, thenAsk: owed)
            lock.lock()
            demand += more
            commitLocked()
        }
        isEmitting = false
        if let completion = pendingCompletion {
            pendingCompletion = nil
            let receiver = downstream
            downstream = nil
            completeLocked(receiver, with: completion)
            return
        }
        finishIfDoneLocked()
    }

    /// Delivers a queued value (lock not held), then asks its inner publisher for the one
    /// more it is owed. Taking `item` as `consuming` releases the delivered value here,
    /// before the caller locks again: its deinit may send into this stream.
    @inlinable
    func deliver(
        _ item: consuming FlatMapBufferedValue<Output>, to receiver: Downstream, thenAsk owed: (any Subscription)?
    ) -> Subscribers.Demand {
        let more = receiver.receive(item.value)
        owed?.request(.max(1))
        return more
    }

    /// Finishes the downstream if the upstream and every inner publisher have finished
    /// and nothing is left to deliver (lock held; unlocks). Returns whether it finished.
    @inlinable
    @discardableResult
    func finishIfDoneLocked() -> Bool {
        guard !isTerminal, upstreamFinished, children.isEmpty, queued.isEmpty, !isEmitting else {
            lock.unlock()
            return false
        }
        isTerminal = true
        let receiver = downstream
        downstream = nil
        completeLocked(receiver, with: .finished)
        return true
    }

    /// Sends `completion` to `receiver` (lock held; unlocks). Values inner publishers
    /// send meanwhile (from inside the call or from another thread) are queued within the
    /// downstream's demand and delivered once it returns, by this thread alone, so the
    /// downstream's calls never overlap; Combine's passes such values on too.
    @inlinable
    func completeLocked(_ receiver: Downstream?, with completion: Subscribers.Completion<Failure>) {
        guard let receiver else {
            lock.unlock()
            return
        }
        isCompleting = true
        lock.unlock()
        receiver.receive(completion: completion)
        lock.lock()
        while !queued.isEmpty {
            let item = queued.removeFirst()
            lock.unlock()
            let more = deliver(consume item, to: receiver, thenAsk: nil)
            lock.lock()
            demand += more
        }
        isCompleting = false
        lock.unlock()
    }

    /// A value an inner publisher sent after the stream ended (lock held; unlocks). As in
    /// Combine, it reaches the downstream if the downstream is receiving the completion
    /// right now and has demand left (queued until that call returns); otherwise (after a
    /// cancel, or once the completion has been received and the downstream let go of) it
    /// is dropped.
    @inlinable
    func lateValueLocked(_ id: Int, _ value: Output) -> Subscribers.Demand {
        guard isCompleting, demand.rawValue != 0 else {
            lock.unlock()
            return .none
        }
        let unlimited = demand.isUnlimited
        demand -= 1
        queued.append(FlatMapBufferedValue(child: id, value: value, owesChildDemand: false))
        lock.unlock()
        return unlimited ? .none : .max(1)
    }

    /// The inner publishers' subscriptions, and the upstream's unless `cancellingUpstream`
    /// is `false` (lock held).
    @inlinable
    func liveSubscriptionsLocked(cancellingUpstream: Bool = true) -> [any Subscription] {
        var subscriptions = children.values.compactMap { $0 }
        if cancellingUpstream, let live = upstream.terminate() {
            subscriptions.append(live)
        }
        return subscriptions
    }

    /// What ends the stream with a failure.
    @usableFromInline
    enum FailureCause {
        /// The upstream failed (it has let go of its subscription already).
        case upstreamFailure
        /// An inner publisher failed; the upstream stays subscribed, as in Combine.
        case innerFailure
    }

    /// Ends the stream with a failure (lock held; unlocks), dropping what is queued and
    /// cancelling the inner publishers. If another thread is emitting, it delivers the
    /// failure after its current value.
    @inlinable
    func endLocked(_ completion: Subscribers.Completion<Failure>, cause: FailureCause) {
        isTerminal = true
        let subscriptions = liveSubscriptionsLocked(cancellingUpstream: cause == .upstreamFailure)
        // Values still queued are released after unlocking: a deinit may send.
        let dropped = queued.removeAll()
        children = [:]
        committed = 0
        let fromUpstream = cause == .upstreamFailure && !subscriptions.isEmpty
        if fromUpstream { isCancellingAfterUpstreamFailure = true }
        let receiver = isEmitting ? nil : downstream
        if isEmitting {
            pendingCompletion = completion
        } else {
            downstream = nil
        }
        lock.unlock()
        withExtendedLifetime(dropped) {}
        for subscription in subscriptions { subscription.cancel() }
        lock.lock()
        if fromUpstream { isCancellingAfterUpstreamFailure = false }
        completeLocked(receiver, with: completion)
    }
}

/// The subscriber for one inner publisher of a ``FlatMapMerger``. As Combine's, it is
/// described as `"FlatMap"` and its mirror shows its parent subscription's identifier.
@usableFromInline
struct FlatMapChild<Upstream: Publisher, Child: Publisher, Downstream: Subscriber>: Subscriber, CombineReflectable
where Child.Output == Downstream.Input, Child.Failure == Upstream.Failure, Downstream.Failure == Upstream.Failure {
    @usableFromInline typealias Input = Child.Output
    @usableFromInline typealias Failure = Child.Failure

    @usableFromInline let owner: FlatMapMerger<Upstream, Child, Downstream>
    @usableFromInline let id: Int
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(owner: FlatMapMerger<Upstream, Child, Downstream>, id: Int) {
        self.owner = owner
        self.id = id
    }

    @inlinable
    func receive(subscription: any Subscription) {
        owner.childAttach(id, subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        owner.childValue(id, input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        owner.childCompletion(id, completion)
    }

    /// `"FlatMap"`, as Combine describes it.
    @usableFromInline var description: String { "FlatMap" }

    /// The parent subscription's identifier, as Combine's mirror shows it.
    @usableFromInline var customMirror: Mirror {
        Mirror(self, children: ["parentSubscription": owner.combineIdentifier])
    }
}

extension Publisher where Failure == Never {
    /// `flatMap` from a publisher that cannot fail into publishers that can: the
    /// upstream takes on their failure type, as in Combine.
    ///
    /// ```swift
    /// let profiles = userIDs.flatMap { id in fetchProfile(id) }   // URLError-failing
    /// ```
    @inlinable
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
        Publishers.FlatMap(
            upstream: setFailureType(to: P.Failure.self), maxPublishers: maxPublishers, transform: transform)
    }

    /// `flatMap` where neither side can fail (chosen over the mixed overloads).
    @inlinable
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher {
    /// `flatMap` into publishers that cannot fail: they take on the upstream's failure
    /// type, as in Combine.
    @inlinable
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) {
            transform($0).setFailureType(to: Failure.self)
        }
    }
}

extension FlatMapMerger: CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// No children, as Combine's `flatMap` shows.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }

    /// `"FlatMap"`, what a playground shows.
    @usableFromInline var playgroundDescription: Any { description }
}
