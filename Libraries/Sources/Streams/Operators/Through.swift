import Pipelines

extension Publishers {
    /// A publisher that runs a `Pipeline` over its upstream's values: the same
    /// transformation that runs over a sequence, unchanged, over a stream.
    ///
    /// Each subscription gets its own run of the pipeline, so steps with state (`prefix`,
    /// `dropFirst`, `scan` ...) start afresh for every subscriber. When the pipeline has
    /// finished (say a `prefix` is complete), the publisher finishes and cancels its
    /// upstream. Downstream demand is respected when steps drop values (the demand is
    /// asked of the upstream again) and when they multiply them (`flatMap`: outputs
    /// beyond the demand wait, in order, until the subscriber asks for more; so does the
    /// upstream's completion).
    ///
    /// ```swift
    /// let firstTwoEvens = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }.prefix(2)
    /// let cancellable = (1...).publisher.through(firstTwoEvens).sink { print($0) }  // 2, 4
    /// ```
    public struct Through<Upstream: Publisher, Output>: Publisher {
        /// The upstream's failure: pipeline steps can't fail.
        ///
        /// ```swift
        /// let failure = Publishers.Through<PassthroughSubject<Int, MyError>, Int>.Failure.self  // MyError
        /// ```
        public typealias Failure = Upstream.Failure

        /// The publisher whose values run through the pipeline.
        ///
        /// ```swift
        /// let subject = PassthroughSubject<Int, Never>()
        /// subject.through(Pipeline<Int, Int>()).upstream === subject  // true
        /// ```
        public let upstream: Upstream
        /// The pipeline each subscription runs.
        ///
        /// ```swift
        /// let total = [1, 2].publisher.through(Pipeline<Int, Int>().scan(0, +))
        /// total.pipeline.run([3, 4])  // [3, 7]: the same pipeline, over a sequence
        /// ```
        public let pipeline: Pipeline<Upstream.Output, Output>

        /// Makes the publisher; usually written `upstream.through(pipeline)`.
        ///
        /// ```swift
        /// let doubled = Publishers.Through(upstream: [1, 2].publisher, pipeline: Pipeline<Int, Int>().map { $0 * 2 })
        /// ```
        public init(upstream: Upstream, pipeline: Pipeline<Upstream.Output, Output>) {
            self.upstream = upstream
            self.pipeline = pipeline
        }

        /// Attaches `subscriber` behind a fresh run of the pipeline; usually called for you
        /// by `subscribe(_:)` or `sink`.
        ///
        /// ```swift
        /// [1, 2].publisher.through(Pipeline<Int, Int>()).receive(subscriber: Subscribers.Sink(
        ///     receiveCompletion: { _ in }, receiveValue: { print($0) }))  // prints 1, 2
        /// ```
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ThroughSubscription(downstream: subscriber, push: pipeline.startRun()))
        }
    }
}

extension Publisher {
    /// Runs `pipeline` over the values this publisher sends.
    ///
    /// ```swift
    /// let evensDoubled = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }.map { $0 * 2 }
    /// let subject = PassthroughSubject<Int, Never>()
    /// let cancellable = subject.through(evensDoubled).sink { print($0) }
    /// subject.send(1)  // nothing
    /// subject.send(2)  // prints 4
    /// ```
    ///
    /// See ``Publishers/Through`` for state, completion and demand.
    public func through<NewOutput>(_ pipeline: Pipeline<Output, NewOutput>) -> Publishers.Through<Self, NewOutput> {
        Publishers.Through(upstream: self, pipeline: pipeline)
    }
}

/// The subscriber to the upstream and, at once, the downstream's subscription: it feeds
/// upstream values into one run of the pipeline and hands the outputs on within the
/// downstream's demand.
///
/// The lock guards every stored variable; it is never held while calling the pipeline,
/// the downstream or the upstream. One input at a time goes through the pipeline
/// (`pushing`): inputs sent re-entrantly meanwhile wait in `queuedInputs`, so outputs keep
/// the order they have over a sequence. One thread at a time delivers downstream
/// (`delivering`); outputs that arrive meanwhile, or beyond the demand, wait in `buffer`.
final class ThroughSubscription<Input, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
{
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure
    typealias Push = (Input, (Output) -> Bool) -> Bool

    let lock = Lock()
    var upstream = SubscriptionState.awaiting
    /// `nil` once completed or cancelled.
    var downstream: Downstream?
    /// This subscription's run of the pipeline; `nil` when it needs no input at all.
    let push: Push?
    /// Whether the pipeline wants no more input.
    var pipelineFinished: Bool
    /// What the downstream asked for and hasn't received yet.
    var demand = Subscribers.Demand.none
    /// What was asked of the upstream and hasn't arrived yet.
    var requested = Subscribers.Demand.none
    /// Outputs waiting for demand, from `bufferStart` on.
    var buffer: [Output] = []
    var bufferStart = 0
    var delivering = false
    /// The completion to send once the buffer is empty and no input is being pushed.
    var completion: Subscribers.Completion<Failure>?
    /// Whether an input is going through the pipeline; inputs that arrive meanwhile (a
    /// re-entrant send) wait in `queuedInputs`.
    var pushing = false
    var queuedInputs: [Input] = []

    init(downstream: Downstream, push: Push?) {
        self.downstream = downstream
        self.push = push
        pipelineFinished = push == nil
    }

