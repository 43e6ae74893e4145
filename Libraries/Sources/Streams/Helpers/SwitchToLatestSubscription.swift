/// The engine behind `switchToLatest()`: subscribes to the publisher of publishers (with
/// unlimited demand) and to each inner publisher it sends, one at a time; it is also the
/// subscription the downstream sees.
///
/// `upstreams[0]` is the outer publisher's subscription, `upstreams[1]` the current inner
/// publisher's. Every inner publisher gets a new *generation* number; events from an inner
/// whose generation is no longer the current one are ignored.
///
/// **Serial delivery.** Inner publishers may send on any thread, and a new inner may be
/// subscribed (by the outer publisher, on yet another thread, or re-entrantly from inside
/// the downstream's `receive`) while a value is being delivered. The downstream is still
/// called by one thread at a time and never under the lock: a value claims one unit of
/// demand when it arrives and is delivered at once if nobody is delivering; otherwise it
/// is queued, and the delivering thread hands the queue over, in order, when its call
/// returns, followed by a completion that became due meanwhile (the same scheme as the
/// subjects' per-subscriber delivery and ``MergeSubscription``).
///
/// **Switching.** A new inner publisher cancels the previous inner subscription and drops
/// the previous inner's values still waiting in the queue (their demand goes back to the
/// pool). From then on nothing from the previous inner starts being delivered; the only
/// value of it that can still reach the downstream is one whose delivery had already been
/// decided before the switch (a call under way, or about to be made, on another thread),
/// and it arrives before any value of the new inner, because deliveries never overlap.
///
/// **Demand.** `demand` is what the downstream asked for and no value has claimed yet.
/// The current inner is asked for all of it when it attaches and for every later increase
/// (a `request`, or the demand a `receive` returns), so a new inner inherits whatever the
/// previous one did not use.
///
/// **Completion.** Finishes once the outer publisher and the current inner have both
/// finished and the queue is empty; fails when either fails, after the values already
/// queued (they were sent before the failure) — cancelling the other at once.
final class SwitchToLatestSubscription<Inner: Publisher, Downstream: Subscriber>: FanInSubscription<Downstream>,
    Subscriber, Subscription, CustomStringConvertible
