import Streams
import Testing

@Suite struct SwitchToLatestTests {
    @Test func followsOnlyTheLatestInnerPublisher() {
        let outer = PassthroughSubject<PassthroughSubject<Int, TestError>, TestError>()
        let first = PassthroughSubject<Int, TestError>()
        let second = PassthroughSubject<Int, TestError>()
        let recorder = EventRecorder<Int, TestError>()
        outer.switchToLatest().subscribe(recorder)
        outer.send(first)
        first.send(1)
        outer.send(second)
        first.send(2)
        second.send(3)
        #expect(recorder.values == [1, 3])
    }

    @Test func finishesWhenUpstreamAndCurrentInnerHaveFinished() {
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let inner = PassthroughSubject<Int, Never>()
        let recorder = EventRecorder<Int, Never>()
        outer.switchToLatest().subscribe(recorder)
        outer.send(inner)
        outer.send(completion: .finished)
        inner.send(1)
        #expect(recorder.events == [.subscription, .value(1)])
        inner.send(completion: .finished)
        #expect(recorder.events == [.subscription, .value(1), .finished])

        let empty = EventRecorder<Int, Never>()
        Empty<Just<Int>, Never>().switchToLatest().subscribe(empty)
        #expect(empty.events == [.subscription, .finished])
    }

    @Test func failsWhenTheInnerOrTheUpstreamFails() {
        let outer = PassthroughSubject<AnyPublisher<Int, TestError>, TestError>()
        let recorder = EventRecorder<Int, TestError>()
        outer.switchToLatest().subscribe(recorder)
        outer.send(Fail(error: TestError(code: 4)).eraseToAnyPublisher())
        outer.send(Just(1).setFailureType(to: TestError.self).eraseToAnyPublisher())
        #expect(recorder.events == [.subscription, .failure(TestError(code: 4))])

        let failing = EventRecorder<Int, TestError>()
        let outer2 = PassthroughSubject<PassthroughSubject<Int, TestError>, TestError>()
        outer2.switchToLatest().subscribe(failing)
        outer2.send(PassthroughSubject())
        outer2.send(completion: .failure(TestError(code: 5)))
        #expect(failing.events == [.subscription, .failure(TestError(code: 5))])
    }

    @Test func outstandingDemandCarriesOverToTheNextInner() {
        let outer = PassthroughSubject<Publishers.Sequence<[Int], Never>, Never>()
        let recorder = EventRecorder<Int, Never>(initialDemand: .max(3))
        outer.switchToLatest().subscribe(recorder)
        outer.send([1, 2].publisher)
        outer.send([10, 20, 30].publisher)
        #expect(recorder.values == [1, 2, 10])
        recorder.request(.max(1))
        #expect(recorder.values == [1, 2, 10, 20])
    }

    @Test func nothingArrivesAfterCancelAndTheInnerIsCancelled() {
        let outer = ControlledPublisher<ControlledPublisher<Int, Never>, Never>()
        let first = ControlledPublisher<Int, Never>()
        let second = ControlledPublisher<Int, Never>()
        let recorder = EventRecorder<Int, Never>(initialDemand: .max(2))
        outer.switchToLatest().subscribe(recorder)
        #expect(outer.requests == [.unlimited])
        outer.send(first)
        #expect(first.requests == [.max(2)])
        outer.send(second)
        #expect(first.cancelCount == 1, "switching cancels the previous inner")
        #expect(second.requests == [.max(2)])
        recorder.cancel()
        #expect(outer.cancelCount == 1)
        #expect(second.cancelCount == 1)
        second.send(1)
        second.send(completion: .finished)
        outer.send(completion: .finished)
        #expect(recorder.events == [.subscription])
    }

    @Test func neverFailingVariantsTypeCheck() {
        let recorder = EventRecorder<Int, TestError>()
        Just(Fail<Int, TestError>(error: TestError())).switchToLatest().subscribe(recorder)
        #expect(recorder.events == [.subscription, .failure(TestError())])
        let recorder2 = EventRecorder<Int, TestError>()
        Fail<Just<Int>, TestError>(error: TestError(code: 2)).switchToLatest().subscribe(recorder2)
        #expect(recorder2.events == [.subscription, .failure(TestError(code: 2))])
        let recorder3 = EventRecorder<Int, Never>()
        Just(Just(7)).switchToLatest().subscribe(recorder3)
        #expect(recorder3.events == [.subscription, .value(7), .finished])
    }
}
