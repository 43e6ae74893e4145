/// The subscriber behind `AsyncPublisher`, `AsyncThrowingPublisher` and
/// `BufferedAsyncPublisher`: it resumes the awaiting task with a value, the completion,
/// or `nil` when the task is cancelled. At most one task waits at a time.
///
/// Without a buffering policy (`values`) it requests one value each time a task awaits
/// `next()`, and drops a value nobody asked for. With one (`values(bufferingPolicy:)`) it
/// requests unlimited values at once and keeps those that arrive while no task waits in a
/// buffer bounded by the policy; they are delivered before the completion.
final class AsyncValueSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable, CustomStringConvertible {
    // `@unchecked`: all mutable state is guarded by `lock`; values cross to the awaiting
    // task in an `UncheckedTransfer` (see there).
    typealias Outcome = Result<Input?, Failure>
    typealias Waiter = UnsafeContinuation<UncheckedTransfer<Outcome>, Never>
    typealias BufferingPolicy = AsyncStream<Input>.Continuation.BufferingPolicy

    /// Cancels the subscription when the last copy of the iterator goes away (a loop
    /// left with `break`), so the publisher does not keep the subscriber alive.
    final class Lifetime: Sendable {
        let subscriber: AsyncValueSubscriber

        init(_ subscriber: AsyncValueSubscriber) {
            self.subscriber = subscriber
        }

        deinit {
            subscriber.cancel()
        }
    }

    private let lock = Lock()
    // `nil`: one value per `next()`, nothing buffered.
    private let policy: BufferingPolicy?
    private var upstream = SubscriptionState.awaiting
    // Values waiting for a task, from `head` on (buffered mode only).
    private var buffer: [Input] = []
    private var head = 0
    private var waiter: Waiter?
    // Set once the stream has ended; what every later `next()` returns.
    private var ending: Outcome?

    private init(policy: BufferingPolicy?) {
        self.policy = policy
    }

    /// Subscribes a new subscriber to `publisher` and returns the handle the iterator
    /// keeps; `policy` chooses buffered mode.
    static func subscribe<P: Publisher>(
        to publisher: P,
        bufferingPolicy policy: BufferingPolicy? = nil
    ) -> Lifetime where P.Output == Input, P.Failure == Failure {
        let subscriber = AsyncValueSubscriber(policy: policy)
        publisher.subscribe(subscriber)
        return Lifetime(subscriber)
    }

    var description: String { policy == nil ? "AsyncPublisher" : "BufferedAsyncPublisher" }

    func next(isolation actor: isolated (any Actor)? = #isolation) async -> Outcome {
        await withTaskCancellationHandler {
            await withUnsafeContinuation(isolation: actor) { (waiter: Waiter) in
                self.wait(with: waiter)
            }.value
        } onCancel: {
            self.cancel()
        }
    }

    private func wait(with waiter: Waiter) {
        lock.lock()
        if head < buffer.count {
            let (value, spent) = popFirst()
            lock.unlock()
            _fixLifetime(spent)
            waiter.resume(returning: UncheckedTransfer(value: .success(value)))
            return
        }
        if let ending {
            // A failure is reported once; afterwards the sequence just ends.
            self.ending = .success(nil)
            lock.unlock()
            waiter.resume(returning: UncheckedTransfer(value: ending))
            return
        }
        self.waiter = waiter
        // In buffered mode the upstream already has unlimited demand.
        let subscription = policy == nil ? upstream.subscription : nil
        lock.unlock()
        subscription?.request(.max(1))
    }

    /// Call with the lock held and the buffer not empty. Also returns the values taken
    /// earlier that the buffer let go of now, for the caller to release after unlocking:
    /// a value's deinit is user code, which may send into this stream.
    private func popFirst() -> (value: Input, spent: [Input]) {
        let value = buffer[head]
        head += 1
        var spent: [Input] = []
        if head == buffer.count {
            // A single value is also in `value`, so that buffer is cleared in place.
            if buffer.count > 1 { spent = buffer }
            buffer.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1_024, head * 2 >= buffer.count {
            spent = Array(buffer[..<head])
            buffer.removeFirst(head)
            head = 0
        }
        return (value, spent)
    }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard upstream.attachOrCancel(subscription, unlocking: lock) else { return }
        // A task may already be waiting (the subscription arrived asynchronously).
        let someoneWaits = waiter != nil
        lock.unlock()
        if policy != nil {
            subscription.request(.unlimited)
        } else if someoneWaits {
            subscription.request(.max(1))
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard !upstream.isTerminal else {
            lock.unlock()
            return .none
        }
        if let waiter {
            self.waiter = nil
            lock.unlock()
            waiter.resume(returning: UncheckedTransfer(value: .success(input)))
            return .none
        }
        // Unbuffered, only an upstream ignoring demand gets here: nobody asked for this
        // value, and it is dropped.
        let dropped = policy.map { enqueue(input, policy: $0) }
        lock.unlock()
        _fixLifetime(dropped)
        return .none
    }

    /// Call with the lock held: buffers `input` as `policy` allows. Returns what it
    /// evicted, for the caller to release after unlocking.
    private func enqueue(_ input: Input, policy: BufferingPolicy) -> Any {
        let count = buffer.count - head
        switch policy {
        case .unbounded:
            buffer.append(input)
        case .bufferingOldest(let limit):
            if count < limit { buffer.append(input) }
        case .bufferingNewest(let limit):
            if limit > 0 {
                let evicted = count >= limit ? popFirst() : nil
                buffer.append(input)
                return evicted as Any
            }
        @unknown default:
            buffer.append(input)
        }
        return ()
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let outcome: Outcome
        switch completion {
        case .finished: outcome = .success(nil)
        case .failure(let error): outcome = .failure(error)
        }
        lock.lock()
        guard !upstream.isTerminal else {
            lock.unlock()
            return
        }
        // Let go of at return, after unlocking: this may be the last reference to the
        // subscription, whose deinit may call back into this subscriber.
        let ended = upstream.terminate()
        defer { withExtendedLifetime(ended) {} }
        guard let waiter else {
            // Buffered values are still delivered first; see `wait(with:)`.
            ending = outcome
            lock.unlock()
            return
        }
        self.waiter = nil
        ending = .success(nil)
        lock.unlock()
        waiter.resume(returning: UncheckedTransfer(value: outcome))
    }

    func cancel() {
        lock.lock()
        let subscription = upstream.terminate()
        // Released after unlocking: a buffered value's deinit may send into this stream.
        let dropped = buffer
        buffer = []
        head = 0
        if ending == nil { ending = .success(nil) }
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        subscription?.cancel()
        _fixLifetime(dropped)
        waiter?.resume(returning: UncheckedTransfer(value: .success(nil)))
    }
}
