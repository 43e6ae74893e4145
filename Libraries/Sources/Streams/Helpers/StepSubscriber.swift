/// What a stateful operator does with one upstream value or with the upstream completion.
@usableFromInline
enum Step<Output, Failure: Error> {
    /// Send a value downstream and go on.
    case emit(Output)
    /// Send nothing; the unit of demand the value used is handed back upstream.
    case drop
    /// Send a last value, finish, and cancel the upstream.
    case emitAndFinish(Output)
    /// Finish (cancelling the upstream if it is still live).
    case finish
    /// Fail with an error (cancelling the upstream if it is still live).
    case fail(Failure)
}

/// The one inner subscriber behind every operator that keeps state or may end early
/// (`Sources/Streams/Operators/README.md` tells which operators use which helper). Each
/// operator only supplies two functions: `step` for a value and `finishing` for the
/// upstream completion. (Those that must read the whole upstream before answering put an
/// ``UnlimitedUpstreamDemand`` in front of it.)
///
/// It stands between upstream and downstream as both the subscriber and the downstream's
/// subscription, so it can stop the flow itself. The lock guards the subscription state,
/// the downstream reference and the downstream's outstanding demand, and is released
/// before `step`, `finishing` (user code) and every downstream call. `state` is touched
/// only by `receive` calls, which the subscriber contract makes serial.
///
/// A final value produced on completion (e.g. `reduce`'s result) waits until the
/// downstream has demand for it.
@usableFromInline
final class StepSubscriber<Upstream: Publisher, Downstream: Subscriber, State>: Subscriber, Subscription,
    @unchecked Sendable
{
    @usableFromInline typealias Input = Upstream.Output
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias OperatorStep = Step<Output, Downstream.Failure>

    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var upstream = SubscriptionState.awaiting
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) var outstanding = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var pendingFinal: Output?
    @usableFromInline @exclusivity(unchecked) var state: State
    /// The state before the first value, for the mirror only (Combine's reducing
    /// operators show it as `initial`).
    @usableFromInline let initial: State
    @usableFromInline let step: (inout State, Input) -> OperatorStep
    @usableFromInline let finishing: (inout State, Subscribers.Completion<Failure>) -> OperatorStep
    /// The operator, for its description and mirror only.
    @usableFromInline let name: StepOperatorName

    @inlinable
    init(
        name: StepOperatorName,
        downstream: Downstream,
        state: State,
        step: @escaping (inout State, Input) -> OperatorStep,
        finishing: @escaping (inout State, Subscribers.Completion<Failure>) -> OperatorStep
    ) {
        self.name = name
        self.downstream = downstream
        self.state = state
        self.initial = state
        self.step = step
        self.finishing = finishing
    }

    @inlinable
    func receive(subscription: any Subscription) {
        lock.lock()
        guard upstream.attach(subscription), let receiver = downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lock.unlock()
        receiver.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard !upstream.isTerminal, downstream != nil else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        switch step(&state, input) {
        case .drop:
            return .max(1)
        case .emit(let output):
            lock.lock()
            guard let receiver = downstream else {
                lock.unlock()
                return .none
            }
            outstanding -= 1
            lock.unlock()
            let more = receiver.receive(output)
            if more.rawValue != 0 {
                lock.lock()
                outstanding += more
                lock.unlock()
            }
            return more
        case .emitAndFinish(let output):
            end(with: output, completion: .finished, cancellingUpstream: true)
        case .finish:
            end(with: nil, completion: .finished, cancellingUpstream: true)
        case .fail(let error):
            end(with: nil, completion: .failure(error), cancellingUpstream: true)
        }
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !upstream.isTerminal, downstream != nil else {
            lock.unlock()
            return
        }
        _ = upstream.terminate()
        lock.unlock()
        switch finishing(&state, completion) {
        case .emitAndFinish(let output):
            end(with: output, completion: .finished, cancellingUpstream: false)
        case .fail(let error):
            end(with: nil, completion: .failure(error), cancellingUpstream: false)
        case .emit, .drop, .finish:
            end(with: nil, completion: .finished, cancellingUpstream: false)
        }
    }

    /// Sends an optional last value and the completion. A last value that finds no
    /// outstanding demand is parked until `request`.
    @inlinable
    func end(with output: Output?, completion: Subscribers.Completion<Downstream.Failure>, cancellingUpstream: Bool) {
        lock.lock()
        let live = cancellingUpstream ? upstream.terminate() : nil
        if let output, outstanding.rawValue == 0 {
            pendingFinal = output
            lock.unlock()
            if let live = consume live { live.cancel() }
            return
        }
        let receiver = downstream
        downstream = nil
        lock.unlock()
        if let live = consume live { live.cancel() }
        guard let receiver else { return }
        if let output {
            _ = receiver.receive(output)
        }
        receiver.receive(completion: completion)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        guard demand.rawValue != 0 else { return }
        lock.lock()
        outstanding += demand
        if let final = pendingFinal {
            pendingFinal = nil
            let receiver = downstream
            downstream = nil
            lock.unlock()
            guard let receiver else { return }
            _ = receiver.receive(final)
            receiver.receive(completion: .finished)
            return
        }
        let live = upstream.subscription
        lock.unlock()
        live?.request(demand)
    }

    @inlinable
    func cancel() {
        lock.lock()
        let live = upstream.terminate()
        // Released after unlocking: the subscriber or a parked last value may run a
        // deinit that sends into this stream.
        let released = (downstream, pendingFinal)
        downstream = nil
        pendingFinal = nil
        lock.unlock()
        if let live = consume live { live.cancel() }
        withExtendedLifetime(released) {}
    }
}

