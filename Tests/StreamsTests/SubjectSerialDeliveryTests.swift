import Foundation
import Streams
import TestWaiting
import Testing

/// A subject never calls one subscriber from two places at once: re-entrant sends are
/// queued behind the current `receive`, and values or a completion sent from another
/// thread during a delivery wait for it. (The many-thread version of these checks is the
/// stress suite's `SerialDeliveryStressTests`, run under ThreadSanitizer.)
@Suite struct SubjectSerialDeliveryTests {
    @Test func reentrantSendIsDeliveredAfterTheCurrentReceiveReturns() {
        let subject = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let cancellable = subject.sink { value in
            log.append("start \(value)")
            if value < 3 {
                subject.send(value + 1)
                subject.send(value + 10)
            }
            log.append("end \(value)")
        }
        subject.send(1)
        #expect(
            log == [
                "start 1", "end 1",
                "start 2", "end 2",
                "start 11", "end 11",
                "start 3", "end 3",
                "start 12", "end 12",
            ])
        cancellable.cancel()
    }

    @Test func reentrantSendWithLimitedDemandCountsAgainstDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(2))
        recorder.onValue = { value in
            if value == 1 {
                subject.send(2)
                subject.send(3)  // no demand left: dropped
            }
        }
        subject.subscribe(recorder)
        subject.send(1)
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
    }

    @Test func reentrantSendReachesEverySubscriberOnce() {
        let subject = PassthroughSubject<Int, Never>()
        let sender = Recorder<Int, Never>()
        sender.onValue = { if $0 == 1 { subject.send(2) } }
        let other = Recorder<Int, Never>()
        subject.subscribe(sender)
        subject.subscribe(other)
        subject.send(1)
        #expect(sender.values == [1, 2], "the sending subscriber gets 2 after its receive(1) returns")
        // The other subscriber may get 2 first: 1 had not reached it yet when 2 was sent.
        #expect(other.values.sorted() == [1, 2])
    }

    @Test func completionSentFromInsideReceiveFollowsTheQueuedValues() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        recorder.onValue = { value in
            if value == 1 {
                subject.send(2)
                subject.send(completion: .finished)
                subject.send(3)  // after the completion: ignored
            }
        }
        subject.subscribe(recorder)
        subject.send(1)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func completionSentWhileAnotherThreadDeliversArrivesAfterThatDelivery() {
        let subject = PassthroughSubject<Int, Never>()
        let gate = DeliveryGate()
        let recorder = Recorder<Int, Never>()
        recorder.onValue = { if $0 == 1 { gate.holdDelivery() } }
        subject.subscribe(recorder)

        gate.send { subject.send(1) }
        gate.waitUntilHeld()
        // The other thread is inside receive(1): these must not reach the subscriber now.
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1)], "nothing overtakes the delivery under way")
        gate.release()
        gate.waitForSender()

        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func cancelWhileAnotherThreadDeliversDropsTheQueuedValues() {
        let subject = PassthroughSubject<Int, Never>()
        let gate = DeliveryGate()
        let recorder = Recorder<Int, Never>()
        recorder.onValue = { if $0 == 1 { gate.holdDelivery() } }
        subject.subscribe(recorder)

        gate.send { subject.send(1) }
        gate.waitUntilHeld()
        subject.send(2)
        recorder.cancel()
        gate.release()
        gate.waitForSender()

        #expect(recorder.history == [.subscription, .value(1)])
    }

    // A subscriber that only its subject keeps alive, ending its subscription from inside
    // `receive`: the subject must not release it until that `receive` has returned (the
    // one-subscriber send path calls it without a reference of its own), and must
    // release it then.

    @Test func subscriberCancellingInsideReceiveIsReleasedOnlyAfterReceiveReturns() {
        let subject = PassthroughSubject<Int, Never>()
        let log = EventLog<String>()
        weak var weakSubscriber: SelfOwnedSubscriber?
        do {
            let subscriber = SelfOwnedSubscriber(log: log) { $0.subscription?.cancel() }
            weakSubscriber = subscriber
            subject.subscribe(subscriber)
        }
        subject.send(1)
        subject.send(2)
        #expect(log.events == ["value 1", "receive returned", "deinit"])
        #expect(weakSubscriber == nil)
    }

    @Test func subscriberCompletedInsideReceiveIsReleasedOnlyAfterItsCompletion() {
        let subject = PassthroughSubject<Int, Never>()
        let log = EventLog<String>()
        weak var weakSubscriber: SelfOwnedSubscriber?
        do {
            let subscriber = SelfOwnedSubscriber(log: log) { _ in subject.send(completion: .finished) }
            weakSubscriber = subscriber
            subject.subscribe(subscriber)
        }
        subject.send(1)
        subject.send(2)
        #expect(log.events == ["value 1", "receive returned", "finished", "deinit"])
        #expect(weakSubscriber == nil)
    }

    @Test func subscriberCancelledFromAnotherThreadDuringReceiveIsReleasedAfterIt() {
        let subject = PassthroughSubject<Int, Never>()
        let log = EventLog<String>()
        let gate = DeliveryGate()
        nonisolated(unsafe) var subscription: (any Subscription)?
        do {
            let subscriber = SelfOwnedSubscriber(log: log) { _ in gate.holdDelivery() }
            subject.subscribe(subscriber)
            subscription = subscriber.subscription
        }
        gate.send { subject.send(1) }
        gate.waitUntilHeld()
        subscription?.cancel()
        log.append("cancel returned")
        gate.release()
        gate.waitForSender()
        #expect(log.events == ["value 1", "cancel returned", "receive returned", "deinit"])
    }

    @Test func currentValueRequestedDuringSubscriptionArrivesAfterReceiveSubscription() {
        let subject = CurrentValueSubject<Int, Never>(7)
        let subscriber = SubscriptionOrderRecorder()
        subject.subscribe(subscriber)
        #expect(subscriber.log == ["subscription start", "subscription end", "value 7"])
    }
}

/// Lets a test hold one delivery inside `receive` on another thread.
final class DeliveryGate: @unchecked Sendable {
    private let held = Signal()
    private let released = Signal()
    private let senderDone = Signal()

    /// Runs `send` on a new thread; ``waitForSender()`` waits for it to return.
    func send(on thread: @escaping @Sendable () -> Void) {
        Thread {
            thread()
            self.senderDone.signal()
        }.start()
    }

    /// Called inside `receive` on the sending thread: blocks until ``release()``.
    func holdDelivery() {
        held.signal()
        released.wait()
    }

    func waitUntilHeld() { held.wait() }
    func release() { released.signal() }
    func waitForSender() { senderDone.wait() }
}

/// Records whether values arrive inside `receive(subscription:)`.
final class SubscriptionOrderRecorder: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never
    private(set) var log: [String] = []

    func receive(subscription: any Subscription) {
        log.append("subscription start")
        subscription.request(.unlimited)
        log.append("subscription end")
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        log.append("value \(input)")
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        log.append("completion")
    }
}

/// A subscriber with no owner but its subject: it logs its values, the end of each
/// `receive` (after running `duringReceive`), its completion and its deinit.
private final class SelfOwnedSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    let log: EventLog<String>
    let duringReceive: (SelfOwnedSubscriber) -> Void
    var subscription: (any Subscription)?

    init(log: EventLog<String>, duringReceive: @escaping (SelfOwnedSubscriber) -> Void) {
        self.log = log
        self.duringReceive = duringReceive
    }

    deinit { log.append("deinit") }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        log.append("value \(input)")
        duringReceive(self)
        log.append("receive returned")
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        log.append("finished")
    }
}