    var description: String { "Through" }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard upstream.attach(subscription), let receiver = downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        let finishedBeforeStarting = pipelineFinished
        lock.unlock()
        receiver.receive(subscription: self)
        if finishedBeforeStarting {
            finish(cancellingUpstream: true)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard !upstream.isTerminal, downstream != nil, !pipelineFinished, let push else {
            lock.unlock()
            return .none
        }
        requested -= 1
        guard !pushing else {
            // Sent re-entrantly, from inside a delivery of an earlier input's outputs:
            // queue it, so that every output of the earlier input goes first.
            queuedInputs.append(input)
            lock.unlock()
            return .none
        }
        pushing = true
        lock.unlock()
        var next: Input? = input
        while let current = next {
            guard push(current, { self.offer($0) }) else {
                lock.lock()
                pushing = false
                // Released after unlocking: an input's deinit may send into this stream.
                let dropped = queuedInputs
                queuedInputs = []
                lock.unlock()
                _fixLifetime(dropped)
                finish(cancellingUpstream: true)
                return .none
            }
            lock.lock()
            next = queuedInputs.isEmpty ? nil : queuedInputs.removeFirst()
            if next == nil {
                pushing = false
            }
            lock.unlock()
        }
        drain()
        lock.lock()
        let more = topUp()
        lock.unlock()
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !upstream.isTerminal, downstream != nil else {
            lock.unlock()
            return
        }
        // Let go of at return, after unlocking: this may be the last reference to the
        // subscription, whose deinit may call back into this subscriber.
        let ended = upstream.terminate()
        defer { withExtendedLifetime(ended) {} }
        if self.completion == nil {
            self.completion = completion
        }
        lock.unlock()
        drain()
    }

    func request(_ more: Subscribers.Demand) {
        guard more > 0 else { return }
        lock.lock()
        demand += more
        lock.unlock()
        drain()
        lock.lock()
        let wanted = topUp()
        let live = upstream.subscription
        lock.unlock()
        if wanted > 0 {
            live?.request(wanted)
        }
    }

    func cancel() {
        lock.lock()
        let live = upstream.terminate()
        // Everything let go of here is released after unlocking: the downstream, a
        // buffered output, a queued input or a waiting failure may run a deinit that
        // sends into this stream.
        let released = (downstream, buffer, queuedInputs, completion)
        downstream = nil
        buffer = []
        bufferStart = 0
        queuedInputs = []
        completion = nil
        lock.unlock()
        live?.cancel()
        withExtendedLifetime(released) {}
    }

    /// Hands one output downstream at once if it can, else queues it. Returns `false`
    /// when the downstream is gone, so that the pipeline stops producing.
    func offer(_ output: Output) -> Bool {
        lock.lock()
        guard let receiver = downstream else {
            lock.unlock()
            return false
        }
        guard !delivering, bufferStart == buffer.count, demand > 0 else {
            buffer.append(output)
            lock.unlock()
            return true
        }
        demand -= 1
        delivering = true
        lock.unlock()
        let more = receiver.receive(output)
        lock.lock()
        demand += more
        delivering = false
        lock.unlock()
        // A re-entrant send may have queued outputs while this one was delivered.
        drain()
        return true
    }

    /// The pipeline finished: no more input, so cancel the upstream and finish once the
    /// queued outputs are delivered.
    func finish(cancellingUpstream: Bool) {
        lock.lock()
        pipelineFinished = true
        let live = cancellingUpstream ? upstream.terminate() : nil
        if completion == nil, downstream != nil {
            completion = .finished
        }
        lock.unlock()
        live?.cancel()
        drain()
    }

    /// Delivers queued outputs while there is demand, then the completion once nothing is
    /// queued and no input is going through the pipeline (it may yet produce outputs). Does nothing when another call is already delivering: that one loops until
    /// it finds nothing more to do, checking under the same lock hold in which it stops.
    func drain() {
        lock.lock()
        guard !delivering else {
            lock.unlock()
            return
        }
        delivering = true
        while let receiver = downstream {
            if bufferStart < buffer.count {
                guard demand > 0 else { break }
                let output = buffer[bufferStart]
                bufferStart += 1
                // The outputs delivered before this one are still buffered: handed over
                // to be released after unlocking (a deinit may send). A single output
                // is also in `output`, so that buffer is cleared in place.
                var spent: [Output] = []
                if bufferStart == buffer.count {
                    if buffer.count > 1 { spent = buffer }
                    buffer.removeAll(keepingCapacity: true)
                    bufferStart = 0
                }
                demand -= 1
                lock.unlock()
                _ = consume spent
                // Consumed, so that the output and the receiver (which a cancel during
                // the call may have let go of) are released before locking again.
                let more = (consume receiver).receive(consume output)
                lock.lock()
                demand += more
            } else if let completion, !pushing {
                downstream = nil
                self.completion = nil
                lock.unlock()
                // The receiver's last reference: released before locking again.
                (consume receiver).receive(completion: completion)
                lock.lock()
            } else {
                break
            }
        }
        delivering = false
        lock.unlock()
    }

    /// With the lock held: how much more to ask of the upstream so that every unit of
    /// downstream demand has an input on its way, and records it as requested. Nothing
    /// while outputs are queued, after the pipeline finished, or without a live upstream.
    func topUp() -> Subscribers.Demand {
        guard bufferStart == buffer.count, !pipelineFinished, completion == nil,
            upstream.subscription != nil, demand > requested
        else { return .none }
        let wanted = demand == .unlimited ? .unlimited : demand - requested
        requested += wanted
        return wanted
    }
}
