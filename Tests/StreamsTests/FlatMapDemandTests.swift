import Streams
import Testing

/// `flatMap`'s demand as Combine has it (as OpenCombine's compatibility tests record it):
/// each inner publisher is asked for one value up front and one more per value delivered,
/// values beyond the downstream's demand wait (even from an inner publisher that ignores
/// demand), `maxPublishers` limits the upstream, and the downstream gets its subscription
/// before the upstream is subscribed to.
@Suite struct FlatMapDemandTests {
    typealias Inner = ControlledPublisher<Int, TestError>

    /// An upstream of inner publishers, `flatMap { $0 }` on it, and `recorder` subscribed.
    private func merged(
        _ recorder: Recorder<Int, TestError>, maxPublishers: Subscribers.Demand = .unlimited
    ) -> ControlledPublisher<Inner, TestError> {
        let outer = ControlledPublisher<Inner, TestError>()
        outer.flatMap(maxPublishers: maxPublishers) { $0 }.subscribe(recorder)
        return outer
    }

    @Test func eachInnerIsAskedForOneValueAndOneMorePerValueDelivered() {
        let recorder = Recorder<Int, TestError>(initialDemand: .max(2))
        let outer = merged(recorder)
        let (first, second) = (Inner(), Inner())
        outer.send(first)
        outer.send(second)
        #expect(first.requests == [.max(1)])
        #expect(second.requests == [.max(1)])

        #expect(first.send(666) == .max(1))
        #expect(first.send(777) == .max(1))
        #expect(recorder.values == [666, 777])
        // No demand left: held back, and the inner publisher gets no more demand.
        #expect(first.send(888) == .none)
        #expect(recorder.values == [666, 777])
    }

    @Test func anInnerThatIgnoresDemandGetsNoMoreThanTheDownstreamAskedFor() {
        let recorder = Recorder<Int, TestError>(initialDemand: .max(1))
        let outer = merged(recorder)
        let inner = Inner()
        outer.send(inner)
        inner.send(1)
        inner.send(2)
        inner.send(3)
        #expect(recorder.values == [1])

        recorder.request(.max(10))
        #expect(recorder.values == [1, 2, 3])
        // One more asked for each value that waited, as Combine does.
        #expect(inner.requests == [.max(1), .max(1), .max(1)])
        #expect(inner.send(4) == .max(1))
        #expect(recorder.values == [1, 2, 3, 4])
    }

    @Test func anInnerSendingWhileAnotherInnersValueIsDeliveredGetsOnlyTheDemandLeft() {
        let (first, second) = (Inner(), Inner())
        let recorder = Recorder<Int, TestError>(initialDemand: .max(2))
        // Every value makes the second inner send again (up to 100 times, so that a
        // regression fails instead of looping: before the fix this never returned).
        var sends = 0
        recorder.onValue = { _ in
            guard sends < 100 else { return }
            sends += 1
            second.send(777)
        }
        let outer = merged(recorder)
        outer.send(first)
        outer.send(second)
        #expect(first.send(666) == .max(1))
        #expect(recorder.history == [.subscription, .value(666), .value(777)])
        #expect(first.requests == [.max(1)])
        #expect(second.requests == [.max(1)])
    }