extension Step {
    /// The step that passes an upstream completion on unchanged.
    @inlinable
    static func forwarding(_ completion: Subscribers.Completion<Failure>) -> Step {
        switch completion {
        case .finished: return .finish
        case .failure(let error): return .fail(error)
        }
    }

    /// The step that passes an upstream completion on, as `any Error` (for `try` operators).
    @inlinable
    static func forwardingAsError<UpstreamFailure: Error>(
        _ completion: Subscribers.Completion<UpstreamFailure>
    ) -> Step where Failure == any Error {
        switch completion {
        case .finished: return .finish
        case .failure(let error): return .fail(error)
        }
    }

    /// The step that ends an operator that answers only once its upstream has finished
    /// (`reduce`, `count`, `contains`...): send `answer` and finish; a failure passes on
    /// instead.
    @inlinable
    static func answering(_ answer: Output, after completion: Subscribers.Completion<Failure>) -> Step {
        switch completion {
        case .finished: return .emitAndFinish(answer)
        case .failure(let error): return .fail(error)
        }
    }

    /// ``answering(_:after:)`` for `try` operators: the upstream's failure passes on as
    /// `any Error`.
    @inlinable
    static func answeringAsError<UpstreamFailure: Error>(
        _ answer: Output, after completion: Subscribers.Completion<UpstreamFailure>
    ) -> Step where Failure == any Error {
        switch completion {
        case .finished: return .emitAndFinish(answer)
        case .failure(let error): return .fail(error)
        }
    }
}

extension StepSubscriber: CombineReflectable {
    @usableFromInline var description: String { name.name }

    /// What Combine's mirror of the operator's subscription shows (see
    /// ``StepOperatorName/mirrorShape``). `state` is read without the lock, as `receive`
    /// does: a mirror taken while values arrive on another thread may see an older one.
    @usableFromInline var customMirror: Mirror {
        lock.lock()
        let (receiver, status) = (downstream, upstream)
        lock.unlock()
        switch name.mirrorShape {
        case .empty:
            return Mirror(self, children: [:])
        case .downstream:
            return Mirror(self, children: ["downstream": receiver as Any])
        case .downstreamAndState(let label):
            let children: [Mirror.Child] = [("downstream", receiver as Any), (label, state)]
            return Mirror(self, children: children)
        case .downstreamStatusAndResult:
            return Mirror(self, children: ["downstream": receiver as Any, "status": status, "result": state])
        case .downstreamFinishedAndUpstream:
            let children: [Mirror.Child] = [
                ("downstream", receiver as Any), ("finished", status.isTerminal),
                ("upstreamSubscription", status.subscription as Any),
            ]
            return Mirror(self, children: children)
        case .downstreamUpstreamBufferAndCount:
            let batch = Mirror(reflecting: state).children
            var children: [Mirror.Child] = [
                ("downstream", receiver as Any), ("upstreamSubscription", status.subscription as Any),
            ]
            children += batch.map { (label: $0.label, value: $0.value) }
            return Mirror(self, children: children)
        case .gatheredCount:
            return Mirror(self, children: ["count": (state as? any Collection)?.count ?? 0])
        case .reducing:
            let (result, initial) = reducingResultAndInitial
            let children: [Mirror.Child] = [
                ("downstream", receiver as Any), ("result", result), ("initial", initial), ("status", status),
            ]
            return Mirror(self, children: children)
        }
    }

    /// The result so far and the initial result of a reducing operator, as Combine's
    /// mirror shows them. Operators that keep no state of their own (`allSatisfy`,
    /// `contains`, `first`...) start from the answer they give if no value decides it.
    @usableFromInline var reducingResultAndInitial: (result: Any, initial: Any) {
        guard State.self == Void.self else { return (state, initial) }
        let start: Any
        switch name {
        case .allSatisfy, .tryAllSatisfy: start = true
        case .contains, .containsWhere, .tryContainsWhere: start = false
        default: start = Optional<Output>.none as Any
        }
        return (start, start)
    }
}
