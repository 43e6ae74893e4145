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