    @Test func aValueQueuedBehindTheCurrentOneIsDeliveredAfterItNotInsideIt() {
        let (first, second) = (Inner(), Inner())
        var depth = 0
        var deepest = 0
        let recorder = Recorder<Int, TestError>(initialDemand: .max(3))
        recorder.onValue = { value in
            depth += 1
            deepest = max(deepest, depth)
            if value == 1 { #expect(second.send(2) == .max(1)) }
            depth -= 1
        }
        let outer = merged(recorder)
        outer.send(first)
        outer.send(second)
        first.send(1)
        #expect(recorder.values == [1, 2])
        #expect(deepest == 1)
    }

    @Test func unlimitedDemandAsksEveryInnerForEverything() {
        let recorder = Recorder<Int, TestError>(initialDemand: .max(3))
        let outer = merged(recorder)
        let before = Inner()
        outer.send(before)
        #expect(before.requests == [.max(1)])
        recorder.request(.unlimited)
        #expect(before.requests == [.max(1), .unlimited])
        let after = Inner()
        outer.send(after)
        #expect(after.requests == [.unlimited])
        #expect(after.send(1) == .none)
        #expect(recorder.values == [1])
    }

    @Test func maxPublishersLimitsTheUpstreamAndAsksForOneMorePerFinishedInner() {
        let recorder = Recorder<Int, TestError>()
        let outer = merged(recorder, maxPublishers: .max(2))
        #expect(outer.requests == [.max(2)])
        let inner = Inner()
        outer.send(inner)
        inner.send(completion: .finished)
        #expect(outer.requests == [.max(2), .max(1)])

        let unlimited = ControlledPublisher<Inner, TestError>()
        unlimited.flatMap { $0 }.subscribe(Recorder<Int, TestError>())
        #expect(unlimited.requests == [.unlimited])
    }

    @Test func theDownstreamGetsItsSubscriptionBeforeTheUpstreamIsSubscribedTo() {
        let recorder = Recorder<Int, TestError>()
        var seenByUpstream: [Event<Int>]?
        let outer = ControlledPublisher<Inner, TestError>(willSubscribe: { seenByUpstream = recorder.history })
        outer.flatMap { $0 }.subscribe(recorder)
        #expect(seenByUpstream == [.subscription])
    }

    @Test func finishingWaitsForHeldBackValues() {
        let recorder = Recorder<Int, TestError>(initialDemand: .max(1))
        let outer = merged(recorder)
        let inner = Inner()
        outer.send(inner)
        inner.send(1)
        inner.send(2)
        outer.send(completion: .finished)
        inner.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1)])
        recorder.request(.unlimited)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func failingDropsHeldBackValues() {
        let recorder = Recorder<Int, TestError>(initialDemand: .max(1))
        let outer = merged(recorder)
        let inner = Inner()
        outer.send(inner)
        inner.send(1)
        inner.send(2)
        outer.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value(1), .failure("oops")])
        #expect(inner.cancelCount == 1)
    }

    @Test func aValueFromAnInnerThatHasFinishedIsPassedOnAsInCombine() {
        let recorder = Recorder<Int, TestError>()
        let outer = merged(recorder)
        let (finishing, other) = (Inner(), Inner())
        outer.send(finishing)
        outer.send(other)
        outer.send(completion: .finished)
        #expect(finishing.send(1) == .none)
        finishing.send(completion: .finished)
        #expect(finishing.send(2) == .none, "unlimited demand: nothing more to ask for")
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
        other.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func aRepeatedCompletionFromAnInnerCountsAgainAsInCombine() {
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        let outer = merged(recorder, maxPublishers: .max(1))
        let inner = Inner()
        outer.send(inner)
        inner.send(completion: .finished)
        inner.send(completion: .finished)
        // One more publisher asked for per `.finished`, the repeated one too.
        #expect(outer.requests == [.max(1), .max(1), .max(1)])
        #expect(recorder.history == [.subscription])
        inner.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .failure("oops")])
    }

    @Test func aValueSentWhileTheDownstreamReceivesTheFailureIsPassedOnWithinItsDemand() {
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        let outer = merged(recorder, maxPublishers: .max(1))
        let inner = Inner()
        outer.send(inner)
        recorder.request(.max(5))
        var answered: Subscribers.Demand?
        recorder.onCompletion = { _ in answered = inner.send(1) }
        inner.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .failure("oops"), .value(1)])
        #expect(answered == .max(1))
        // Once the completion has been received, Streams has let go of the downstream.
        #expect(inner.send(2) == .none)
        #expect(recorder.history == [.subscription, .failure("oops"), .value(1)])
        #expect(outer.requests == [.max(1)])
        #expect(inner.requests == [.max(1)])
    }

    @Test func aValueSentWhileTheDownstreamReceivesTheCompletionNeedsDemand() {
        let recorder = Recorder<Int, TestError>(initialDemand: .none)
        let outer = merged(recorder)
        let inner = Inner()
        outer.send(inner)
        recorder.onCompletion = { _ in inner.send(1) }
        inner.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .failure("oops")])
    }

    @Test func theUpstreamFailingFromInsideAnInnersCancellationStopsTheProgramAsInCombine() async {
        await #expect(processExitsWith: .failure) {
            let outer = ControlledPublisher<CancelReportingPublisher, TestError>()
            let recorder = Recorder<Int, TestError>()
            outer.flatMap { $0 }.subscribe(recorder)
            let inner = CancelReportingPublisher()
            inner.onCancel = { outer.send(completion: .failure(.oops)) }
            outer.send(inner)
            outer.send(completion: .failure(.oops))
        }
    }

    @Test func aSecondUpstreamFailureAfterTheCancellationIsIgnored() {
        let outer = ControlledPublisher<CancelReportingPublisher, TestError>()
        let recorder = Recorder<Int, TestError>()
        outer.flatMap { $0 }.subscribe(recorder)
        let inner = CancelReportingPublisher()
        var cancels = 0
        inner.onCancel = { cancels += 1 }
        outer.send(inner)
        outer.send(completion: .failure(.oops))
        outer.send(completion: .failure(.other))
        #expect(cancels == 1)
        #expect(recorder.history == [.subscription, .failure("oops")])
    }

    @Test func maxPublishersNoneAsksTheUpstreamForNoneAsCombineDoes() {
        let outer = merged(Recorder<Int, TestError>(), maxPublishers: .none)
        #expect(outer.requests == [.none])
    }

    @Test func anInnerFailureCancelsTheOtherInnersButNotTheUpstream() {
        let recorder = Recorder<Int, TestError>()
        let outer = merged(recorder)
        let (failing, other) = (Inner(), Inner())
        outer.send(failing)
        outer.send(other)
        failing.send(completion: .failure(.oops))
        #expect(other.cancelCount == 1)
        #expect(failing.cancelCount == 0)
        #expect(outer.cancelCount == 0, "Combine leaves the upstream subscribed")
        #expect(recorder.history == [.subscription, .failure("oops")])
        // The upstream's later values are ignored: no inner publisher is subscribed to.
        let late = Inner()
        #expect(outer.send(late) == .none)
        #expect(late.requests == [])
        #expect(recorder.history == [.subscription, .failure("oops")])
    }
}

/// An inner publisher whose subscription runs `onCancel` when cancelled.
private final class CancelReportingPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = TestError
    var onCancel: () -> Void = {}

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        subscriber.receive(subscription: Handle(parent: self))
    }

    private struct Handle: Subscription {
        let parent: CancelReportingPublisher
        let combineIdentifier = CombineIdentifier()
        func request(_ demand: Subscribers.Demand) {}
        func cancel() { parent.onCancel() }
    }
}
