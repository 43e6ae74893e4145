import Foundation
import Streams
import TestWaiting
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

/// Deliveries through `switchToLatest` are serial: nothing reaches the subscriber while
/// one of its calls is under way (not from another thread, not re-entrantly), and once a
/// new inner publisher is subscribed to, the previous one's waiting values are dropped.
@Suite struct SwitchToLatestSerialDeliveryTests {
    @Test func innerSubscribedFromInsideReceiveDeliversAfterTheCallReturns() {
        let outer = PassthroughSubject<AnyPublisher<Int, TestError>, TestError>()
        let first = PassthroughSubject<Int, TestError>()
        let probe = SerialProbe()
        probe.onValue = { value in
            guard value == 1 else { return }
            outer.send([100, 101].publisher.setFailureType(to: TestError.self).eraseToAnyPublisher())
            first.send(2)  // the previous inner: cancelled, ignored
            probe.mark("returning from 1")
        }
        outer.switchToLatest().subscribe(probe)
        outer.send(first.eraseToAnyPublisher())
        first.send(1)
        #expect(probe.overlaps.overlapCount == 0, "the new inner's values waited for receive(1) to return")
        #expect(probe.log == ["value 1", "returning from 1", "value 100", "value 101"])
        outer.send(completion: .finished)
        #expect(probe.log.last == "finished", "the last inner had finished: the outer's finish ends it")
    }

    @Test func switchDropsThePreviousInnersWaitingValuesAndReturnsTheirDemand() {
        let outer = ControlledPublisher<ControlledPublisher<Int, TestError>, TestError>()
        let first = ControlledPublisher<Int, TestError>()
        let second = ControlledPublisher<Int, TestError>()
        let probe = SerialProbe(initialDemand: .max(3))
        probe.onValue = { value in
            guard value == 1 else { return }
            first.send(2)  // queued behind receive(1), claiming one unit of demand
            outer.send(second)  // switch: 2 is dropped and its demand goes to `second`
            second.send(10)  // queued behind receive(1)
            probe.mark("returning from 1")
        }
        outer.switchToLatest().subscribe(probe)
        outer.send(first)
        #expect(first.requests == [.max(3)])
        first.send(1)
        #expect(probe.log == ["value 1", "returning from 1", "value 10"])
        #expect(probe.overlaps.overlapCount == 0)
        #expect(first.cancelCount == 1)
        #expect(second.requests == [.max(2)], "3 requested, 1 delivered; the dropped 2 is owed to the new inner")
        second.send(11)
        second.send(12)  // beyond the demand: dropped
        #expect(probe.log == ["value 1", "returning from 1", "value 10", "value 11"])
    }

    @Test func valueFromAnotherThreadWaitsForTheDeliveryUnderWay() {
        let outer = ControlledPublisher<ControlledPublisher<Int, TestError>, TestError>()
        let first = ControlledPublisher<Int, TestError>()
        let second = ControlledPublisher<Int, TestError>()
        let probe = SerialProbe()
        let otherThreadDone = Signal()
        probe.onValue = { value in
            guard value == 1 else { return }
            // While receive(1) runs here, another thread switches and sends: its calls
            // must return at once without entering the subscriber.
            Thread {
                outer.send(second)
                second.send(10)
                second.send(completion: .finished)
                outer.send(completion: .finished)
                otherThreadDone.signal()
            }.start()
            let finished = otherThreadDone.wait()
            probe.mark(finished ? "other thread done" : "other thread blocked")
        }
        outer.switchToLatest().subscribe(probe)
        outer.send(first)
        first.send(1)
        #expect(probe.overlaps.overlapCount == 0)
        #expect(probe.log == ["value 1", "other thread done", "value 10", "finished"])
    }

    @Test func failureFollowsTheValuesQueuedBeforeIt() {
        let outer = PassthroughSubject<ControlledPublisher<Int, TestError>, TestError>()
        let inner = ControlledPublisher<Int, TestError>()
        let probe = SerialProbe()
        probe.onValue = { value in
            guard value == 1 else { return }
            inner.send(2)
            inner.send(completion: .failure(.oops))
            inner.send(3)  // after the failure: ignored
            probe.mark("returning from 1")
        }
        outer.switchToLatest().subscribe(probe)
        outer.send(inner)
        inner.send(1)
        #expect(probe.log == ["value 1", "returning from 1", "value 2", "failure oops"])
        #expect(probe.overlaps.overlapCount == 0)
    }

    @Test func cancelDuringADeliveryDropsWhatIsQueued() {
        let outer = PassthroughSubject<ControlledPublisher<Int, TestError>, TestError>()
        let inner = ControlledPublisher<Int, TestError>()
        let probe = SerialProbe()
        probe.onValue = { value in
            guard value == 1 else { return }
            inner.send(2)
            probe.cancel()
        }
        outer.switchToLatest().subscribe(probe)
        outer.send(inner)
        inner.send(1)
        inner.send(3)
        #expect(probe.log == ["value 1"])
        #expect(inner.cancelCount == 1)
    }

    @Test func demandReturnedForQueuedValuesGoesToTheCurrentInner() {
        let outer = PassthroughSubject<ControlledPublisher<Int, TestError>, TestError>()
        let inner = ControlledPublisher<Int, TestError>()
        let probe = SerialProbe(initialDemand: .max(2), demandPerValue: .max(1))
        probe.onValue = { value in
            if value == 1 {
                #expect(inner.send(2) == .none, "queued: its demand comes later")
            }
        }
        outer.switchToLatest().subscribe(probe)
        outer.send(inner)
        #expect(inner.requests == [.max(2)])
        // Both deliveries (1, then the queued 2) happen inside this call; each returned
        // one more unit, handed back to the sending inner as the call's result.
        #expect(inner.send(1) == .max(2))
        #expect(inner.requests == [.max(2)], "no re-entrant request to the inner that is sending")
        #expect(inner.send(3) == .max(1))
        #expect(inner.send(4) == .max(1))
        #expect(probe.log == ["value 1", "value 2", "value 3", "value 4"])
    }
}

/// A subscriber that logs what it receives as text (plus marks the test adds), counts
/// overlapping calls, and runs `onValue` inside `receive(_:)`.
private final class SerialProbe: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = TestError

    // `@unchecked`: mutable state is guarded by `lock`; `onValue` is set before use.
    private let lock = NSLock()
    private var entries: [String] = []
    private var subscription: (any Subscription)?
    private let initialDemand: Subscribers.Demand
    private let demandPerValue: Subscribers.Demand
    let overlaps = OverlapDetector()
    var onValue: ((Int) -> Void)?

    init(initialDemand: Subscribers.Demand = .unlimited, demandPerValue: Subscribers.Demand = .none) {
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
    }

    var log: [String] { lock.withLock { entries } }
    func mark(_ note: String) { lock.withLock { entries.append(note) } }
    func cancel() { lock.withLock { subscription }?.cancel() }

    func receive(subscription: any Subscription) {
        lock.withLock { self.subscription = subscription }
        subscription.request(initialDemand)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        overlaps.enter()
        defer { overlaps.leave() }
        mark("value \(input)")
        onValue?(input)
        return demandPerValue
    }

    func receive(completion: Subscribers.Completion<TestError>) {
        overlaps.enter()
        defer { overlaps.leave() }
        switch completion {
        case .finished: mark("finished")
        case .failure(let error): mark("failure \(error)")
        }
    }
}
