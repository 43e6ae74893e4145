import Streams
import Testing

@Suite struct PassthroughSubjectTests {
    @Test func dropsValuesSentWithoutSubscribers() {
        let subject = PassthroughSubject<Int, Never>()
        subject.send(1)
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        subject.send(2)
        #expect(recorder.history == [.subscription, .value(2)])
    }

    @Test func dropsValuesWhileDemandIsZero() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        subject.subscribe(recorder)
        subject.send(1)
        recorder.request(.max(2))
        subject.send(2)
        subject.send(3)
        subject.send(4)
        #expect(recorder.values == [2, 3])
    }

    @Test func demandReturnedFromReceiveAddsUp() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        subject.subscribe(recorder)
        (1...4).forEach(subject.send)
        #expect(recorder.values == [1, 2, 3, 4])
    }

    @Test func ignoresSendsAfterCompletionAndCompletesOnce() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        subject.subscribe(recorder)
        subject.send(completion: .failure(.oops))
        subject.send(1)
        subject.send(completion: .finished)
        #expect(recorder.history == [.subscription, .failure("oops")])
    }

    @Test func lateSubscriberGetsTheCompletion() {
        let subject = PassthroughSubject<Int, TestError>()
        subject.send(completion: .failure(.oops))
        let recorder = Recorder<Int, TestError>()
        subject.subscribe(recorder)
        #expect(recorder.history == [.subscription, .failure("oops")])
    }

    @Test func completionNeedsNoDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        subject.subscribe(recorder)
        subject.send(completion: .finished)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test func broadcastsToEverySubscriberWithItsOwnDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let eager = Recorder<Int, Never>()
        let limited = Recorder<Int, Never>(initialDemand: .max(1))
        let third = Recorder<Int, Never>()
        subject.subscribe(eager)
        subject.subscribe(limited)
        subject.subscribe(third)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(eager.history == [.subscription, .value(1), .value(2), .finished])
        #expect(limited.history == [.subscription, .value(1), .finished])
        #expect(third.history == eager.history)
    }

    @Test func nothingReachesASubscriberAfterCancel() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let other = Recorder<Int, Never>()
        subject.subscribe(recorder)
        subject.subscribe(other)
        subject.send(1)
        recorder.cancel()
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1)])
        #expect(other.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func reentrantSendFromInsideASinkIsDelivered() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.sink { value in
            received.append(value)
            if value < 3 { subject.send(value + 1) }
        }
        subject.send(1)
        #expect(received == [1, 2, 3])
        cancellable.cancel()
    }

    @Test func completionSentFromInsideReceiveArrivesAfterThatValue() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        recorder.onValue = { value in
            if value == 1 {
                subject.send(completion: .finished)
                subject.send(2)
            }
        }
        subject.subscribe(recorder)
        subject.send(1)
        subject.send(3)
        #expect(recorder.history == [.subscription, .value(1), .finished])
    }

    @Test func cancellingFromInsideReceiveStopsAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        recorder.onValue = { _ in recorder.cancel() }
        subject.subscribe(recorder)
        subject.send(1)
        subject.send(2)
        #expect(recorder.history == [.subscription, .value(1)])
    }

    @Test func feedsFromAnotherPublisher() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        let feed = [1, 2].publisher.subscribe(subject)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
        feed.cancel()
    }

    @Test func voidSubjectSendsWithoutArgument() {
        let subject = PassthroughSubject<Void, Never>()
        var count = 0
        let cancellable = subject.sink { count += 1 }
        subject.send()
        #expect(count == 1)
        cancellable.cancel()
    }
}

@Suite struct CurrentValueSubjectTests {
    @Test func deliversCurrentValueOnFirstDemand() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        subject.subscribe(recorder)
        #expect(recorder.history == [.subscription])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(1)])
        subject.send(2)
        #expect(recorder.values == [1], "no demand left")
        recorder.request(.max(1))
        #expect(recorder.values == [1, 2], "the newest value arrives with new demand")
    }

    @Test func valuePropertyReadsAndSends() {
        let subject = CurrentValueSubject<String, Never>("a")
        let recorder = Recorder<String, Never>()
        subject.subscribe(recorder)
        subject.value = "b"
        subject.send("c")
        #expect(subject.value == "c")
        #expect(recorder.values == ["a", "b", "c"])
    }

    @Test func completionEndsAndLateSubscribersOnlyGetIt() {
        let subject = CurrentValueSubject<Int, TestError>(0)
        subject.send(completion: .failure(.oops))
        subject.send(5)
        let recorder = Recorder<Int, TestError>()
        subject.subscribe(recorder)
        #expect(recorder.history == [.subscription, .failure("oops")])
        #expect(subject.value == 0)
    }

    @Test func optionalOutputKeepsNilAsAValue() {
        let subject = CurrentValueSubject<Int?, Never>(nil)
        let recorder = Recorder<Int?, Never>()
        subject.subscribe(recorder)
        subject.send(3)
        #expect(recorder.values == [nil, 3])
    }
}
