/// The shared engine behind `combineLatest` and `zip` (all arities): one subscription to
/// the downstream, one child subscriber per upstream, values of different types kept as
/// `Any` and turned into the output tuple by `makeOutput`.
///
/// - `.latest` (combineLatest): keeps each upstream's latest value; every new value, once
///   all upstreams have one, makes a new combination. Finishes when all upstreams have.
/// - `.zip`: queues each upstream's values; publishes when every queue has one, taking
///   the oldest of each. Finishes when an upstream has finished and its queue is empty
///   (no further tuple can be formed).
///
/// Both forward the subscriber's demand to every upstream (so buffering stays bounded by
/// demand) and fail at once when any upstream fails. Deliveries are serialized the same
/// way as in `MergeSubscription`: whoever finds nobody delivering drains; no lock is held
/// while the subscriber runs.
final class CombiningSubscription<Downstream: Subscriber>: FanInSubscription<Downstream>, Subscription,
    CustomStringConvertible
{

    enum Strategy {
        case latest
        case zip
    }

    /// The subscriber handed to one upstream.
    final class Child<Input>: Subscriber, CustomStringConvertible {
        typealias Failure = Downstream.Failure

        let parent: CombiningSubscription
        let index: Int

        init(parent: CombiningSubscription, index: Int) {
            self.parent = parent
            self.index = index
        }

        var description: String { parent.description }

        func receive(subscription: any Subscription) {
            parent.attach(subscription, at: index)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            parent.receive(input, from: index)
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            parent.complete(completion, from: index)
        }
    }

    private let strategy: Strategy
    private let makeOutput: ([Any]) -> Output
    private var queues: [[Any]]
    private var heads: [Int]
    private var finished: [Bool]
    private var fresh = false  // .latest: a value arrived since the last combination
    private var demand = Subscribers.Demand.none
    private var requestedSoFar = Subscribers.Demand.none

    init(downstream: Downstream, upstreamCount: Int, strategy: Strategy, makeOutput: @escaping ([Any]) -> Output) {
        self.strategy = strategy
        self.makeOutput = makeOutput
        queues = Array(repeating: [], count: upstreamCount)
        heads = Array(repeating: 0, count: upstreamCount)
        finished = Array(repeating: false, count: upstreamCount)
        super.init(downstream: downstream, upstreamCount: upstreamCount)
    }

    var description: String {
        switch strategy {
        case .latest: "CombineLatest"
        case .zip: "Zip"
        }
    }

    /// Hands the subscription downstream, then lets `subscribeChildren` subscribe one
    /// child per upstream (it calls `child(at:)`).
    func start(_ subscribeChildren: (CombiningSubscription) -> Void) {
        downstream?.receive(subscription: self)
        subscribeChildren(self)
    }

    /// The child subscriber for upstream number `index`.
    func child<Input>(at index: Int, of type: Input.Type = Input.self) -> Child<Input> {
        Child(parent: self, index: index)
    }

    // MARK: Upstream events

    private func attach(_ subscription: any Subscription, at index: Int) {
        guard attachLocked(subscription, at: index) else { return }
        let initial = requestedSoFar
        lock.unlock()
        if initial > 0 { subscription.request(initial) }
    }

    private func receive(_ value: some Any, from index: Int) {
        lock.lock()
        guard !terminated, upstreams[index].subscription != nil else {
            lock.unlock()
            return
        }
        // combineLatest's previous value from this upstream, released only after
        // unlocking: its deinit may send into this stream.
        var replaced: Any?
        switch strategy {
        case .latest:
            if queues[index].isEmpty {
                queues[index].append(value)
            } else {
                replaced = queues[index][0]
                queues[index][0] = value
            }
            fresh = true
        case .zip:
            queues[index].append(value)
        }
        if delivering {
            lock.unlock()
        } else {
            drain()
        }
        _fixLifetime(replaced)
    }

    private func complete(_ completion: Subscribers.Completion<Failure>, from index: Int) {
        lock.lock()
        guard !terminated, upstreams[index].subscription != nil else {
            lock.unlock()
            return
        }
        _ = upstreams[index].terminate()
        switch completion {
        case .finished: finished[index] = true
        case .failure(let error): pendingFailure = error
        }
        guard !delivering else {
            lock.unlock()
            return
        }
        drain()
    }

    // MARK: Downstream requests

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        guard !terminated, more > 0 else {
            lock.unlock()
            return
        }
        demand += more
        requestedSoFar += more
        let subscriptions = upstreams.compactMap(\.subscription)
        lock.unlock()
        for subscription in subscriptions {
            subscription.request(more)
        }
        lock.lock()
        guard !delivering, !terminated else {
            lock.unlock()
            return
        }
        drain()
    }

    // MARK: Delivery

    private var isReady: Bool {
        for index in queues.indices where heads[index] >= queues[index].count {
            return false
        }
        return strategy == .zip || fresh
    }

    private var isExhausted: Bool {
        switch strategy {
        case .latest:
            return !finished.contains(false) && !isReady
        case .zip:
            for index in queues.indices where finished[index] && heads[index] >= queues[index].count {
                return true
            }
            return false
        }
    }

    /// Takes the next combination's inputs. Call with the lock held and `isReady` true.
    /// For zip, also returns the queues emptied on the way, which still hold values
    /// delivered earlier: the caller releases them after unlocking (a deinit may send).
    private func takeInputs() -> (inputs: [Any], spent: [[Any]]) {
        switch strategy {
        case .latest:
            fresh = false
            return (queues.map { $0[0] }, [])
        case .zip:
            var inputs: [Any] = []
            var spent: [[Any]] = []
            inputs.reserveCapacity(queues.count)
            for index in queues.indices {
                inputs.append(queues[index][heads[index]])
                heads[index] += 1
                if heads[index] == queues[index].count {
                    // A single element is in `inputs` too, so it can be cleared in place.
                    if queues[index].count > 1 { spent.append(queues[index]) }
                    queues[index].removeAll(keepingCapacity: true)
                    heads[index] = 0
                }
            }
            return (inputs, spent)
        }
    }

    /// Called with the lock held and `delivering` false; returns with the lock released.
    private func drain() {
        delivering = true
        while true {
            if let failure = pendingFailure {
                end(with: .failure(failure))
                return
            }
            if !terminated, demand > 0, isReady, let downstream {
                let (inputs, spent) = takeInputs()
                let output = makeOutput(inputs)
                demand -= 1
                lock.unlock()
                _ = consume inputs
                _ = consume spent
                // Consumed, so that the combination and the downstream (which a cancel
                // during the call may have let go of) are released before locking again.
                let more = (consume downstream).receive(consume output)
                lock.lock()
                if more > 0, !terminated {
                    demand += more
                    requestedSoFar += more
                    let subscriptions = upstreams.compactMap(\.subscription)
                    lock.unlock()
                    for subscription in subscriptions {
                        subscription.request(more)
                    }
                    lock.lock()
                }
                continue
            }
            if !terminated, isExhausted {
                end(with: .finished)
                return
            }
            delivering = false
            lock.unlock()
            return
        }
    }

    override func takeBuffered() -> Any {
        let taken = queues
        queues = queues.map { _ in [] }
        return taken
    }
}

