import Foundation
import Streams

/// A publisher the test drives by hand: it records every request and cancel its
/// subscription receives, and `send` pushes events regardless of demand (so tests can
/// also check how an operator copes with a misbehaving upstream). One subscriber at a time.
final class ControlledPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    // `@unchecked`: mutable state is guarded by `lock`.
    private let lock = NSLock()
    private var subscriber: AnySubscriber<Output, Failure>?
    private var requestLog: [Subscribers.Demand] = []
    private var cancels = 0
    private var willSubscribe: (() -> Void)?

    /// `willSubscribe` runs when a subscriber arrives, before it gets its subscription
    /// (to act in the moment between the two).
    init(willSubscribe: (() -> Void)? = nil) {
        self.willSubscribe = willSubscribe
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let hook = lock.withLock {
            self.subscriber = AnySubscriber(subscriber)
            return willSubscribe
        }
        hook?()
        subscriber.receive(subscription: Handle(parent: self))
    }

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
