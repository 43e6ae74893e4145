extension Publisher {
    /// The publisher's values as an `AsyncSequence` that keeps values arriving while the
    /// loop is busy, instead of dropping them as `values` does.
    ///
    /// ```swift
    /// for await event in subject.values(bufferingPolicy: .bufferingNewest(100)) { ... }
    /// ```
    ///
    /// The publisher is asked for unlimited values at once, and values wait in a buffer
    /// governed by `bufferingPolicy`: `.unbounded` keeps everything, `.bufferingOldest(n)`
    /// keeps the first `n` waiting values (dropping newer ones), `.bufferingNewest(n)` the
    /// latest `n`. After the publisher completes, the loop still gets the buffered values,
    /// then ends (or throws the failure). Iteration throws `Failure`, so for a
    /// never-failing publisher the loop needs no `try`. Not a Combine API: code using it
    /// does not port to Combine unchanged.
    public func values(
        bufferingPolicy: AsyncStream<Output>.Continuation.BufferingPolicy
    ) -> BufferedAsyncPublisher<Self> {
        BufferedAsyncPublisher(self, bufferingPolicy: bufferingPolicy)
    }
}

/// An `AsyncSequence` of a publisher's values that buffers values sent while the consumer
/// is busy. Created by `values(bufferingPolicy:)`.
public struct BufferedAsyncPublisher<P: Publisher>: AsyncSequence {
    /// The publisher's output.
    public typealias Element = P.Output
    /// Iteration throws the publisher's failure (nothing when it is `Never`).
    public typealias Failure = P.Failure

    private let publisher: P
    private let policy: AsyncStream<P.Output>.Continuation.BufferingPolicy

    /// Creates a buffered asynchronous sequence of `publisher`'s values.
    public init(_ publisher: P, bufferingPolicy: AsyncStream<P.Output>.Continuation.BufferingPolicy) {
        self.publisher = publisher
        policy = bufferingPolicy
    }

    /// Subscribes to the publisher (requesting unlimited values) and returns the iterator.
    public func makeAsyncIterator() -> Iterator {
        let subscriber = BufferedAsyncSubscriber<P.Output, P.Failure>(policy: policy)
        publisher.subscribe(subscriber)
        return Iterator(lifetime: BufferedAsyncSubscriber.Lifetime(subscriber))
    }

    /// The iterator of a `BufferedAsyncPublisher`.
    public struct Iterator: AsyncIteratorProtocol {
        /// Iteration throws the publisher's failure.
        public typealias Failure = P.Failure

        private let lifetime: BufferedAsyncSubscriber<P.Output, P.Failure>.Lifetime

        fileprivate init(lifetime: BufferedAsyncSubscriber<P.Output, P.Failure>.Lifetime) {
            self.lifetime = lifetime
        }

        /// The next buffered or arriving value; `nil` once the publisher has finished and
        /// the buffer is empty, or the task was cancelled; throws the publisher's failure.
        public mutating func next() async throws(P.Failure) -> P.Output? {
            try await lifetime.subscriber.next().get()
        }

        /// The next value, staying on the caller's actor while waiting.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(P.Failure) -> P.Output? {
            try await lifetime.subscriber.next(isolation: actor).get()
        }
    }
}

/// The subscriber behind `BufferedAsyncPublisher`: unlimited demand, a policy-bounded
/// buffer, and at most one waiting task.
final class BufferedAsyncSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable, CustomStringConvertible {
    // `@unchecked`: all mutable state is guarded by `lock`; values cross to the awaiting
    // task in an `UncheckedTransfer`.
    typealias Outcome = Result<Input?, Failure>
    typealias Waiter = UnsafeContinuation<UncheckedTransfer<Outcome>, Never>

    /// Cancels the subscription when the last copy of the iterator goes away.
    final class Lifetime: Sendable {
        let subscriber: BufferedAsyncSubscriber

        init(_ subscriber: BufferedAsyncSubscriber) {
            self.subscriber = subscriber
        }

        deinit {
            subscriber.cancel()
        }
    }

    private let lock = Lock()
    private let policy: AsyncStream<Input>.Continuation.BufferingPolicy
    private var upstream = SubscriptionState.awaiting
    private var buffer: [Input] = []
    private var head = 0
    private var waiter: Waiter?
    private var ending: Outcome?

    init(policy: AsyncStream<Input>.Continuation.BufferingPolicy) {
        self.policy = policy
    }

    var description: String { "BufferedAsyncPublisher" }

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
            let value = popFirst()
            lock.unlock()
            waiter.resume(returning: UncheckedTransfer(value: .success(value)))
        } else if let ending {
            self.ending = .success(nil)
            lock.unlock()
            waiter.resume(returning: UncheckedTransfer(value: ending))
        } else {
            self.waiter = waiter
            lock.unlock()
        }
    }

    /// Call with the lock held and the buffer not empty.
    private func popFirst() -> Input {
        let value = buffer[head]
        head += 1
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1_024, head * 2 >= buffer.count {
            buffer.removeFirst(head)
            head = 0
        }
        return value
    }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard upstream.attach(subscription) else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lock.unlock()
        subscription.request(.unlimited)
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
        let count = buffer.count - head
        switch policy {
        case .unbounded:
            buffer.append(input)
        case .bufferingOldest(let limit):
            if count < limit { buffer.append(input) }
        case .bufferingNewest(let limit):
            if limit > 0 {
                if count >= limit { _ = popFirst() }
                buffer.append(input)
            }
        @unknown default:
            buffer.append(input)
        }
        lock.unlock()
        return .none
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
        _ = upstream.terminate()
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
        buffer.removeAll()
        head = 0
        if ending == nil { ending = .success(nil) }
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        subscription?.cancel()
        waiter?.resume(returning: UncheckedTransfer(value: .success(nil)))
    }
}
