extension Future where Failure == Never {
    /// The future's value, awaited: returns at once if the promise was already fulfilled,
    /// otherwise when it is. Cancelling the awaiting task does not end the wait (the
    /// future has no way to stop its work).
    public var value: Output {
        get async {
            guard let value = await FutureValueSubscriber.await(self).get() else {
                preconditionFailure("Future finished without a value")
            }
            return value
        }
    }
}

extension Future {
    /// The future's value, awaited; throws the future's failure. Returns at once if the
    /// promise was already fulfilled. Cancelling the awaiting task does not end the wait.
    public var value: Output {
        get async throws {
            guard let value = try await FutureValueSubscriber.await(self).get() else {
                preconditionFailure("Future finished without a value")
            }
            return value
        }
    }
}

/// Subscribes to a future and resumes the awaiting task with its one value or failure.
final class FutureValueSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable, CustomStringConvertible {
    // `@unchecked`: `waiter` is guarded by `lock` and resumed exactly once.
    typealias Outcome = Result<Input?, Failure>
    typealias Waiter = UnsafeContinuation<UncheckedTransfer<Outcome>, Never>

    private let lock = Lock()
    private var waiter: Waiter?

    private init(_ waiter: Waiter) {
        self.waiter = waiter
    }

    static func `await`(_ future: Future<Input, Failure>, isolation actor: isolated (any Actor)? = #isolation) async
        -> Outcome
    {
        await withUnsafeContinuation(isolation: actor) { (waiter: Waiter) in
            future.subscribe(FutureValueSubscriber(waiter))
        }.value
    }

    var description: String { "Future.value" }

    private func take() -> Waiter? {
        lock.lock()
        defer { lock.unlock() }
        let waiter = self.waiter
        self.waiter = nil
        return waiter
    }

    func receive(subscription: any Subscription) {
        subscription.request(.max(1))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        take()?.resume(returning: UncheckedTransfer(value: .success(input)))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished:
            // Reached only if a future finished without a value, which Future never does.
            take()?.resume(returning: UncheckedTransfer(value: .success(nil)))
        case .failure(let error):
            take()?.resume(returning: UncheckedTransfer(value: .failure(error)))
        }
    }
}
