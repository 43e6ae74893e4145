import Foundation
import Streams

// Helpers for the tests that check that an operator releases what it lets go of only
// after unlocking: releasing the last reference to an object runs its deinit, which is
// user code, and a deinit that sends into the stream (or cancels it) deadlocks if the
// operator still holds its non-recursive lock.

/// A value whose deinit runs `onDeinit`.
final class Token: Equatable, @unchecked Sendable {
    let onDeinit: () -> Void

    init(onDeinit: @escaping () -> Void = {}) {
        self.onDeinit = onDeinit
    }

    deinit { onDeinit() }

    static func == (lhs: Token, rhs: Token) -> Bool { lhs === rhs }
}

/// A subscription that does nothing but run `onDeinit` when it goes.
final class ProbeSubscription: Subscription, @unchecked Sendable {
    private let onDeinit: () -> Void

    init(onDeinit: @escaping () -> Void) {
        self.onDeinit = onDeinit
    }

    deinit { onDeinit() }

    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}

/// Holds a subscription for a test that keeps no reference to the subscriber itself.
final class SubscriptionHandle: @unchecked Sendable {
    // `@unchecked`: `stored` is guarded by `lock`.
    private let lock = NSLock()
    private var stored: (any Subscription)?

    fileprivate func keep(_ subscription: any Subscription) {
        lock.withLock { stored = subscription }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { stored }?.request(demand)
    }

    func cancel() {
        lock.withLock { stored }?.cancel()
    }
}

/// A subscriber that keeps none of the values it receives (so the stream may hold the
/// last reference to one) and runs `onDeinit` when it goes. Its subscription goes to
/// `handle`; a test that drops its own reference to the probe leaves the stream holding
/// the last one.
final class ProbeSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    // `@unchecked`: `count` is guarded by `lock`; the rest is immutable.
    private let handle: SubscriptionHandle
    private let demand: Subscribers.Demand
    private let onValue: (Input) -> Void
    private let onDeinit: () -> Void
    private let lock = NSLock()
    private var count = 0

    init(
        handle: SubscriptionHandle = SubscriptionHandle(),
        demand: Subscribers.Demand = .unlimited,
        onValue: @escaping (Input) -> Void = { _ in },
        onDeinit: @escaping () -> Void = {}
    ) {
        self.handle = handle
        self.demand = demand
        self.onValue = onValue
        self.onDeinit = onDeinit
    }

    deinit { onDeinit() }

    /// How many values arrived.
    var received: Int { lock.withLock { count } }

    func receive(subscription: any Subscription) {
        handle.keep(subscription)
        if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { count += 1 }
        onValue(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {}
}

/// A publisher that hands each subscriber a ``ProbeSubscription`` it does not keep, so the
/// subscriber holds the last reference to it, and completes the subscriber on
/// ``finish()``. For the tests that check that an operator lets go of its upstream
/// subscription only after unlocking when the upstream completes.
final class HandOverPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    // `@unchecked`: `subscriber` is guarded by `lock`; the rest is immutable.
    private let onSubscriptionDeinit: () -> Void
    private let lock = NSLock()
    private var subscriber: AnySubscriber<Int, Never>?

    /// `onSubscriptionDeinit` runs when the subscription handed over goes.
    init(onSubscriptionDeinit: @escaping () -> Void) {
        self.onSubscriptionDeinit = onSubscriptionDeinit
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        lock.withLock { self.subscriber = AnySubscriber(subscriber) }
        subscriber.receive(subscription: ProbeSubscription(onDeinit: onSubscriptionDeinit))
    }

    /// Completes the subscriber, as an upstream that has already let go of its
    /// subscription would.
    func finish() {
        lock.withLock { subscriber }?.receive(completion: .finished)
    }
}
