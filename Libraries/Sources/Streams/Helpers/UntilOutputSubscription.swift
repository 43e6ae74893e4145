/// The subscription behind `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)`: it
/// subscribes to a *trigger* publisher (asking it for one value) and to the upstream, and
/// the trigger's first value changes what happens to the upstream's values.
///
/// - `prefix`: upstream values pass until the trigger's value; then the upstream is
///   cancelled and the downstream finishes. The trigger's completion changes nothing.
/// - `drop`: upstream values are dropped until the trigger's value and pass after it. A
///   trigger that completes before sending ends the stream with its completion.
///
/// Downstream demand goes to the upstream unchanged; a dropped value uses up its unit, as
/// in Combine. The lock guards the state and is never held while calling out.
///
/// `Kind` says which operator it is for the way it shows itself: `drop`'s parts are
/// described by the operator's name with no mirror children, `prefix`'s have no
/// description or mirror of their own, as Combine's.
final class UntilOutputSubscription<Downstream: Subscriber, TriggerFailure: Error, Kind: UntilOutputKind>:
    Subscription, @unchecked Sendable
{
    typealias Completion = Subscribers.Completion<Downstream.Failure>

    /// The subscriber handed to the upstream.
    struct UpstreamSide: Subscriber {
        typealias Input = Downstream.Input
        typealias Failure = Downstream.Failure
        let parent: UntilOutputSubscription
        var combineIdentifier: CombineIdentifier { parent.combineIdentifier }
        var description: String { parent.description }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        func receive(subscription: any Subscription) { parent.receiveUpstream(subscription: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { parent.receiveUpstream(input) }
        func receive(completion: Completion) { parent.receiveUpstream(completion: completion) }
    }

    /// The subscriber handed to the trigger publisher.
    struct TriggerSide<TriggerOutput>: Subscriber {
        typealias Input = TriggerOutput
        typealias Failure = TriggerFailure
        let parent: UntilOutputSubscription
        var combineIdentifier: CombineIdentifier { parent.combineIdentifier }
        var description: String { parent.description }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        func receive(subscription: any Subscription) { parent.receiveTrigger(subscription: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand {
            parent.receiveTriggerValue()
            return .none
        }
        func receive(completion: Subscribers.Completion<TriggerFailure>) {
            parent.receiveTrigger(completion: completion)
        }
    }

    let lock = Lock()
    // All guarded by `lock`.
    var downstream: Downstream?
    var upstream = SubscriptionState.awaiting
    var trigger = SubscriptionState.awaiting
    var hasTriggered = false
    /// A completion that became due before the downstream had its subscription.
    var pendingCompletion: Completion?
    let passesValuesBeforeTrigger: Bool
    /// How a trigger that completes before its first value ends the stream (`drop`);
    /// `nil` when it ends nothing (`prefix`).
    let completionOnTriggerEnd: ((Subscribers.Completion<TriggerFailure>) -> Completion)?
    let description: String

    init(
        downstream: Downstream, name: String, passesValuesBeforeTrigger: Bool,
        completionOnTriggerEnd: ((Subscribers.Completion<TriggerFailure>) -> Completion)?
    ) {
        self.downstream = downstream
        self.description = name
        self.passesValuesBeforeTrigger = passesValuesBeforeTrigger
        self.completionOnTriggerEnd = completionOnTriggerEnd
    }

    var customMirror: Mirror { Mirror(self, children: [:]) }

    /// Subscribes to `triggerPublisher`, then to `upstreamPublisher`.
    func start<Upstream: Publisher, Trigger: Publisher>(
        upstream upstreamPublisher: Upstream, trigger triggerPublisher: Trigger
    )
    where Upstream.Output == Downstream.Input, Upstream.Failure == Downstream.Failure, Trigger.Failure == TriggerFailure
    {
        triggerPublisher.subscribe(TriggerSide<Trigger.Output>(parent: self))
        upstreamPublisher.subscribe(UpstreamSide(parent: self))
    }

    // MARK: The downstream's requests

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let live = upstream.subscription
        lock.unlock()
        live?.request(demand)
    }

    func cancel() {
        lock.lock()
        let liveUpstream = upstream.terminate()
        let liveTrigger = trigger.terminate()
        let released = downstream
        downstream = nil
        lock.unlock()
        liveTrigger?.cancel()
        liveUpstream?.cancel()
        withExtendedLifetime(released) {}
    }

    // MARK: The upstream's events

    func receiveUpstream(subscription: any Subscription) {
        lock.lock()
        guard upstream.attach(subscription), let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        guard let due = pendingCompletion else {
            lock.unlock()
            downstream.receive(subscription: self)
            return
        }
        // The trigger already ended the stream: the upstream is not used at all.
        pendingCompletion = nil
        upstream = .terminal
        self.downstream = nil
        lock.unlock()
        subscription.cancel()
        downstream.receive(subscription: self)
        downstream.receive(completion: due)
    }

    func receiveUpstream(_ input: Downstream.Input) -> Subscribers.Demand {
        lock.lock()
        guard !upstream.isTerminal, let downstream, hasTriggered || passesValuesBeforeTrigger else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        return downstream.receive(input)
    }

    func receiveUpstream(completion: Completion) {
        lock.lock()
        guard !upstream.isTerminal else {
            lock.unlock()
            return
        }
        upstream = .terminal
        let liveTrigger = trigger.terminate()
        let receiver = downstream
        downstream = nil
        lock.unlock()
        liveTrigger?.cancel()
        receiver?.receive(completion: completion)
    }

    // MARK: The trigger's events

    func receiveTrigger(subscription: any Subscription) {
        lock.lock()
        guard trigger.attachOrCancel(subscription, unlocking: lock) else { return }
        lock.unlock()
        subscription.request(.max(1))
    }

    func receiveTriggerValue() {
        lock.lock()
        guard !hasTriggered, !trigger.isTerminal else {
            lock.unlock()
            return
        }
        hasTriggered = true
        // The trigger has sent the one value it was asked for: let go of it.
        trigger = .terminal
        lock.unlock()
        if passesValuesBeforeTrigger {
            end(with: .finished)
        }
    }

    func receiveTrigger(completion: Subscribers.Completion<TriggerFailure>) {
        lock.lock()
        let triggered = hasTriggered || trigger.isTerminal
        trigger = .terminal
        lock.unlock()
        guard !triggered, let completionOnTriggerEnd else { return }
        end(with: completionOnTriggerEnd(completion))
    }

    /// Ends the stream from the trigger's side: cancels the upstream and completes the
    /// downstream, or keeps the completion until the downstream has its subscription.
    private func end(with completion: Completion) {
        lock.lock()
        if case .awaiting = upstream {
            pendingCompletion = completion
            lock.unlock()
            return
        }
        lock.unlock()
        finish(with: completion)
    }

    private func finish(with completion: Completion) {
        lock.lock()
        guard !upstream.isTerminal else {
            lock.unlock()
            return
        }
        let liveUpstream = upstream.terminate()
        let receiver = downstream
        downstream = nil
        lock.unlock()
        liveUpstream?.cancel()
        receiver?.receive(completion: completion)
    }
}

/// Which operator an ``UntilOutputSubscription`` serves, for the way its parts show
/// themselves.
protocol UntilOutputKind {}

/// `prefix(untilOutputFrom:)`: as in Combine, its parts have no description or mirror.
enum PrefixUntilOutputKind: UntilOutputKind {}

/// `drop(untilOutputFrom:)`: as in Combine, its parts are described as
/// `"DropUntilOutput"`, with a mirror that has no children.
enum DropUntilOutputKind: UntilOutputKind {}

extension UntilOutputSubscription:
    CombineReflectable, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Kind == DropUntilOutputKind {}
extension UntilOutputSubscription.UpstreamSide:
    CombineReflectable, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Kind == DropUntilOutputKind {}
extension UntilOutputSubscription.TriggerSide:
    CombineReflectable, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Kind == DropUntilOutputKind {}
