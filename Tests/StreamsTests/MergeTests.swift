import Dispatch
import Streams
import Testing

@Suite struct MergeTests {
    @Test func publishesValuesFromBothInArrivalOrderAndFinishesWhenBothFinish() {
        let a = PassthroughSubject<Int, TestError>()
        let b = PassthroughSubject<Int, TestError>()
        let recorder = EventRecorder<Int, TestError>()
        a.merge(with: b).subscribe(recorder)
        a.send(1)
        b.send(10)
        a.send(2)
        a.send(completion: .finished)
        b.send(20)
        #expect(recorder.events == [.subscription, .value(1), .value(10), .value(2), .value(20)])
        b.send(completion: .finished)
        #expect(recorder.events == [.subscription, .value(1), .value(10), .value(2), .value(20), .finished])
    }

    @Test func failsAsSoonAsOneFailsAndCancelsTheOthers() {
        let a = PassthroughSubject<Int, TestError>()
        let b = PassthroughSubject<Int, TestError>()
        let recorder = EventRecorder<Int, TestError>()
        a.merge(with: b).subscribe(recorder)
        a.send(1)
        b.send(completion: .failure(TestError(code: 2)))
        a.send(3)
        a.send(completion: .finished)
        #expect(recorder.events == [.subscription, .value(1), .failure(TestError(code: 2))])
    }

    @Test func respectsBoundedDemandBufferingAtMostOneValuePerUpstream() {
        let recorder = EventRecorder<Int, Never>(initialDemand: .max(3))
        [1, 2, 3, 4].publisher.merge(with: [10, 20, 30].publisher).subscribe(recorder)
        #expect(recorder.values.count == 3)
        recorder.request(.unlimited)
        #expect(recorder.values.sorted() == [1, 2, 3, 4, 10, 20, 30])
        #expect(recorder.values.filter { $0 < 10 } == [1, 2, 3, 4], "each upstream's order is kept")
        #expect(recorder.completionCount == 1)
    }

    @Test func zeroDemandDeliversNothingUntilRequested() {
        let recorder = EventRecorder<Int, Never>(initialDemand: .none)
        let merged = Publishers.MergeMany([1, 2].publisher, [3].publisher)
        merged.subscribe(recorder)
        #expect(recorder.events == [.subscription])
        recorder.request(.max(1))
        #expect(recorder.values.count == 1)
        recorder.request(.max(10))
        #expect(recorder.values.sorted() == [1, 2, 3])
        #expect(recorder.events.last == .finished)
    }

    @Test func asksEachUpstreamForOneValueAtATimeUntilDemandIsUnlimited() {
        let a = ControlledPublisher<Int, Never>()
        let b = ControlledPublisher<Int, Never>()
        let recorder = EventRecorder<Int, Never>(initialDemand: .max(2))
        a.merge(with: b).subscribe(recorder)
        #expect(a.requests == [.max(1)])
        #expect(b.requests == [.max(1)])
        #expect(a.send(1) == .max(1), "demand remains, so a may send its next value")
        #expect(b.send(2) == .none, "demand is used up")
        #expect(a.send(3) == .none, "buffered: beyond the subscriber's demand")
        #expect(recorder.values == [1, 2])
        recorder.request(.max(1))
        #expect(recorder.values == [1, 2, 3])
        recorder.request(.unlimited)
        #expect(a.requests.last == .unlimited)
        #expect(b.requests.last == .unlimited)
        a.send(completion: .finished)
        b.send(completion: .finished)
        #expect(recorder.events.last == .finished)
        #expect(recorder.completionCount == 1)
    }

    @Test func nothingArrivesAfterCancel() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = EventRecorder<Int, Never>()
        a.merge(with: b).subscribe(recorder)
        a.send(1)
        recorder.cancel()
        a.send(2)
        b.send(3)
        b.send(completion: .finished)
        a.send(completion: .finished)
        #expect(recorder.events == [.subscription, .value(1)])
    }

    @Test func mergeManyOfNothingFinishesAtOnce() {
        let recorder = EventRecorder<Int, Never>()
        Publishers.MergeMany<Just<Int>>([]).subscribe(recorder)
        #expect(recorder.events == [.subscription, .finished])
    }

    @Test func mergesEightUpstreams() {
        let recorder = EventRecorder<Int, Never>()
        Just(1).merge(with: Just(2), Just(3), Just(4), Just(5), Just(6), Just(7), Just(8)).subscribe(recorder)
        #expect(recorder.values == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(recorder.events.last == .finished)
        let three = EventRecorder<Int, Never>()
        Publishers.MergeMany(Just(1), Just(2)).merge(with: Just(3)).subscribe(three)
        #expect(three.values == [1, 2, 3])
    }

    @Test func reentrantSendFromTheSubscriberIsDeliveredAfterTheCurrentValue() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = EventRecorder<Int, Never>(onValue: { value in
            if value == 1 { b.send(2) }
        })
        a.merge(with: b).subscribe(recorder)
        a.send(1)
        a.send(3)
        #expect(recorder.values == [1, 2, 3])
    }

    @Test func concurrentSendsAreAllDeliveredSerially() {
        let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let overlaps = OverlapDetector()
        let recorder = EventRecorder<Int, Never>(onValue: { _ in
            overlaps.enter()
            for _ in 0..<100 { _ = DispatchTime.now() }  // widen the window a little
            overlaps.leave()
        })
        Publishers.MergeMany(subjects).subscribe(recorder)
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<1_000 {
                subjects[index].send(index * 10_000 + value)
            }
            subjects[index].send(completion: .finished)
        }
        #expect(overlaps.overlapCount == 0)
        #expect(recorder.values.count == 4_000)
        #expect(Set(recorder.values).count == 4_000)
        #expect(recorder.events.last == .finished)
        #expect(recorder.completionCount == 1)
    }
}
