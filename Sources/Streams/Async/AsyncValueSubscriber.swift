/// The subscriber behind `AsyncPublisher` and `AsyncThrowingPublisher`: it requests one
/// value when a task awaits `next()` and resumes that task with the value, the
/// completion, or `nil` when the task is cancelled.
final class AsyncValueSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable, CustomStringConvertible {
    // `@unchecked`: all mutable state is guarded by `lock`; values cross to the awaiting
    // task in an `UncheckedTransfer` (see there).
    typealias Outcome = Result<Input?, Failure>
    typealias Waiter = UnsafeContinuation<UncheckedTransfer<Outcome>, Never>

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
    private var upstream = SubscriptionState.awaiting
    private var waiter: Waiter?
    // Set once the stream has ended; what every later `next()` returns.
    private var ending: Outcome?

    static func subscribe<P: Publisher>(to publisher: P) -> Lifetime where P.Output == Input, P.Failure == Failure {
        let subscriber = AsyncValueSubscriber()
        publisher.subscribe(subscriber)
        return Lifetime(subscriber)
    }

    var description: String { "AsyncPublisher" }

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
        if let ending {
            // A failure is reported once; afterwards the sequence just ends.
            self.ending = .success(nil)
            lock.unlock()
            waiter.resume(returning: UncheckedTransfer(value: ending))
            return
        }
        self.waiter = waiter
        let subscription = upstream.subscription
        lock.unlock()
        subscription?.request(.max(1))
    }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard upstream.attach(subscription) else {
            lock.unlock()
            subscription.cancel()
            return
        }
        // A task may already be waiting (the subscription arrived asynchronously).
        let someoneWaits = waiter != nil
        lock.unlock()
        if someoneWaits { subscription.request(.max(1)) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard let waiter else {
            // Only an upstream ignoring demand gets here: nobody asked for this value.
            lock.unlock()
            return .none
        }
        self.waiter = nil
        lock.unlock()
        waiter.resume(returning: UncheckedTransfer(value: .success(input)))
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
        if ending == nil { ending = .success(nil) }
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        subscription?.cancel()
        waiter?.resume(returning: UncheckedTransfer(value: .success(nil)))
    }
}
