/// The shared engine behind `Publishers.Merge` ... `Merge8` and `Publishers.MergeMany`:
/// one subscription to the downstream, one child subscriber per upstream.
///
/// Demand: while the subscriber's demand is bounded, each upstream has at most one value
/// requested at a time (`.max(1)`), and is asked for the next only after its value went
/// downstream and demand remains, so at most one value per upstream is ever buffered.
/// Once the subscriber asks for `.unlimited`, every upstream is asked for `.unlimited`.
///
/// Serial delivery without holding the lock while calling downstream: the thread that
/// finds nobody delivering becomes the deliverer and drains the buffer; other threads
/// only append to it. A failure is delivered at once (or by the current deliverer), and
/// the merge finishes after every upstream finished and the buffer is empty.
final class MergeSubscription<Downstream: Subscriber>: FanInSubscription<Downstream>, Subscription,
    CustomStringConvertible
{

    /// The subscriber handed to one upstream.
    final class Child: Subscriber, CustomStringConvertible {
        typealias Input = Output
        typealias Failure = Downstream.Failure

        let parent: MergeSubscription
        let index: Int

        init(parent: MergeSubscription, index: Int) {
            self.parent = parent
            self.index = index
        }

        var description: String { "Merge" }

        func receive(subscription: any Subscription) {
            parent.attach(subscription, at: index)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            parent.receive(input, from: index)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            parent.complete(completion, from: index)
        }
    }

    // Whether an upstream has a `.max(1)` request not yet answered with a value.
    private var outstanding: [Bool]
    private var finishedCount = 0
    private var demand = Subscribers.Demand.none
    private var unlimitedRequested = false
    private var buffer: [(index: Int, value: Output)] = []
    private var bufferHead = 0

    override init(downstream: Downstream, upstreamCount: Int) {
        outstanding = Array(repeating: false, count: upstreamCount)
        super.init(downstream: downstream, upstreamCount: upstreamCount)
    }

    var description: String { "Merge" }

    /// Hands the subscription downstream, then subscribes a child to each upstream.
    func start(_ subscribeChildren: [(Child) -> Void]) {
        downstream?.receive(subscription: self)
        for (index, subscribe) in subscribeChildren.enumerated() {
            subscribe(Child(parent: self, index: index))
        }
        if subscribeChildren.isEmpty {
            lock.lock()
            becomeDeliverer()
        }
    }

    // MARK: Upstream events

    fileprivate func attach(_ subscription: any Subscription, at index: Int) {
        guard attachLocked(subscription, at: index) else { return }
        let initial: Subscribers.Demand?
        if unlimitedRequested {
            initial = .unlimited
        } else if demand > 0 {
            outstanding[index] = true
            initial = .max(1)
        } else {
            initial = nil
        }
        lock.unlock()
        if let initial { subscription.request(initial) }
    }

    fileprivate func receive(_ value: Output, from index: Int) -> Subscribers.Demand {
        lock.lock()
        guard !terminated, upstreams[index].subscription != nil else {
            lock.unlock()
            return .none
        }
        outstanding[index] = false
        buffer.append((index, value))
        guard !delivering else {
            lock.unlock()
            return .none
        }
        return becomeDeliverer(caller: index)
    }

    fileprivate func complete(_ completion: Subscribers.Completion<Failure>, from index: Int) {
        lock.lock()
        guard !terminated, upstreams[index].subscription != nil else {
            lock.unlock()
            return
        }
        _ = upstreams[index].terminate()
        switch completion {
        case .finished:
            finishedCount += 1
        case .failure(let error):
            pendingFailure = error
        }
        guard !delivering else {
            lock.unlock()
            return
        }
        _ = becomeDeliverer()
    }

    // MARK: Downstream requests

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        demand += more
        var toRequest: [(any Subscription, Subscribers.Demand)] = []
        if more == .unlimited, !unlimitedRequested {
            unlimitedRequested = true
            for state in upstreams {
                if let subscription = state.subscription { toRequest.append((subscription, .unlimited)) }
            }
        } else if !unlimitedRequested {
            for index in upstreams.indices where !outstanding[index] {
                if let subscription = upstreams[index].subscription {
                    outstanding[index] = true
                    toRequest.append((subscription, .max(1)))
                }
            }
        }
        lock.unlock()
        for (subscription, demand) in toRequest {
            subscription.request(demand)
        }
        lock.lock()
        guard !delivering, !terminated else {
            lock.unlock()
            return
        }
        _ = becomeDeliverer()
    }

    // MARK: Delivery

    /// Called with the lock held and `delivering` false; returns with the lock released.
    /// Delivers buffered values while there is demand, then a completion if one is due.
    /// Returns the demand for `caller`'s upstream (its next value, when it was delivered
    /// here and demand remains), so that upstream is not asked re-entrantly.
    @discardableResult
    private func becomeDeliverer(caller: Int = -1) -> Subscribers.Demand {
        delivering = true
        var callerDemand = Subscribers.Demand.none
        while true {
            // Lock held here.
            if let failure = pendingFailure {
                end(with: .failure(failure))
                return .none
            }
            if bufferHead < buffer.count, demand > 0, let downstream {
                let (index, value) = buffer[bufferHead]
                bufferHead += 1
                // The values delivered before this one are still in the buffer: handed
                // over to be released after unlocking (a deinit may send). A single
                // value is also in `value`, so that buffer is cleared in place.
                var spent: [(index: Int, value: Output)] = []
                if bufferHead == buffer.count {
                    if buffer.count > 1 { spent = buffer }
                    buffer.removeAll(keepingCapacity: true)
                    bufferHead = 0
                }
                demand -= 1
                lock.unlock()
                _ = consume spent
                // Consumed, so that the value and the downstream (which a cancel during
                // the call may have let go of) are released before locking again.
                let more = (consume downstream).receive(consume value)
                lock.lock()
                demand += more
                if !unlimitedRequested, !terminated, demand > 0, let subscription = upstreams[index].subscription {
                    outstanding[index] = true
                    if index == caller {
                        callerDemand += 1
                    } else {
                        lock.unlock()
                        subscription.request(.max(1))
                        lock.lock()
                    }
                }
                continue
            }
            if !terminated, finishedCount == upstreams.count, bufferHead == buffer.count {
                end(with: .finished)
                return .none
            }
            delivering = false
            let result = terminated ? .none : callerDemand
            lock.unlock()
            return result
        }
    }

    override func takeBuffered() -> Any {
        let taken = buffer
        buffer = []
        bufferHead = 0
        return taken
    }
}

extension MergeSubscription {
    /// Merges the upstreams whose `subscribe` methods are given into `downstream`: the
    /// body of every `Merge` ... `Merge8` publisher. (A parameter pack of publishers
    /// would be tidier, but same-element requirements on packs are not supported yet.)
    static func merge(_ subscribeChildren: [(Child) -> Void], into downstream: Downstream) {
        MergeSubscription(downstream: downstream, upstreamCount: subscribeChildren.count).start(subscribeChildren)
    }
}

extension MergeSubscription: CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// No children.
    var customMirror: Mirror { Mirror(self, children: [:]) }

    /// The operator's name, what a playground shows.
    var playgroundDescription: Any { description }
}
