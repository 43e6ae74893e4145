import Foundation
import Pipelines
import Streams
import TestWaiting
import Testing

/// An upstream driven by hand: records what is asked of it and whether it was cancelled.
private final class ManualUpstream: Publisher, Subscription, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = TestError

    var subscriber: AnySubscriber<Int, TestError>?
    var requests: [Subscribers.Demand] = []
    var cancelled = false

    /// What the subscriber may still receive: its requests plus what `send` returned.
    var outstanding = Subscribers.Demand.none

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: self)
    }

    /// Runs inside `request`, after the demand is recorded: lets a test send re-entrantly.
    var onRequest: (() -> Void)?

    func request(_ demand: Subscribers.Demand) {
        requests.append(demand)
        outstanding += demand
        onRequest?()
    }

    func cancel() {
        cancelled = true
    }

    /// Sends `value`, checking that it was asked for.
    func send(_ value: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outstanding > 0, "the upstream sent \(value) without demand", sourceLocation: sourceLocation)
        outstanding -= 1
        outstanding += subscriber!.receive(value)
    }

    func send(completion: Subscribers.Completion<TestError>) {
        subscriber!.receive(completion: completion)
    }
}

/// The completion events in `recorder`'s history.
private func completions(of recorder: Recorder<Int, TestError>) -> [Event<Int>] {
    recorder.history.filter { event in
        switch event {
        case .finished, .failure: true
        case .subscription, .value: false
        }
    }
}

@Suite struct ThroughTests {
    let evensDoubled = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }.map { $0 * 2 }

    @Test func runsThePipelineOverASubject() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.through(evensDoubled).sink { received.append($0) }
        for value in 1...4 {
            subject.send(value)
        }
        #expect(received == [4, 8])
        cancellable.cancel()
    }

    @Test func givesTheSameResultAsRunningOverTheSequence() {
        let pipeline = Pipeline<Int, Int>()
            .flatMap { (value: Int) -> [Int] in [value, -value] }
            .compactMap { (value: Int) -> Int? in value > -3 ? value : nil }
            .drop(while: { $0 < 2 })
            .scan(0, +)
            .dropFirst()
            .prefix(while: { $0 < 40 })
        let input = Array(1...12)
        var received: [Int] = []
        var finished = false
        let cancellable = input.publisher.through(pipeline).sink(
            receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
        #expect(received == pipeline.run(input))
        #expect(!received.isEmpty)
        #expect(finished)
        cancellable.cancel()
    }

    @Test func eachSubscriptionRunsAfresh() {
        let subject = PassthroughSubject<Int, Never>()
        let totals = subject.through(Pipeline<Int, Int>().scan(0, +).prefix(3))
        var first: [Int] = []
        var second: [Int] = []
        let one = totals.sink { first.append($0) }
        subject.send(1)
        subject.send(2)
        let two = totals.sink { second.append($0) }
        subject.send(3)
        subject.send(4)
        subject.send(5)
        #expect(first == [1, 3, 6])
        #expect(second == [3, 7, 12])
        one.cancel()
        two.cancel()
    }

    @Test func finishesAndCancelsTheUpstreamWhenPrefixIsDone() {
        let upstream = ManualUpstream()
        let recorder = Recorder<Int, TestError>(initialDemand: .unlimited)
        upstream.through(Pipeline<Int, Int>().map { $0 + 1 }.prefix(2)).subscribe(recorder)
        upstream.send(1)
        #expect(!upstream.cancelled)
        upstream.send(2)
        #expect(upstream.cancelled)
        #expect(recorder.values == [2, 3])
        #expect(completions(of: recorder) == [.finished])
    }

    @Test func prefixZeroFinishesWithoutAskingForAnything() {
        let upstream = ManualUpstream()
        let recorder = Recorder<Int, TestError>(initialDemand: .max(3))
        upstream.through(Pipeline<Int, Int>().prefix(0)).subscribe(recorder)
        #expect(upstream.cancelled)
        #expect(upstream.requests.isEmpty)
        #expect(completions(of: recorder) == [.finished])
    }

    @Test func droppedValuesAreAskedForAgain() {
        let upstream = ManualUpstream()
        let recorder = Recorder<Int, TestError>(initialDemand: .max(2))
        upstream.through(evensDoubled).subscribe(recorder)
        #expect(upstream.requests == [.max(2)])
        upstream.send(1)
        #expect(upstream.outstanding == .max(2))  // the dropped 1's unit was asked again, no more
        for value in 2...4 {
            upstream.send(value)  // checks each send had demand
        }
        #expect(recorder.values == [4, 8])
        #expect(upstream.outstanding == .none)  // two values in, two dropped and re-asked, done
    }

    @Test func multipliedValuesWaitForDemand() {
        let upstream = ManualUpstream()
        let recorder = Recorder<Int, TestError>(initialDemand: .max(1))
        upstream.through(Pipeline<Int, Int>().flatMap { (value: Int) -> [Int] in [value, value * 10, value * 100] })
            .subscribe(recorder)
        upstream.send(1)
        #expect(recorder.values == [1])
        #expect(upstream.outstanding == .none)

        recorder.request(.max(1))
        #expect(recorder.values == [1, 10])
        #expect(upstream.outstanding == .none)  // 100 is still waiting: nothing asked upstream

        recorder.request(.max(2))
        #expect(recorder.values == [1, 10, 100])
        #expect(upstream.outstanding == .max(1))  // the demand left over goes upstream
        upstream.send(2)
        #expect(recorder.values == [1, 10, 100, 2])
    }

    @Test func completionWaitsForQueuedValues() {
        let upstream = ManualUpstream()
        let recorder = Recorder<Int, TestError>(initialDemand: .max(1))
        upstream.through(Pipeline<Int, Int>().flatMap { [$0, $0] }).subscribe(recorder)
        upstream.send(5)
        upstream.send(completion: .finished)
        #expect(recorder.values == [5])
        #expect(completions(of: recorder).isEmpty)
        recorder.request(.max(1))
        #expect(recorder.values == [5, 5])
        #expect(completions(of: recorder) == [.finished])
    }

    @Test func reentrantSendsKeepTheOrderOfASequenceRun() {
        // Every request makes the upstream send the next value at once, from inside the
        // delivery that asked for it; after the last value it finishes, also at once.
        let upstream = ManualUpstream()
        var next = 1
        upstream.onRequest = {
            guard next <= 3 else { return }
            next += 1
            upstream.send(next - 1)
            if next > 3 {
                upstream.send(completion: .finished)
            }
        }
        let recorder = Recorder<Int, TestError>(initialDemand: .max(1))
        recorder.onValue = { _ in recorder.request(.max(1)) }
        let pipeline = Pipeline<Int, Int>().flatMap { (value: Int) -> [Int] in [value, value * 10] }
        upstream.through(pipeline).subscribe(recorder)
        #expect(recorder.values == pipeline.run([1, 2, 3]))
        #expect(completions(of: recorder) == [.finished])
        recorder.onValue = nil
    }

    @Test func failuresPassThrough() {
        let upstream = ManualUpstream()
        let recorder = Recorder<Int, TestError>(initialDemand: .unlimited)
        upstream.through(evensDoubled).subscribe(recorder)
        upstream.send(2)
        upstream.send(completion: .failure(TestError.oops))
        #expect(recorder.values == [4])
        #expect(completions(of: recorder) == [.failure("oops")])
    }

    @Test func cancellingStopsDeliveryAndCancelsTheUpstream() {
        let upstream = ManualUpstream()
        let recorder = Recorder<Int, TestError>(initialDemand: .unlimited)
        upstream.through(evensDoubled).subscribe(recorder)
        upstream.send(2)
        recorder.cancel()
        #expect(upstream.cancelled)
        upstream.send(4)
        #expect(recorder.values == [4])
        #expect(completions(of: recorder).isEmpty)
    }

    @Test func prefixStopsAnInfiniteSequencePublisher() {
        var received: [Int] = []
        let cancellable = (1...).publisher.through(Pipeline<Int, Int>().filter { $0.isMultiple(of: 3) }.prefix(3))
            .sink { received.append($0) }
        #expect(received == [3, 6, 9])
        cancellable.cancel()
    }
}

