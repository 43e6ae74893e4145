import Foundation
import Streams
import Testing

/// share, multicast, makeConnectable, autoconnect.
@Suite struct SharingTests {
    @Test func shareSubscribesUpstreamOnceAndLateSubscribersMissEarlierValues() {
        let subject = PassthroughSubject<Int, Never>()
        var subscriptions = 0
        let shared = subject.handleEvents(receiveSubscription: { _ in subscriptions += 1 }).share()
        let first = Recorder<Int, Never>()
        shared.subscribe(first)
        subject.send(1)
        let late = Recorder<Int, Never>()
        shared.subscribe(late)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(subscriptions == 1)
        #expect(first.history == [.subscription, .value(1), .value(2), .finished])
        #expect(late.history == [.subscription, .value(2), .finished])
    }

    @Test func shareDisconnectsWhenEverySubscriberCancels() {
        let subject = PassthroughSubject<Int, Never>()
        var cancels = 0
        let shared = subject.handleEvents(receiveCancel: { cancels += 1 }).share()
        let a = Recorder<Int, Never>()
        let b = Recorder<Int, Never>()
        shared.subscribe(a)
        shared.subscribe(b)
        a.cancel()
        #expect(cancels == 0)
        subject.send(1)
        b.cancel()
        #expect(cancels == 1)
        #expect(a.history == [.subscription])
        #expect(b.history == [.subscription, .value(1)])
        #expect(shared == shared)
    }

    @Test func shareOfASynchronousPublisherGoesToTheFirstSubscriberOnly() {
        let shared = [1, 2].publisher.share()
        let first = Recorder<Int, Never>()
        shared.subscribe(first)
        let second = Recorder<Int, Never>()
        shared.subscribe(second)
        #expect(first.history == [.subscription, .value(1), .value(2), .finished])
        #expect(second.history == [.subscription, .finished])
    }

    @Test func multicastWaitsForConnect() {
        let multicast = [1, 2].publisher.multicast { PassthroughSubject<Int, Never>() }
        let a = Recorder<Int, Never>()
        let b = Recorder<Int, Never>()
        multicast.subscribe(a)
        multicast.subscribe(b)
        #expect(a.history == [.subscription])
        let connection = multicast.connect()
        #expect(a.history == [.subscription, .value(1), .value(2), .finished])
        #expect(b.history == a.history)
        connection.cancel()
    }

    @Test func multicastThroughAGivenSubjectAndDisconnect() {
        let source = PassthroughSubject<Int, Never>()
        let relay = CurrentValueSubject<Int, Never>(0)
        let multicast = source.multicast(subject: relay)
        let recorder = Recorder<Int, Never>()
        multicast.subscribe(recorder)
        let connection = multicast.connect()
        source.send(1)
        connection.cancel()
        source.send(2)
        #expect(recorder.values == [0, 1])
    }

    @Test func multicastStagePassesDemandUpAsARequestAndIgnoresWhatComesAfterTheEnd() {
        // Combine's multicast stands between its subject and each subscriber: the demand
        // a value returns is requested from the subject, a second subscription is
        // cancelled, and nothing passes after the completion or a cancel.
        let subject = CapturingSubject()
        let multicast = Empty<Int, TestError>(completeImmediately: false).multicast(subject: subject)
        let recorder = Recorder<Int, TestError>(initialDemand: .max(2), demandPerValue: .max(1))
        multicast.subscribe(recorder)
        let stage = subject.subscriber
        let subscription = RecordingSubscription()
        stage?.receive(subscription: subscription)
        let extra = RecordingSubscription()
        stage?.receive(subscription: extra)
        #expect(extra.cancelCount == 1)
        #expect(recorder.history == [.subscription])
        #expect(subscription.requests == [.max(2)])
        #expect(stage?.receive(1) == Subscribers.Demand.none)
        #expect(subscription.requests == [.max(2), .max(1)])
        stage?.receive(completion: .failure(.oops))
        stage?.receive(completion: .finished)
        #expect(stage?.receive(2) == Subscribers.Demand.none)
        #expect(recorder.history == [.subscription, .value(1), .failure("oops")])

        let cancelled = Recorder<Int, TestError>(initialDemand: .none)
        multicast.subscribe(cancelled)
        let second = subject.subscriber
        let secondSubscription = RecordingSubscription()
        second?.receive(subscription: secondSubscription)
        cancelled.cancel()
        cancelled.cancel()
        cancelled.request(.max(3))
        _ = second?.receive(3)
        second?.receive(completion: .finished)
        #expect(secondSubscription.cancelCount == 1)
        #expect(secondSubscription.requests == [])
        #expect(cancelled.history == [.subscription])
    }

    @Test func makeConnectableAndAutoconnect() {
        let connectable = [1, 2].publisher.makeConnectable()
        let a = Recorder<Int, Never>()
        connectable.subscribe(a)
        #expect(a.history == [.subscription])
        _ = connectable.connect()
        #expect(a.values == [1, 2])

        let subject = PassthroughSubject<Int, Never>()
        let auto = subject.makeConnectable().autoconnect()
        let b = Recorder<Int, Never>()
        auto.subscribe(b)
        subject.send(3)
        #expect(b.values == [3])
    }
}

/// A subject that keeps the last subscriber given to it, for a test to drive by hand.
private final class CapturingSubject: Subject, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = TestError
    private let lock = NSLock()
    private var last: AnySubscriber<Int, TestError>?

    var subscriber: AnySubscriber<Int, TestError>? { lock.withLock { last } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        lock.withLock { last = AnySubscriber(subscriber) }
    }
    func send(_ value: Int) {}
    func send(completion: Subscribers.Completion<TestError>) {}
    func send(subscription: any Subscription) {}
}
