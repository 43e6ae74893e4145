import Dispatch
import Streams
import StreamsTesting
import Testing

@Suite struct ReceiveOnTests {
    @Test func deliversValuesAndCompletionOnTheScheduler() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        subject.receive(on: scheduler).subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.history == [.subscription], "nothing is delivered before the scheduler runs")
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func deliversFailure() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, TestError>()
        Fail<Int, TestError>(error: TestError.oops).receive(on: scheduler).subscribe(recorder)
        scheduler.run()
        #expect(recorder.history == [.subscription, .failure("oops")])
    }

    @Test func respectsDemandAndForwardsDemandReturnedByTheSubscriber() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        [1, 2, 3].publisher.receive(on: scheduler).subscribe(recorder)
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])

        let limited = Recorder<Int, Never>(initialDemand: .max(2))
        [1, 2, 3].publisher.receive(on: scheduler).subscribe(limited)
        scheduler.run()
        #expect(limited.history == [.subscription, .value(1), .value(2)])
    }

    @Test func dropsScheduledValuesAfterCancel() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.receive(on: scheduler).subscribe(recorder)
        subject.send(1)
        subject.send(completion: .finished)
        recorder.cancel()
        scheduler.run()
        #expect(recorder.history == [.subscription])
    }

    @Test func hopsToTheDispatchQueue() {
        let queue = DispatchQueue(label: "ReceiveOnTests")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let onQueue = EventLog<Bool>()
        let recorder = Recorder<Int, Never>(onValue: { _ in
            onQueue.append(DispatchQueue.getSpecific(key: key) == true)
        })
        [1, 2, 3].publisher.receive(on: queue).subscribe(recorder)
        recorder.wait { $0.completionCount == 1 }
        #expect(recorder.values == [1, 2, 3])
        #expect(onQueue.events == [true, true, true])
    }
}

@Suite struct SubscribeOnTests {
    @Test func subscribesOnTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>()
        [1, 2].publisher.subscribe(on: scheduler).subscribe(recorder)
        #expect(recorder.history.isEmpty, "the subscription happens on the scheduler")
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func requestsAndCancelsOnTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        [1, 2, 3].publisher.subscribe(on: scheduler).subscribe(recorder)
        scheduler.run()
        #expect(recorder.history == [.subscription])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription], "the request waits for the scheduler")
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1)])
        recorder.cancel()
        recorder.request(.max(5))
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1)])
    }

    @Test func forwardsFailure() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, TestError>()
        Fail<Int, TestError>(error: TestError.oops).subscribe(on: scheduler).subscribe(recorder)
        scheduler.run()
        #expect(recorder.history == [.subscription, .failure("oops")])
    }
}
