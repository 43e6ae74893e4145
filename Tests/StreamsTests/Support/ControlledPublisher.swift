import Foundation
import Streams

/// A publisher the test drives by hand: it records every request and cancel its
/// subscription receives, and `send` pushes events regardless of demand (so tests can
/// also check how an operator copes with a misbehaving upstream). One subscriber at a time.
final class ControlledPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    // `@unchecked`: mutable state is guarded by `lock`.
    private let lock = NSLock()
    private var subscriber: AnySubscriber<Output, Failure>?
    /// The subscriber as it arrived (not type-erased), for ``subscriberAsSubscription``.
    private var arrived: Any?
    private let subscribesAtOnce: Bool
    private var requestLog: [Subscribers.Demand] = []
    private var cancels = 0
    private var willSubscribe: (() -> Void)?

    /// `willSubscribe` runs when a subscriber arrives, before it gets its subscription
    /// (to act in the moment between the two). With `subscribesAtOnce` false the
    /// subscriber gets no subscription until the test hands it one with
    /// ``send(subscription:)`` (to send it events before its subscription).
    init(willSubscribe: (() -> Void)? = nil, subscribesAtOnce: Bool = true) {
        self.willSubscribe = willSubscribe
        self.subscribesAtOnce = subscribesAtOnce
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let hook = lock.withLock {
            self.subscriber = AnySubscriber(subscriber)
            arrived = subscriber
            return willSubscribe
        }
        hook?()
        if subscribesAtOnce {
            subscriber.receive(subscription: Handle(parent: self))
        }
    }

    /// The subscriber an operator attached, when it is also the downstream's subscription
    /// (to request or cancel through it before it has a subscription of its own).
    var subscriberAsSubscription: (any Subscription)? {
        lock.withLock { arrived } as? any Subscription
    }

    /// A subscription recording into this publisher's ``requests`` and ``cancelCount``,
    /// to hand over with ``send(subscription:)``.
    func makeSubscription() -> any Subscription { Handle(parent: self) }

    /// Sets what runs when a subscriber arrives, before it gets its subscription.
    func onSubscribe(_ hook: @escaping () -> Void) {
        lock.withLock { willSubscribe = hook }
    }

    /// Sends a value to the subscriber and returns the demand it answered with.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        lock.withLock { subscriber }?.receive(value) ?? .none
    }

    func send(completion: Subscribers.Completion<Failure>) {
        lock.withLock { subscriber }?.receive(completion: completion)
    }

    /// Hands the subscriber another subscription (a misbehaving publisher's second one).
    func send(subscription: any Subscription) {
        lock.withLock { subscriber }?.receive(subscription: subscription)
    }

    var requests: [Subscribers.Demand] { lock.withLock { requestLog } }
    var cancelCount: Int { lock.withLock { cancels } }

    private final class Handle: Subscription {
        let parent: ControlledPublisher
        init(parent: ControlledPublisher) { self.parent = parent }
        func request(_ demand: Subscribers.Demand) { parent.lock.withLock { parent.requestLog.append(demand) } }
        func cancel() { parent.lock.withLock { parent.cancels += 1 } }
    }
}
