import Dispatch
import Streams
import StreamsTesting
import Testing

@Suite struct DelayTests {
    @Test func holdsEachEventForTheInterval() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        subject.send(1)
        scheduler.advance(by: .milliseconds(500))
        subject.send(2)
        #expect(recorder.history == [.subscription])
        scheduler.advance(by: .milliseconds(500))
        #expect(recorder.history == [.subscription, .value(1)])
        subject.send(completion: .failure(TestError.oops))
        scheduler.advance(by: .milliseconds(500))
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
        scheduler.advance(by: .milliseconds(500))
        #expect(recorder.history == [.subscription, .value(1), .value(2), .failure("oops")])
    }

    @Test func delaysFinished() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>()
        Just(5).delay(for: .seconds(2), scheduler: scheduler).subscribe(recorder)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.history == [.subscription])
        scheduler.advance(by: .seconds(1))
        #expect(recorder.history == [.subscription, .value(5), .finished])
    }

    @Test func respectsDemand() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>(initialDemand: .max(1))
        [1, 2, 3].publisher.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1)])
        recorder.request(.max(5))
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
    }

    @Test func nothingArrivesAfterCancel() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        subject.send(1)
        recorder.cancel()
        subject.send(2)
        scheduler.run()
        #expect(recorder.history == [.subscription])
    }

    @Test func ignoresEventsAndACancelBeforeItsSubscriptionAsCombine() throws {
        let scheduler = TestScheduler()
        let upstream = ControlledPublisher<Int, Never>(subscribesAtOnce: false)
        let recorder = Recorder<Int, Never>()
        upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .finished)
        try #require(upstream.subscriberAsSubscription).cancel()
        #expect(scheduler.scheduledCount == 0)
        // The cancel came before there was anything to cancel: the subscription that
        // arrives now is taken, not cancelled.
        upstream.send(subscription: upstream.makeSubscription())
        upstream.send(2)
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(2)])
        #expect(upstream.cancelCount == 0)
    }

    @Test func aCompletionOnItsWayOutlivesACancelAndNothingAfterItIsScheduled() {
        let scheduler = TestScheduler()
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, Never>()
        upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .finished)
        upstream.send(2)
        #expect(scheduler.scheduledCount == 2)
        recorder.cancel()
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1), .finished])
        #expect(upstream.cancelCount == 0)
    }

    @Test func aValueDeliveredWhileTheCompletionWaitsStillAsksTheUpstreamForMore() {
        let scheduler = TestScheduler()
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(1), demandPerValue: .max(3))
        upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1), .finished])
        #expect(upstream.requests == [.max(1), .max(3)])
    }

    @Test func delaysOnADispatchQueueByAtLeastTheInterval() {
        let queue = DispatchQueue(label: "DelayTests")
        let start = DispatchTime.now()
        let recorder = Recorder<Int, Never>()
        Just(1).delay(for: .milliseconds(30), scheduler: queue).subscribe(recorder)
        recorder.wait { $0.completionCount == 1 }
        #expect(recorder.values == [1])
        #expect(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds >= 30_000_000)
    }
}

@Suite struct DebounceTests {
    @Test func publishesTheLatestValueAfterAQuietPeriod() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
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
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        subject.send(1)
        subject.send(completion: .failure(TestError.oops))
        scheduler.run()
        #expect(recorder.history == [.subscription, .failure("oops")])

        let finishing = Recorder<Int, Never>()
        let other = PassthroughSubject<Int, Never>()
        other.debounce(for: .seconds(1), scheduler: scheduler).subscribe(finishing)
        other.send(1)
        scheduler.advance(by: .seconds(2))
        other.send(completion: .finished)
        scheduler.run()
        #expect(finishing.history == [.subscription, .value(1), .finished])
    }

    @Test func dropsValuesFallingDueWithoutDemand() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .none)
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
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        subject.send(1)
        recorder.cancel()
        subject.send(completion: .finished)
        scheduler.run()
        #expect(recorder.history == [.subscription])
    }
}
