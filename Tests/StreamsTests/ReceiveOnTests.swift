import Dispatch
import Streams
import Testing

@Suite struct ReceiveOnTests {
    @Test func deliversValuesAndCompletionOnTheScheduler() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = EventRecorder<Int, TestError>()
        subject.receive(on: scheduler).subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.events == [.subscription], "nothing is delivered before the scheduler runs")
        scheduler.run()
        #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func deliversFailure() {
        let scheduler = VirtualTimeScheduler()
        let recorder = EventRecorder<Int, TestError>()
        Fail<Int, TestError>(error: TestError(code: 3)).receive(on: scheduler).subscribe(recorder)
        scheduler.run()
        #expect(recorder.events == [.subscription, .failure(TestError(code: 3))])
    }

    @Test func respectsDemandAndForwardsDemandReturnedByTheSubscriber() {
        let scheduler = VirtualTimeScheduler()
        let recorder = EventRecorder<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        [1, 2, 3].publisher.receive(on: scheduler).subscribe(recorder)
        scheduler.run()
        #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])

        let limited = EventRecorder<Int, Never>(initialDemand: .max(2))
        [1, 2, 3].publisher.receive(on: scheduler).subscribe(limited)
        scheduler.run()
        #expect(limited.events == [.subscription, .value(1), .value(2)])
    }

    @Test func dropsScheduledValuesAfterCancel() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = EventRecorder<Int, Never>()
        subject.receive(on: scheduler).subscribe(recorder)
        subject.send(1)
        subject.send(completion: .finished)
        recorder.cancel()
        scheduler.run()
        #expect(recorder.events == [.subscription])
    }

    @Test func hopsToTheDispatchQueue() {
        let queue = DispatchQueue(label: "ReceiveOnTests")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let onQueue = EventLog<Bool>()
        let recorder = EventRecorder<Int, Never>(onValue: { _ in onQueue.append(DispatchQueue.getSpecific(key: key) == true) })
        [1, 2, 3].publisher.receive(on: queue).subscribe(recorder)
        recorder.wait { $0.completionCount == 1 }
        #expect(recorder.values == [1, 2, 3])
        #expect(onQueue.events == [true, true, true])
    }
}

@Suite struct SubscribeOnTests {
    @Test func subscribesOnTheScheduler() {
        let scheduler = VirtualTimeScheduler()
        let recorder = EventRecorder<Int, Never>()
        [1, 2].publisher.subscribe(on: scheduler).subscribe(recorder)
        #expect(recorder.events.isEmpty, "the subscription happens on the scheduler")
        scheduler.run()
        #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func requestsAndCancelsOnTheScheduler() {
        let scheduler = VirtualTimeScheduler()
        let recorder = EventRecorder<Int, Never>(initialDemand: .none)
        [1, 2, 3].publisher.subscribe(on: scheduler).subscribe(recorder)
        scheduler.run()
        #expect(recorder.events == [.subscription])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription], "the request waits for the scheduler")
        scheduler.run()
        #expect(recorder.events == [.subscription, .value(1)])
        recorder.cancel()
        recorder.request(.max(5))
        scheduler.run()
        #expect(recorder.events == [.subscription, .value(1)])
    }

    @Test func forwardsFailure() {
        let scheduler = VirtualTimeScheduler()
        let recorder = EventRecorder<Int, TestError>()
        Fail<Int, TestError>(error: TestError()).subscribe(on: scheduler).subscribe(recorder)
        scheduler.run()
        #expect(recorder.events == [.subscription, .failure(TestError())])
    }
}