where Inner.Output == Downstream.Input, Inner.Failure == Downstream.Failure {
    typealias Input = Inner

    /// The subscriber handed to one inner publisher, tagged with its generation.
    final class InnerSubscriber: Subscriber, CustomStringConvertible {
        typealias Input = Inner.Output
        typealias Failure = Inner.Failure

        let parent: SwitchToLatestSubscription
        let generation: Int

        init(parent: SwitchToLatestSubscription, generation: Int) {
            self.parent = parent
            self.generation = generation
        }

        var description: String { "SwitchToLatest" }

        func receive(subscription: any Subscription) {
            parent.attachInner(subscription, generation: generation)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            parent.receiveInner(input, generation: generation)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            parent.completeInner(completion, generation: generation)
        }
    }

    private static var outerIndex: Int { 0 }
    private static var innerIndex: Int { 1 }

    // All guarded by `lock`.
    private var generation = 0
    /// An inner publisher was sent and has not completed yet.
    private var innerActive = false
    private var outerFinished = false
    private var demand = Subscribers.Demand.none
    /// Values of the current inner that claimed demand and wait for the deliverer.
    private var queue: [Output] = []
    private var queueHead = 0

    init(downstream: Downstream) {
        super.init(downstream: downstream, upstreamCount: 2)
    }

    var description: String { "SwitchToLatest" }

    // MARK: The outer publisher

    func receive(subscription: any Subscription) {
        guard attachLocked(subscription, at: Self.outerIndex) else { return }
        lock.unlock()
        subscription.request(.unlimited)
    }

    func receive(_ input: Inner) -> Subscribers.Demand {
        lock.lock()
        guard !terminated, pendingFailure == nil, upstreams[Self.outerIndex].subscription != nil else {
            lock.unlock()
            return .none
        }
        generation += 1
        let mine = generation
        let previous = upstreams[Self.innerIndex].terminate()
        upstreams[Self.innerIndex] = .awaiting
        innerActive = true
        // The previous inner's undelivered values will never be delivered: give their
        // demand back, so that the new inner is asked for it.
        let (waiting, dropped) = takeQueue()
        demand += waiting
        lock.unlock()
        previous?.cancel()
        _fixLifetime(dropped)  // released outside the lock: a value's deinit may send
        input.subscribe(InnerSubscriber(parent: self, generation: mine))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !terminated, pendingFailure == nil, !upstreams[Self.outerIndex].isTerminal else {
            lock.unlock()
            return
        }
        _ = upstreams[Self.outerIndex].terminate()
        switch completion {
        case .finished:
            outerFinished = true
            finishIfDue()
        case .failure(let error):
            fail(error)
        }
    }

    // MARK: Inner publishers

    fileprivate func attachInner(_ subscription: any Subscription, generation mine: Int) {
        lock.lock()
        guard !terminated, pendingFailure == nil, mine == generation,
            upstreams[Self.innerIndex].attach(subscription)
        else {
            lock.unlock()
            subscription.cancel()
            return
        }
        let inherited = demand
        lock.unlock()
        if inherited > 0 { subscription.request(inherited) }
    }

    fileprivate func receiveInner(_ value: Output, generation mine: Int) -> Subscribers.Demand {
        lock.lock()
        guard !terminated, pendingFailure == nil, mine == generation, demand > 0, let downstream else {
            lock.unlock()
            return .none
        }
        demand -= 1
        guard !delivering else {
            queue.append(value)
            lock.unlock()
            return .none
        }
        delivering = true
        lock.unlock()
        let more = downstream.receive(value)
        lock.lock()
        return finishDelivery(returned: more, caller: mine)
    }

    fileprivate func completeInner(_ completion: Subscribers.Completion<Failure>, generation mine: Int) {
        lock.lock()
        guard !terminated, pendingFailure == nil, mine == generation, innerActive else {
            lock.unlock()
            return
        }
        _ = upstreams[Self.innerIndex].terminate()
        innerActive = false
        switch completion {
        case .finished:
            finishIfDue()
        case .failure(let error):
            fail(error)
        }
    }

    // MARK: Downstream requests

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        guard !terminated, more > 0 else {
            lock.unlock()
            return
        }
        demand += more
        let current = upstreams[Self.innerIndex].subscription
        lock.unlock()
        current?.request(more)
    }

    // MARK: Delivery

    /// Records `error` and cancels the upstreams at once; the failure itself goes
    /// downstream after the values already queued. Lock held on entry; unlocks.
    private func fail(_ error: Failure) {
        pendingFailure = error
        guard delivering else {
            end(with: .failure(error))
            return
        }
        var live: [any Subscription] = []
        for index in upstreams.indices {
            if let subscription = upstreams[index].terminate() { live.append(subscription) }
        }
        lock.unlock()
        for subscription in live {
            subscription.cancel()
        }
    }

    /// Finishes now if the outer publisher and the current inner have finished and no
    /// delivery is under way (the deliverer finishes otherwise). Lock held on entry;
    /// unlocks.
    private func finishIfDue() {
        guard !delivering, outerFinished, !innerActive else {
            lock.unlock()
            return
        }
        end(with: .finished)
    }

    /// Called by the delivering thread with the lock held, after a call to the downstream
    /// returned `returned`; returns with the lock released. Passes that demand on, then
    /// delivers the values queued meanwhile, one at a time and in order, and finally a
    /// completion that became due. Returns the demand for `caller`'s inner publisher when
    /// it is still the current one (so it is not asked re-entrantly from inside its own
    /// `send`); other increases are requested from the current inner directly.
    private func finishDelivery(returned: Subscribers.Demand, caller: Int) -> Subscribers.Demand {
        var more = returned
        var callerDemand = Subscribers.Demand.none
        while true {
            // Lock held here.
            guard !terminated else {
                // Cancelled meanwhile: nothing more reaches the downstream.
                delivering = false
                lock.unlock()
                return .none
            }
            // The inner to ask for `more` after unlocking (none: returned to the caller, or
            // no inner attached, in which case `demand` keeps it for the next one).
            var asked: (any Subscription)?
            if more > 0 {
                demand += more
                if let current = upstreams[Self.innerIndex].subscription {
                    if caller == generation {
                        callerDemand += more
                    } else {
                        asked = current
                    }
                }
            }
            if queueHead < queue.count, let downstream {
                let value = queue[queueHead]
                queueHead += 1
                // The values delivered before this one are still queued: handed over to
                // be released after unlocking (a deinit may send). A single value is
                // also in `value`, so that queue is cleared in place.
                var spent: [Output] = []
                if queueHead == queue.count {
                    if queue.count > 1 { spent = queue }
                    queue.removeAll(keepingCapacity: true)
                    queueHead = 0
                }
                lock.unlock()
                _ = consume spent
                asked?.request(more)
                // Consumed, so that the value and the downstream (which a cancel during
                // the call may have let go of) are released before locking again.
                more = (consume downstream).receive(consume value)
                lock.lock()
                continue
            }
            if let failure = pendingFailure {
                end(with: .failure(failure))
                return .none
            }
            if outerFinished, !innerActive {
                end(with: .finished)
                return .none
            }
            delivering = false
            lock.unlock()
            asked?.request(more)
            return callerDemand
        }
    }

    /// Empties the queue. Returns how many values in it were still waiting, and
    /// everything it held (the values already delivered too), for the caller to release
    /// after unlocking: a value's deinit may send into this stream. Lock held.
    private func takeQueue() -> (waiting: Int, taken: [Output]) {
        guard !queue.isEmpty else { return (0, []) }
        let taken = queue
        let waiting = queue.count - queueHead
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
        return (waiting, taken)
    }

    override func takeBuffered() -> Any {
        takeQueue().taken
    }
}

extension SwitchToLatestSubscription: CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// No children.
    var customMirror: Mirror { Mirror(self, children: [:]) }

    /// The operator's name, what a playground shows.
    var playgroundDescription: Any { description }
}
