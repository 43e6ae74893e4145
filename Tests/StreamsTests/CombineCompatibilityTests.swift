import Foundation
import Streams
import StreamsTesting
import Testing

/// Behaviour that Combine code relies on and that Streams follows as Apple's Combine has
/// it (as observed and recorded by OpenCombine's compatibility tests): the module-qualified
/// spellings, subjects fed by an upstream, `CurrentValueSubject.value` after completion,
/// `handleEvents` requests, `Future`'s lifetime, descriptions, and `request(.none)`.
@Suite struct CombineCompatibilityTests {
    /// A subscription spelled as Combine code spells it when a type of its own shadows
    /// the name.
    private final class CountingSubscription: Combine.Subscription {
        private(set) var requested: [Subscribers.Demand] = []
        func request(_ demand: Combine.Subscribers.Demand) { requested.append(demand) }
        func cancel() {}
    }

    private func countValues<P: Combine.Publisher>(of publisher: P) -> Int where P.Failure == Never {
        var count = 0
        let cancellable: any Combine.Cancellable = publisher.sink { _ in count += 1 }
        cancellable.cancel()
        return count
    }

    @Test func combineQualifiedNamesAreStreamsTypes() {
        let subscription = CountingSubscription()
        let subscriber = Recorder<Int, Never>(initialDemand: .max(2))
        subscriber.receive(subscription: subscription)
        #expect(subscription.requested == [.max(2)])
        #expect(countValues(of: [1, 2, 3].publisher) == 3)
        let subject: Combine.PassthroughSubject<Int, Never> = PassthroughSubject()
        #expect(type(of: subject) == PassthroughSubject<Int, Never>.self)
        #expect(Combine.Just(1).output == 1)
    }

    // MARK: A subject fed by an upstream

    @Test func subjectAsksItsUpstreamOnlyOnceASubscriberHasDemand() {
        let upstream = ControlledPublisher<Int, Never>()
        let subject = PassthroughSubject<Int, Never>()
        let feed = upstream.subscribe(subject)
        #expect(upstream.requests.isEmpty)

        let waiting = Recorder<Int, Never>(initialDemand: .none)
        subject.subscribe(waiting)
        #expect(upstream.requests.isEmpty)

        waiting.request(.max(1))
        #expect(upstream.requests == [.unlimited])
        let later = Recorder<Int, Never>()
        subject.subscribe(later)
        #expect(upstream.requests == [.unlimited])
        withExtendedLifetime(feed) {}
    }

