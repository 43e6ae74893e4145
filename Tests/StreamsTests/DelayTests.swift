import Dispatch
import Streams
import Testing

@Suite struct DelayTests {
    @Test func holdsEachEventForTheInterval() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = EventRecorder<Int, TestError>()
        subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        subject.send(1)
        scheduler.advance(by: .milliseconds(500))
        subject.send(2)
        #expect(recorder.events == [.subscription])
        scheduler.advance(by: .milliseconds(500))
        #expect(recorder.events == [.subscription, .value(1)])
        subject.send(completion: .failure(TestError()))
        scheduler.advance(by: .milliseconds(500))
        #expect(recorder.events == [.subscription, .value(1), .value(2)])
        scheduler.advance(by: .milliseconds(500))
        #expect(recorder.events == [.subscription, .value(1), .value(2), .failure(TestError())])
    }

    @Test func delaysFinished() {
        let scheduler = VirtualTimeScheduler()
        let recorder = EventRecorder<Int, Never>()
        Just(5).delay(for: .seconds(2), scheduler: scheduler).subscribe(recorder)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.events == [.subscription])
        scheduler.advance(by: .seconds(1))
        #expect(recorder.events == [.subscription, .value(5), .finished])
    }

    @Test func respectsDemand() {
        let scheduler = VirtualTimeScheduler()
        let recorder = EventRecorder<Int, Never>(initialDemand: .max(1))
        [1, 2, 3].publisher.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        scheduler.run()
        #expect(recorder.events == [.subscription, .value(1)])
        recorder.request(.max(5))
        scheduler.run()
        #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
    }

    @Test func nothingArrivesAfterCancel() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = EventRecorder<Int, Never>()
        subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        subject.send(1)
        recorder.cancel()
        subject.send(2)
        scheduler.run()
        #expect(recorder.events == [.subscription])
    }

    @Test func delaysOnADispatchQueueByAtLeastTheInterval() {
        let queue = DispatchQueue(label: "DelayTests")
        let start = DispatchTime.now()
        let recorder = EventRecorder<Int, Never>()
        Just(1).delay(for: .milliseconds(30), scheduler: queue).subscribe(recorder)
        recorder.wait { $0.completionCount == 1 }
        #expect(recorder.values == [1])
        #expect(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds >= 30_000_000)
    }
}

@Suite struct DebounceTests {
    @Test func publishesTheLatestValueAfterAQuietPeriod() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = EventRecorder<Int, Never>()
        subject.debounce(for: .milliseconds(300), scheduler: scheduler).subscribe(recorder)
        subject.send(1)
        scheduler.advance(by: .milliseconds(100))
        subject.send(2)
        scheduler.advance(by: .milliseconds(100))
        subject.send(3)
        scheduler.advance(by: .milliseconds(299))
        #expect(recorder.values == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == [3])
        subject.send(4)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == [3, 4])
    }

    @Test func completionDropsTheWaitingValue() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = EventRecorder<Int, TestError>()
        subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        subject.send(1)
        subject.send(completion: .failure(TestError()))
        scheduler.run()
        #expect(recorder.events == [.subscription, .failure(TestError())])

        let finishing = EventRecorder<Int, Never>()
        let other = PassthroughSubject<Int, Never>()
        other.debounce(for: .seconds(1), scheduler: scheduler).subscribe(finishing)
        other.send(1)
        scheduler.advance(by: .seconds(2))
        other.send(completion: .finished)
        scheduler.run()
        #expect(finishing.events == [.subscription, .value(1), .finished])
    }

    @Test func dropsValuesFallingDueWithoutDemand() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = EventRecorder<Int, Never>(initialDemand: .none)
        subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        subject.send(1)
        scheduler.advance(by: .seconds(2))
        recorder.request(.max(1))
        subject.send(2)
        scheduler.advance(by: .seconds(2))
        subject.send(3)
        scheduler.advance(by: .seconds(2))
        #expect(recorder.values == [2])
    }

    @Test func nothingArrivesAfterCancel() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = EventRecorder<Int, Never>()
        subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        subject.send(1)
        recorder.cancel()
        subject.send(completion: .finished)
        scheduler.run()
        #expect(recorder.events == [.subscription])
    }
}
