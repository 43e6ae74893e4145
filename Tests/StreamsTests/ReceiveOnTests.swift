import Dispatch
import Foundation
import Streams
import StreamsTesting
import Testing

@Suite struct ReceiveOnTests {
    @Test func deliversValuesAndCompletionOnTheScheduler() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        subject.receive(on: scheduler).subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.history == [.subscription], "nothing is delivered before the scheduler runs")
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func deliversFailure() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, TestError>()
        Fail<Int, TestError>(error: TestError.oops).receive(on: scheduler).subscribe(recorder)
        scheduler.run()
        #expect(recorder.history == [.subscription, .failure("oops")])
    }

    @Test func respectsDemandAndForwardsDemandReturnedByTheSubscriber() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        [1, 2, 3].publisher.receive(on: scheduler).subscribe(recorder)
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])

        let limited = Recorder<Int, Never>(initialDemand: .max(2))
        [1, 2, 3].publisher.receive(on: scheduler).subscribe(limited)
        scheduler.run()
        #expect(limited.history == [.subscription, .value(1), .value(2)])
    }

    @Test func dropsScheduledValuesAfterCancelButDeliversAScheduledCompletion() {
        // As in Combine: a cancel stops the values already handed to the scheduler, but
        // once the upstream has completed, its completion is on its way.
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.receive(on: scheduler).subscribe(recorder)
        subject.send(1)
        recorder.cancel()
        scheduler.run()
        #expect(recorder.history == [.subscription])

        let completing = Recorder<Int, Never>()
        subject.receive(on: scheduler).subscribe(completing)
        subject.send(completion: .finished)
        completing.cancel()
        scheduler.run()
        #expect(completing.history == [.subscription, .finished])
    }

    @Test func schedulesEachEventOnceWithTheOptionsGivenAndNothingAfterTheEnd() {
        let scheduler = OptionsRecordingScheduler()
        let upstream = ControlledPublisher<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        upstream.receive(on: scheduler, options: "main").subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .failure(.oops))
        upstream.send(completion: .finished)
        upstream.send(3)
        #expect(scheduler.scheduledOptions == ["main", "main", "main"])
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1), .value(2), .failure("oops")])

        let cancelled = ControlledPublisher<Int, Never>()
        let cancelling = Recorder<Int, Never>()
        cancelled.receive(on: scheduler, options: "after cancel").subscribe(cancelling)
        cancelling.cancel()
        cancelled.send(4)
        cancelled.send(completion: .finished)
        #expect(scheduler.scheduledOptions == ["main", "main", "main"], "nothing scheduled after a cancel")
        #expect(cancelling.history == [.subscription])
    }

    @Test func aValueDeliveredAfterTheUpstreamCompletedStillAsksForMore() {
        // Combine passes the demand a value's delivery returns to the upstream even when
        // the upstream's completion, sent right after the value, is still scheduled.
        let scheduler = TestScheduler()
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(1), demandPerValue: .max(3))
        upstream.receive(on: scheduler).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1), .finished])
        #expect(upstream.requests == [.max(1), .max(3)])
    }

    @Test func ignoresEventsBeforeItsSubscriptionAndACancelBeforeIt() {
        let upstream = ControlledPublisher<Int, Never>(subscribesAtOnce: false)
        let recorder = Recorder<Int, Never>()
        upstream.receive(on: ImmediateScheduler.shared).subscribe(recorder)
        #expect(upstream.send(1) == .none)
        upstream.send(completion: .finished)
        #expect(recorder.history == [], "Combine's receive(on:) passes nothing on before its subscription")

        // A cancel before any subscription does nothing: the one that arrives later is
        // passed on, as in Combine.
        upstream.subscriberAsSubscription?.cancel()
        upstream.send(subscription: upstream.makeSubscription())
        #expect(upstream.cancelCount == 0)
        #expect(upstream.requests == [.unlimited])
        upstream.send(2)
        #expect(recorder.history == [.subscription, .value(2)])
    }

    @Test func keepsItsSubscriberAsLongAsItsSubscriptionLives() {
        // As Combine's does: after the completion or a cancel, the subscriber is let go
        // of with the subscription, not before.
        for ending in ["completion", "cancel"] {
            var subscriberGone = false
            var subscription: (any Subscription)?
            do {
                let upstream = ControlledPublisher<Int, Never>()
                let subscriber = AnySubscriber<Int, Never>(
                    ReleaseObservingSubscriber(
                        onSubscription: { subscription = $0 }, onDeinit: { subscriberGone = true }))
                upstream.receive(on: ImmediateScheduler.shared).subscribe(subscriber)
                if ending == "completion" {
                    upstream.send(completion: .finished)
                } else {
                    subscription?.cancel()
                }
            }
            #expect(!subscriberGone, "after its \(ending), while its subscription lives")
            subscription = nil
            #expect(subscriberGone, "after its \(ending), with its subscription")
        }
    }

    @Test func hopsToTheDispatchQueue() {
        let queue = DispatchQueue(label: "ReceiveOnTests")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let onQueue = EventLog<Bool>()
        let recorder = Recorder<Int, Never>(onValue: { _ in
            onQueue.append(DispatchQueue.getSpecific(key: key) == true)
        })
        [1, 2, 3].publisher.receive(on: queue).subscribe(recorder)
        recorder.wait { $0.completionCount == 1 }
        #expect(recorder.values == [1, 2, 3])
        #expect(onQueue.events == [true, true, true])
    }
}