    @Test func subjectAsksALaterUpstreamAtOnceWhenDemandWasSeen() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(1))
        subject.subscribe(recorder)
        let upstream = ControlledPublisher<Int, Never>()
        let feed = upstream.subscribe(subject)
        #expect(upstream.requests == [.unlimited])
        withExtendedLifetime(feed) {}
    }

    @Test func currentValueSubjectAsksItsUpstreamAtOnceAndCancelsItWhenItGoes() {
        let subscription = RecordingSubscription()
        do {
            let subject = CurrentValueSubject<Int, Never>(0)
            subject.send(subscription: subscription)
            #expect(subscription.requests == [.unlimited])
            // Asked already: its first subscriber's demand asks nothing more.
            let recorder = Recorder<Int, Never>()
            subject.subscribe(recorder)
            #expect(subscription.requests == [.unlimited])
            subject.send(subscription: subscription)
            #expect(subscription.requests == [.unlimited, .unlimited])
            #expect(subscription.cancelCount == 0)
            // A live subscriber keeps the subject's state, as in Combine.
            recorder.cancel()
        }
        #expect(subscription.cancelCount == 2)
    }

    @Test func passthroughSubjectCancelsTheUpstreamItNeverAskedWhenItGoes() {
        let subscription = RecordingSubscription()
        do {
            let subject = PassthroughSubject<Int, Never>()
            subject.send(subscription: subscription)
            #expect(subscription.requests == [])
        }
        #expect(subscription.requests == [])
        #expect(subscription.cancelCount == 1)
    }

    @Test func currentValueSubjectFedByAPublisherTakesItsValuesBeforeAnySubscriber() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let feed = [1, 2].publisher.subscribe(subject)
        #expect(subject.value == 2)
        withExtendedLifetime(feed) {}
    }

    @Test func currentValueFeedingASubjectReachesALaterSubscriber() {
        let source = CurrentValueSubject<String, Never>("initial")
        let relay = PassthroughSubject<String, Never>()
        let feed = source.subscribe(relay)
        let recorder = Recorder<String, Never>()
        relay.subscribe(recorder)
        source.send("next")
        #expect(recorder.values == ["initial", "next"])
        withExtendedLifetime(feed) {}
    }

    @Test func currentValueSubjectFedByAnotherGetsTheFeedsValueInsteadOfItsOwn() {
        let source = CurrentValueSubject<String, Never>("initial")
        let mirror = CurrentValueSubject<String, Never>("stale")
        let feed = source.subscribe(mirror)
        let recorder = Recorder<String, Never>()
        mirror.subscribe(recorder)
        source.send("1")
        #expect(recorder.values == ["initial", "1"])
        #expect(mirror.value == "1")
        withExtendedLifetime(feed) {}
    }

    // MARK: CurrentValueSubject

    @Test func valueSetAfterCompletionIsStored() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        subject.send(completion: .finished)
        subject.value = 42
        #expect(subject.value == 42)
        #expect(recorder.history == [.subscription, .value(0), .finished])
    }

    @Test func valueSentAfterCompletionIsNotStored() {
        let subject = CurrentValueSubject<Int, Never>(0)
        subject.send(completion: .finished)
        subject.send(42)
        #expect(subject.value == 0)
    }

    // MARK: handleEvents

    @Test func demandReturnedFromReceiveIsReportedAsARequest() {
        let upstream = ControlledPublisher<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let recorder = Recorder<Int, Never>(initialDemand: .max(1), demandPerValue: .max(2))
        upstream.handleEvents(receiveRequest: { requests.append($0) }).subscribe(recorder)
        upstream.send(1)
        #expect(requests == [.max(1), .max(2)])
    }

    @Test func noDemandReturnedFromReceiveIsNoRequest() {
        let upstream = ControlledPublisher<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let recorder = Recorder<Int, Never>(initialDemand: .max(1))
        upstream.handleEvents(receiveRequest: { requests.append($0) }).subscribe(recorder)
        upstream.send(1)
        #expect(requests == [.max(1)])
    }

    // MARK: Future

    @Test func futureLetsGoOfACancelledSubscriptionWhileItWaits() {
        let future = Future<Int, Never> { _ in }
        weak var weakSubscription: AnyObject?
        weak var weakRecorder: Recorder<Int, Never>?
        do {
            let recorder = Recorder<Int, Never>()
            weakRecorder = recorder
            future.subscribe(recorder)
            weakSubscription = recorder.subscription as AnyObject?
            recorder.cancel()
        }
        #expect(weakSubscription == nil)
        #expect(weakRecorder == nil)
        withExtendedLifetime(future) {}
    }

    // MARK: receive(on:)

    @Test func receiveOnHoldsACancelledSubscriberUntilThePendingBlockRuns() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        weak var weakProbe: Token?
        var delivered: [Int] = []
        do {
            let probe = Token()
            weakProbe = probe
            var subscription: (any Subscription)?
            subject.receive(on: scheduler).subscribe(
                AnySubscriber(
                    receiveSubscription: {
                        subscription = $0
                        $0.request(.unlimited)
                    },
                    receiveValue: {
                        withExtendedLifetime(probe) {}
                        delivered.append($0)
                        return .none
                    }))
            subject.send(1)
            subscription?.cancel()
            subscription = nil
        }
        #expect(weakProbe != nil, "the scheduled block still holds the subscriber")
        scheduler.run()
        #expect(delivered == [], "nothing is delivered after cancel")
        #expect(weakProbe == nil)
    }

    // MARK: Descriptions

    @Test func catchAndRetrySubscriptionsAreNamedAfterTheirOperator() {
        let caught = Recorder<Int, Never>()
        ControlledPublisher<Int, TestError>().catch { _ in Just(0) }.subscribe(caught)
        let retried = Recorder<Int, TestError>()
        ControlledPublisher<Int, TestError>().retry(1).subscribe(retried)
        let tryCaught = Recorder<Int, any Error>()
        ControlledPublisher<Int, TestError>().tryCatch { _ in Just(0) }.subscribe(tryCaught)
        #expect(caught.subscription.map { "\($0)" } == "Catch")
        #expect(retried.subscription.map { "\($0)" } == "Retry")
        #expect(tryCaught.subscription.map { "\($0)" } == "TryCatch")
    }

    @Test func subjectSubscriptionsAreNamedAfterTheirSubject() {
        let passthrough = Recorder<Int, Never>()
        PassthroughSubject<Int, Never>().subscribe(passthrough)
        let current = Recorder<Int, Never>()
        CurrentValueSubject<Int, Never>(0).subscribe(current)
        #expect(passthrough.subscription.map { "\($0)" } == "PassthroughSubject")
        #expect(current.subscription.map { "\($0)" } == "CurrentValueSubject")
    }

    // MARK: request(.none)

    @Test func requestingNoneFromASubjectStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let recorder = Recorder<Int, Never>(initialDemand: .none)
            PassthroughSubject<Int, Never>().subscribe(recorder)
            recorder.request(.none)
        }
    }

    @Test func requestingNoneFromJustStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let recorder = Recorder<Int, Never>(initialDemand: .none)
            Just(1).subscribe(recorder)
            recorder.request(.none)
        }
    }

    @Test func requestingNoneFromAFutureStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let recorder = Recorder<Int, Never>(initialDemand: .none)
            Future<Int, Never> { $0(.success(1)) }.subscribe(recorder)
            recorder.request(.none)
        }
    }
}
