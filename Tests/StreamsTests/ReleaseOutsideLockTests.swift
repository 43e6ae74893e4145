import Foundation
import Pipelines
import Streams
import StreamsFoundation
import StreamsTesting
import TestWaiting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Whatever an operator lets go of (a subscriber, a buffered or replaced value, a value
/// already delivered) may be the last reference to an object whose deinit is user code.
/// It must be released after the operator's lock is: a deinit that sends into the stream
/// (or cancels it) then finds the lock free instead of spinning on a lock its own thread
/// holds. Each test here hangs, and so times out, if that release happens under the lock.
/// (`merge`, `combineLatest`, `zip` and `switchToLatest`: see `FanInReleaseTests`.)
@Suite struct ReleaseOutsideLockTests {
    // MARK: Scheduling operators

    // MARK: Subscribers

    /// The operators that let go of their upstream subscription when the upstream
    /// completes: the subscription's deinit here cancels the operator's own subscription,
    /// which takes the operator's lock.
    @Test(arguments: [
        "flatMap", "throttle", "buffer", "measureInterval", "subscribe(on:)",
        "collect(.byTime)", "through", "handleEvents",
    ])
    func operatorReleasesItsUpstreamSubscriptionOutsideTheLockWhenTheUpstreamCompletes(operatorName: String) {
        let handle = SubscriptionHandle()
        let upstream = HandOverPublisher { handle.cancel() }
        let scheduler = TestScheduler()
        let downstream = ProbeSubscriber<Int, Never>(handle: handle)
        switch operatorName {
        case "flatMap": upstream.flatMap { Just($0) }.subscribe(downstream)
        case "throttle":
            upstream.throttle(for: 1, scheduler: scheduler, latest: true).subscribe(downstream)
        case "buffer": upstream.buffer(size: 4, prefetch: .keepFull, whenFull: .dropOldest).subscribe(downstream)
        case "measureInterval": upstream.measureInterval(using: scheduler).map { _ in 0 }.subscribe(downstream)
        case "subscribe(on:)": upstream.subscribe(on: ImmediateScheduler.shared).subscribe(downstream)
        case "collect(.byTime)":
            upstream.collect(.byTime(scheduler, 1)).map(\.count).subscribe(downstream)
        case "through": upstream.through(Pipeline<Int, Int>().map { $0 }).subscribe(downstream)
        case "handleEvents": upstream.handleEvents(receiveOutput: { _ in }).subscribe(downstream)
        default: Issue.record("no such operator: \(operatorName)")
        }
        #expect(finishesInTime { upstream.finish() }, "\(operatorName)")
    }

    @Test func sinkReleasesItsSubscriptionOutsideTheLockWhenItCompletes() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        // Only the sink holds the subscription; its deinit cancels the sink.
        sink.receive(subscription: ProbeSubscription { sink.cancel() })
        #expect(finishesInTime { sink.receive(completion: .finished) })
    }

    @Test func assignReleasesItsSubscriptionOutsideTheLockWhenItCompletes() {
        final class Target { var value = 0 }
        let assign = Subscribers.Assign<Target, Int>(object: Target(), keyPath: \.value)
        assign.receive(subscription: ProbeSubscription { assign.cancel() })
        #expect(finishesInTime { assign.receive(completion: .finished) })
    }

    @Test func currentValueSubjectReleasesTheValueItReplacesOutsideTheLock() {
        let subject = CurrentValueSubject<Token, Never>(Token())
        let seen = EventLog<Token>()
        do {
            // The deinit of the value being replaced reads the subject.
            subject.value = Token { seen.append(subject.value) }
        }
        let next = Token()
        #expect(finishesInTime { subject.send(next) })
        #expect(seen.events.count == 1)
        #expect(seen.events.first === next)
    }

    @Test func receiveOnCancelReleasesTheSubscriberOutsideTheLock() {
        let subject = PassthroughSubject<Int, Never>()
        let handle = SubscriptionHandle()
        // Only the subscription holds the subscriber; its deinit sends into the subject,
        // which the immediate scheduler delivers at once.
        subject.receive(on: ImmediateScheduler.shared)
            .subscribe(ProbeSubscriber<Int, Never>(handle: handle, onDeinit: { subject.send(1) }))
        #expect(finishesInTime { handle.cancel() })
    }

    @Test func subscribeOnCancelReleasesTheSubscriberOutsideTheLock() {
        let subject = PassthroughSubject<Int, Never>()
        let handle = SubscriptionHandle()
        subject.subscribe(on: ImmediateScheduler.shared)
            .subscribe(ProbeSubscriber<Int, Never>(handle: handle, onDeinit: { subject.send(1) }))
        #expect(finishesInTime { handle.cancel() })
    }

    @Test func debounceReleasesTheValueANewerOneReplacesOutsideTheLock() throws {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Token, Never>()
        let handle = SubscriptionHandle()
        let probe = ProbeSubscriber<Token, Never>(handle: handle)
        subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(probe)
        // Replaced while the subject delivers the newer one, so its deinit reaches the
        // operator through the subscription rather than through the busy subject.
        do { subject.send(Token { handle.request(.max(1)) }) }
        // Required: after a deadlock, the operator's lock stays held for good.
        try #require(finishesInTime { subject.send(Token()) })
        scheduler.advance(by: .seconds(1))
        #expect(probe.received == 1)
    }

    @Test func debounceCancelReleasesTheWaitingValueOutsideTheLock() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Token, Never>()
        let handle = SubscriptionHandle()
        subject.debounce(for: .seconds(1), scheduler: scheduler)
            .subscribe(ProbeSubscriber<Token, Never>(handle: handle))
        do { subject.send(Token { subject.send(Token()) }) }
        #expect(finishesInTime { handle.cancel() })
    }

    // MARK: flatMap

    @Test func flatMapCancelReleasesQueuedValuesOutsideTheLock() {
        let outer = PassthroughSubject<PassthroughSubject<Token, Never>, Never>()
        let (a, b, c) = (
            PassthroughSubject<Token, Never>(), PassthroughSubject<Token, Never>(), PassthroughSubject<Token, Never>()
        )
        let handle = SubscriptionHandle()
        let first = Token()
        let probe = ProbeSubscriber<Token, Never>(
            handle: handle,
            onValue: { value in
                guard value == first else { return }
                // Queued while `first` is delivered; its deinit sends into idle C.
                b.send(Token { c.send(Token()) })
                handle.cancel()
            })
        outer.flatMap { $0 }.subscribe(probe)
        [a, b, c].forEach(outer.send)
        #expect(finishesInTime { a.send(first) })
        #expect(probe.received == 1)
    }

    @Test func flatMapFailureReleasesQueuedValuesOutsideTheLock() {
        let outer = PassthroughSubject<PassthroughSubject<Token, TestFailure>, TestFailure>()
        let (a, b, c) = (
            PassthroughSubject<Token, TestFailure>(), PassthroughSubject<Token, TestFailure>(),
            PassthroughSubject<Token, TestFailure>()
        )
        let first = Token()
        let probe = ProbeSubscriber<Token, TestFailure>(onValue: { value in
            guard value == first else { return }
            b.send(Token { c.send(Token()) })
            b.send(completion: .failure(TestFailure()))
        })
        outer.flatMap { $0 }.subscribe(probe)
        [a, b, c].forEach(outer.send)
        #expect(finishesInTime { a.send(first) })
        #expect(probe.received == 1)
    }

    @Test func flatMapReleasesQueuedValuesItDeliveredOutsideTheLock() {
        let outer = PassthroughSubject<PassthroughSubject<Token, Never>, Never>()
        let (a, b, c) = (
            PassthroughSubject<Token, Never>(), PassthroughSubject<Token, Never>(), PassthroughSubject<Token, Never>()
        )
        let first = Token()
        let probe = ProbeSubscriber<Token, Never>(onValue: { value in
            guard value == first else { return }
            // Both queued; once delivered, the first is released when the next is taken.
            b.send(Token { c.send(Token()) })
            b.send(Token())
        })
        outer.flatMap { $0 }.subscribe(probe)
        [a, b, c].forEach(outer.send)
        #expect(finishesInTime { a.send(first) })
        #expect(probe.received == 4)
    }

    // MARK: Subjects

    @Test(arguments: [false, true])
    func subjectCancelReleasesTheSubscriberOutsideTheLock(currentValue: Bool) {
        let passthrough = PassthroughSubject<Int, Never>()
        let current = CurrentValueSubject<Int, Never>(0)
        let handle = SubscriptionHandle()
        // Only the subject holds the subscriber; its deinit sends into the subject, whose
        // lock `cancel` takes (it drops the subscriber's delivery closures under it).
        do {
            let probe = ProbeSubscriber<Int, Never>(
                handle: handle, onDeinit: { currentValue ? current.send(1) : passthrough.send(1) })
            if currentValue {
                current.subscribe(probe)
            } else {
                passthrough.subscribe(probe)
            }
        }
        #expect(finishesInTime { handle.cancel() })
    }

    // MARK: Stateful operators

    @Test func cancelReleasesAParkedLastValueOutsideTheLock() {
        // An upstream that ignores demand gets `first()` a value nobody asked for yet:
        // it is parked until the subscriber asks, or cancels.
        let upstream = ControlledPublisher<Token, Never>()
        let handle = SubscriptionHandle()
        upstream.first().subscribe(ProbeSubscriber<Token, Never>(handle: handle, demand: .none))
        do { upstream.send(Token { handle.cancel() }) }
        #expect(finishesInTime { handle.cancel() })
    }

    @Test func sequenceReleasesEachElementOutsideTheLock() {
        let handle = SubscriptionHandle()
        // Elements made on the fly: the subscription holds the only reference while it
        // delivers one. The first one's deinit cancels.
        let probe = ProbeSubscriber<Token, Never>(handle: handle, demand: .none)
        (0..<3).lazy.map { _ in Token { handle.cancel() } }.publisher.subscribe(probe)
        #expect(finishesInTime { handle.request(.unlimited) })
        #expect(probe.received == 1)
    }

    // MARK: @Published

    @Test func publishedReleasesTheValueItReplacesOutsideTheLock() {
        let model = Model()
        model.item = Token { [weak model] in _ = model?.item }
        #expect(finishesInTime { model.item = nil })
    }

    // MARK: through(_:)

    @Test func throughCancelReleasesBufferedOutputsOutsideTheLock() {
        let upstream = ControlledPublisher<Token, Never>()
        let handle = SubscriptionHandle()
        upstream.through(Pipeline<Token, Token>())
            .subscribe(ProbeSubscriber<Token, Never>(handle: handle, demand: .none))
        // No demand: buffered. (The controlled upstream ignores demand.)
        do { upstream.send(Token { upstream.send(Token()) }) }
        #expect(finishesInTime { handle.cancel() })
    }

    @Test func throughReleasesBufferedOutputsItDeliveredOutsideTheLock() {
        let upstream = ControlledPublisher<Token, Never>()
        let handle = SubscriptionHandle()
        let probe = ProbeSubscriber<Token, Never>(handle: handle, demand: .none)
        upstream.through(Pipeline<Token, Token>()).subscribe(probe)
        do {
            upstream.send(Token { upstream.send(Token()) })
            upstream.send(Token())
        }
        #expect(finishesInTime { handle.request(.unlimited) })
        #expect(probe.received == 3)
    }

    @Test func throughReleasesTheSubscriberItCompletedOutsideTheLock() {
        let upstream = ControlledPublisher<Token, Never>()
        upstream.through(Pipeline<Token, Token>())
            .subscribe(ProbeSubscriber<Token, Never>(onDeinit: { upstream.send(Token()) }))
        #expect(finishesInTime { upstream.send(completion: .finished) })
    }

    // MARK: Foundation

    @Test func notificationCenterCancelReleasesTheSubscriberOutsideTheLock() {
        let center = NotificationCenter()
        let name = Notification.Name("ReleaseOutsideLockTests.ping")
        let handle = SubscriptionHandle()
        center.publisher(for: name).subscribe(
            ProbeSubscriber<Notification, Never>(
                handle: handle, onDeinit: { center.post(name: name, object: nil) }))
        #expect(finishesInTime { handle.cancel() })
    }

    @Test func dataTaskCancelReleasesTheSubscriberOutsideTheLock() {
        let handle = SubscriptionHandle()
        // No demand, so no task is ever started. The subscriber's deinit cancels again,
        // as an object that owns its subscription does.
        URLSession.shared.dataTaskPublisher(for: URL(string: "http://127.0.0.1:9/")!)
            .subscribe(
                ProbeSubscriber<URLSession.DataTaskPublisher.Output, URLError>(
                    handle: handle, demand: .none, onDeinit: { handle.cancel() }))
        #expect(finishesInTime { handle.cancel() })
    }

    // MARK: values(bufferingPolicy:)

    @Test func bufferedValuesReleaseAnEvictedValueOutsideTheLock() {
        let upstream = ControlledPublisher<Token, Never>()
        #expect(
            finishesInTime {
                let iterator = upstream.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
                withExtendedLifetime(iterator) {
                    upstream.send(Token { upstream.send(Token()) })
                    upstream.send(Token())
                }
            })
    }

    @Test func bufferedValuesReleaseWhatTheyBufferWhenTheIteratorGoes() {
        let upstream = ControlledPublisher<Token, Never>()
        #expect(
            finishesInTime {
                let iterator = upstream.values(bufferingPolicy: .unbounded).makeAsyncIterator()
                withExtendedLifetime(iterator) {
                    _ = upstream.send(Token { upstream.send(Token()) })
                }
            })
    }

    @Test func bufferedValuesReleaseValuesTheyHandedOverOutsideTheLock() {
        let upstream = ControlledPublisher<Token, Never>()
        #expect(
            finishesInTime {
                let finished = Signal()
                // On a queue of its own: the test blocks a thread of the cooperative pool
                // while it waits, and parallel tests may hold the other one.
                Task(executorPreference: DedicatedThreadExecutor()) {
                    var iterator = upstream.values(bufferingPolicy: .unbounded).makeAsyncIterator()
                    upstream.send(Token { upstream.send(Token()) })
                    upstream.send(Token())
                    // The buffer keeps the first value after handing it over, until the
                    // second empties it.
                    _ = await iterator.next()
                    _ = await iterator.next()
                    finished.signal()
                }
                // Longer than finishesInTime's own bound, so that a hang fails the test.
                finished.wait(bound: 2 * deadlockBound)
            })
    }
}

private struct TestFailure: Error {}

private final class Model: @unchecked Sendable {
    @Published var item: Token?
}
