import Streams
import Testing

@Suite struct SwitchToLatestTests {
    @Test func followsOnlyTheLatestInnerPublisher() {
        let outer = PassthroughSubject<PassthroughSubject<Int, TestError>, TestError>()
        let first = PassthroughSubject<Int, TestError>()
        let second = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
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
        let recorder = Recorder<Int, Never>()
        outer.switchToLatest().subscribe(recorder)
        outer.send(inner)
        outer.send(completion: .finished)
        inner.send(1)
        #expect(recorder.history == [.subscription, .value(1)])
        inner.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1), .finished])

        let empty = Recorder<Int, Never>()
        Empty<Just<Int>, Never>().switchToLatest().subscribe(empty)
        #expect(empty.history == [.subscription, .finished])
    }

    @Test func failsWhenTheInnerOrTheUpstreamFails() {
        let outer = PassthroughSubject<AnyPublisher<Int, TestError>, TestError>()
        let recorder = Recorder<Int, TestError>()
        outer.switchToLatest().subscribe(recorder)
        outer.send(Fail(error: TestError.other).eraseToAnyPublisher())
        outer.send(Just(1).setFailureType(to: TestError.self).eraseToAnyPublisher())
        #expect(recorder.history == [.subscription, .failure("other")])

        let failing = Recorder<Int, TestError>()
        let outer2 = PassthroughSubject<PassthroughSubject<Int, TestError>, TestError>()
        outer2.switchToLatest().subscribe(failing)
        outer2.send(PassthroughSubject())
        outer2.send(completion: .failure(TestError.oops))
        #expect(failing.history == [.subscription, .failure("oops")])
    }

    @Test func outstandingDemandCarriesOverToTheNextInner() {
        let outer = PassthroughSubject<Publishers.Sequence<[Int], Never>, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(3))
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
        let recorder = Recorder<Int, Never>(initialDemand: .max(2))
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
        #expect(recorder.history == [.subscription])
    }

    @Test func neverFailingVariantsTypeCheck() {
        let recorder = Recorder<Int, TestError>()
        Just(Fail<Int, TestError>(error: TestError.oops)).switchToLatest().subscribe(recorder)
        #expect(recorder.history == [.subscription, .failure("oops")])
        let recorder2 = Recorder<Int, TestError>()
        Fail<Just<Int>, TestError>(error: TestError.other).switchToLatest().subscribe(recorder2)
        #expect(recorder2.history == [.subscription, .failure("other")])
        let recorder3 = Recorder<Int, Never>()
        Just(Just(7)).switchToLatest().subscribe(recorder3)
        #expect(recorder3.history == [.subscription, .value(7), .finished])
    }
}