/// Receives on whatever thread the upstream sends from and asks for each next value from
/// another thread, so that `request` races the upstream's sends.
private final class CrossThreadRequester: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    private let lock = NSLock()
    private var subscription: (any Subscription)?
    private var values: [Int] = []
    private var overDelivered = false
    private var granted = 0
    let done = Signal()
    private let initialRequests: Int

    init(initialRequests: Int) {
        self.initialRequests = initialRequests
    }

    func receive(subscription: any Subscription) {
        lock.withLock { self.subscription = subscription }
        // Several first requests at once, from several threads, so that requests and
        // deliveries overlap for the rest of the run.
        for _ in 0..<initialRequests {
            DispatchQueue.global().async { self.requestOne() }
        }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        lock.withLock {
            if granted == 0 { overDelivered = true }
            granted -= 1
            values.append(input)
        }
        DispatchQueue.global().async { self.requestOne() }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        done.signal()
    }

    private func requestOne() {
        let subscription = lock.withLock {
            granted += 1
            return self.subscription
        }
        subscription?.request(.max(1))
    }

    var result: (values: [Int], overDelivered: Bool) {
        lock.withLock { (values, overDelivered) }
    }
}

@Suite struct ThroughConcurrencyTests {
    @Test func deliversEverythingInOrderWhenDemandComesFromOtherThreads() {
        let requester = CrossThreadRequester(initialRequests: 4)
        let input = Array(0..<2_000)
        let pipeline = Pipeline<Int, Int>()
            .flatMap { (value: Int) -> [Int] in [value, value] }
            .filter { $0 % 3 != 1 }
        input.publisher.through(pipeline).subscribe(requester)
        #expect(requester.done.wait())
        let (values, overDelivered) = requester.result
        #expect(values == pipeline.run(input))
        #expect(!overDelivered)
    }
}