/// A subscriber that keeps nothing but reports its subscription and its deinit.
private final class ReleaseObservingSubscriber: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    let onSubscription: (any Subscription) -> Void
    let onDeinit: () -> Void

    init(onSubscription: @escaping (any Subscription) -> Void, onDeinit: @escaping () -> Void) {
        self.onSubscription = onSubscription
        self.onDeinit = onDeinit
    }

    deinit { onDeinit() }

    func receive(subscription: any Subscription) { onSubscription(subscription) }
    func receive(_ input: Int) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Never>) {}
}

/// A scheduler that records the options of every `schedule` call and runs the actions
/// when the test says so.
private final class OptionsRecordingScheduler: Scheduler, @unchecked Sendable {
    typealias SchedulerTimeType = VirtualTime
    typealias SchedulerOptions = String

    private let lock = NSLock()
    private var options: [String?] = []
    private var actions: [() -> Void] = []

    var scheduledOptions: [String?] { lock.withLock { options } }
    var now: VirtualTime { .zero }
    var minimumTolerance: VirtualTime.Stride { .zero }

    func schedule(options: String?, _ action: @escaping () -> Void) {
        lock.withLock {
            self.options.append(options)
            actions.append(action)
        }
    }

    func schedule(
        after date: VirtualTime, tolerance: VirtualTime.Stride, options: String?, _ action: @escaping () -> Void
    ) {
        schedule(options: options, action)
    }

    func schedule(
        after date: VirtualTime, interval: VirtualTime.Stride, tolerance: VirtualTime.Stride, options: String?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        schedule(options: options, action)
        return AnyCancellable {}
    }

    /// Runs the scheduled actions, and those they schedule, in order.
    func run() {
        while let action = lock.withLock({ actions.isEmpty ? nil : actions.removeFirst() }) {
            action()
        }
    }
}

@Suite struct SubscribeOnTests {
    @Test func subscribesOnTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>()
        [1, 2].publisher.subscribe(on: scheduler).subscribe(recorder)
        #expect(recorder.history.isEmpty, "the subscription happens on the scheduler")
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func requestsAndCancelsOnTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        [1, 2, 3].publisher.subscribe(on: scheduler).subscribe(recorder)
        scheduler.run()
        #expect(recorder.history == [.subscription])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription], "the request waits for the scheduler")
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1)])
        recorder.cancel()
        recorder.request(.max(5))
        scheduler.run()
        #expect(recorder.history == [.subscription, .value(1)])
    }

    @Test func forwardsFailure() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, TestError>()
        Fail<Int, TestError>(error: TestError.oops).subscribe(on: scheduler).subscribe(recorder)
        scheduler.run()
        #expect(recorder.history == [.subscription, .failure("oops")])
    }
}