extension CombiningSubscription {
    // The bodies of `CombineLatest`, `Zip` (and their 3- and 4-upstream forms)
    // `receive(subscriber:)`: they differ only in `strategy`.

    /// Combines two upstreams into `downstream`.
    static func combine<A: Publisher, B: Publisher>(
        _ a: A, _ b: B, strategy: Strategy, into downstream: Downstream
    ) where Downstream.Input == (A.Output, B.Output), A.Failure == Downstream.Failure, B.Failure == Downstream.Failure {
        let subscription = CombiningSubscription(downstream: downstream, upstreamCount: 2, strategy: strategy) {
            ($0[0] as! A.Output, $0[1] as! B.Output)
        }
        subscription.start { core in
            a.subscribe(core.child(at: 0, of: A.Output.self))
            b.subscribe(core.child(at: 1, of: B.Output.self))
        }
    }

    /// Combines three upstreams into `downstream`.
    static func combine<A: Publisher, B: Publisher, C: Publisher>(
        _ a: A, _ b: B, _ c: C, strategy: Strategy, into downstream: Downstream
    )
    where
        Downstream.Input == (A.Output, B.Output, C.Output), A.Failure == Downstream.Failure,
        B.Failure == Downstream.Failure, C.Failure == Downstream.Failure
    {
        let subscription = CombiningSubscription(downstream: downstream, upstreamCount: 3, strategy: strategy) {
            ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output)
        }
        subscription.start { core in
            a.subscribe(core.child(at: 0, of: A.Output.self))
            b.subscribe(core.child(at: 1, of: B.Output.self))
            c.subscribe(core.child(at: 2, of: C.Output.self))
        }
    }

    /// Combines four upstreams into `downstream`.
    static func combine<A: Publisher, B: Publisher, C: Publisher, D: Publisher>(
        _ a: A, _ b: B, _ c: C, _ d: D, strategy: Strategy, into downstream: Downstream
    )
    where
        Downstream.Input == (A.Output, B.Output, C.Output, D.Output), A.Failure == Downstream.Failure,
        B.Failure == Downstream.Failure, C.Failure == Downstream.Failure, D.Failure == Downstream.Failure
    {
        let subscription = CombiningSubscription(downstream: downstream, upstreamCount: 4, strategy: strategy) {
            ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output, $0[3] as! D.Output)
        }
        subscription.start { core in
            a.subscribe(core.child(at: 0, of: A.Output.self))
            b.subscribe(core.child(at: 1, of: B.Output.self))
            c.subscribe(core.child(at: 2, of: C.Output.self))
            d.subscribe(core.child(at: 3, of: D.Output.self))
        }
    }
}

extension CombiningSubscription: CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// No children.
    var customMirror: Mirror { Mirror(self, children: [:]) }

    /// The operator's name, what a playground shows.
    var playgroundDescription: Any { description }
}
