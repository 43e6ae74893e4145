import Dispatch
import Foundation
import Streams
import Testing

/// Several threads sending, subscribing, requesting and cancelling on the same subjects
/// and pipelines. Run under ThreadSanitizer (see Package.swift): a data race anywhere in
/// Streams fails the run even when every assertion holds.
@Suite struct StreamsStressTests {
    /// Subject -> map -> filter -> sink: four senders while four threads subscribe and
    /// cancel sinks over and over.
    @Test func sendersSubscribersAndCancellersOnOneSubject() {
        let subject = PassthroughSubject<Int, Never>()
        let permanent = Tally()
        let keeper = subject.map { $0 * 2 }.filter { $0 >= 0 }.sink { _ in permanent.add(1) }
        let transient = Tally()
        let sendsPerThread = 20_000
        concurrently(8) { worker in
            if worker < 4 {
                for value in 0..<sendsPerThread { subject.send(value) }
            } else {
                for _ in 0..<2_000 {
                    let cancellable = subject.map { $0 + 1 }.sink { _ in transient.add(1) }
                    cancellable.cancel()
                }
            }
        }
        #expect(permanent.value == 4 * sendsPerThread, "the long-lived subscriber sees every value")
        keeper.cancel()
    }

    /// Completion racing cancellation and sends: every subscriber sees at most one
    /// completion and nothing after it.
    @Test func completionRacesCancelAndSend() {
        for _ in 0..<300 {
            let subject = PassthroughSubject<Int, TestFailure>()
            let recorders = (0..<4).map { _ in ConcurrentRecorder<TestFailure>() }
            for recorder in recorders { subject.subscribe(recorder) }
            concurrently(4) { worker in
                switch worker {
                case 0: subject.send(completion: .failure(TestFailure()))
                case 1: subject.send(completion: .finished)
                case 2: recorders[0].cancel()
                default: for value in 0..<50 { subject.send(value) }
                }
            }
            for recorder in recorders {
                #expect(recorder.completions <= 1)
                #expect(!recorder.receivedAfterCompletion)
            }
            #expect(recorders[1].completions == 1)
        }
    }

    /// CurrentValueSubject: concurrent writes, reads, limited demand and requests from
    /// other threads.
    @Test func currentValueSubjectUnderConcurrentDemand() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let recorders = (0..<4).map { _ in ConcurrentRecorder<Never>(initialDemand: .max(1)) }
        for recorder in recorders { subject.subscribe(recorder) }
        concurrently(8) { worker in
            for step in 0..<5_000 {
                switch worker % 3 {
                case 0: subject.value = step
                case 1: _ = subject.value
                default: recorders[worker % 4].request(.max(1))
                }
            }
        }
        subject.send(completion: .finished)
        for recorder in recorders {
            #expect(recorder.completions == 1)
            #expect(recorder.valueCount >= 1, "the current value arrives at the first demand")
        }
    }

    /// share(): subscribers come and go on several threads while the upstream sends.
    @Test func shareWithSubscribersComingAndGoing() {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.map { $0 + 1 }.share()
        let received = Tally()
        concurrently(6) { worker in
            if worker < 2 {
                for value in 0..<10_000 { subject.send(value) }
            } else {
                for _ in 0..<1_000 {
                    let cancellable = shared.sink { _ in received.add(1) }
                    cancellable.cancel()
                }
            }
        }
        subject.send(completion: .finished)
    }

    /// flatMap merging inner subjects fed from several threads: the downstream is never
    /// entered concurrently and receives every value.
    @Test func flatMapSerialisesConcurrentInners() {
        let outer = PassthroughSubject<Int, Never>()
        let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let overlap = OverlapDetector()
        let count = Tally()
        let cancellable = outer.flatMap { inners[$0] }.sink { _ in
            overlap.enter()
            count.add(1)
            overlap.leave()
        }
        for index in inners.indices { outer.send(index) }
        concurrently(4) { worker in
            for value in 0..<5_000 { inners[worker].send(value) }
        }
        #expect(count.value == 20_000)
        #expect(!overlap.overlapped)
        cancellable.cancel()
    }

    /// Future fulfilled while subscribers arrive on other threads: each gets exactly one
    /// value and one completion.
    @Test func futureFulfilledWhileSubscribing() {
        for _ in 0..<200 {
            let promiseBox = PromiseBox()
            let future = Future<Int, Never> { promiseBox.store($0) }
            let recorders = (0..<3).map { _ in ConcurrentRecorder<Never>() }
            concurrently(4) { worker in
                if worker == 3 {
                    promiseBox.fulfil(7)
                } else {
                    future.subscribe(recorders[worker])
                }
            }
            for recorder in recorders {
                #expect(recorder.valueCount == 1)
                #expect(recorder.completions == 1)
            }
        }
    }

    /// AnyCancellable cancelled from several threads at once runs its action once.
    @Test func anyCancellableCancelsOnce() {
        for _ in 0..<200 {
            let runs = Tally()
            let cancellable = AnyCancellable { runs.add(1) }
            concurrently(4) { _ in cancellable.cancel() }
            #expect(runs.value == 1)
        }
    }

    /// A subscriber whose deinit sends into the subject it was subscribed to: releasing it
    /// happens outside every lock, so this neither deadlocks nor crashes.
    @Test func deinitThatSendsDoesNotDeadlock() {
        let subject = PassthroughSubject<Int, Never>()
        concurrently(4) { _ in
            for _ in 0..<1_000 {
                let reporter = DeinitSender(subject: subject)
                let cancellable = subject.sink { _ in _ = reporter }
                subject.send(1)
                cancellable.cancel()
            }
        }
        subject.send(completion: .finished)
    }

    /// A million subscribe/send/cancel cycles across four threads leave no object behind.
    @Test func subscribeSendCancelCyclesLeakNothing() {
        let alive = Tally()
        concurrently(4) { _ in
            for value in 0..<25_000 {
                let subject = PassthroughSubject<Int, Never>()
                let tracked = Tracked(alive)
                let cancellable = subject.map { $0 + 1 }.sink { _ in _ = tracked }
                subject.send(value)
                cancellable.cancel()
            }
        }
        #expect(alive.value == 0)
    }
}

// MARK: - Fixtures

/// Runs `body(0) ... body(count - 1)` on `count` fresh threads that are released together,
/// so that their work really overlaps (`DispatchQueue.concurrentPerform` may run short
/// iterations one after another on the calling thread), and waits for all of them.
func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let ready = DispatchSemaphore(value: 0)
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        let thread = Thread {
            ready.signal()
            start.wait()
            body(index)
            done.leave()
        }
        thread.start()
    }
    for _ in 0..<count { ready.wait() }
    for _ in 0..<count { start.signal() }
    done.wait()
}

struct TestFailure: Error {}

/// A counter safe to bump from any thread.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add(_ delta: Int) { lock.withLock { count += delta } }
    var value: Int { lock.withLock { count } }
}

/// Counts itself alive in a ``Tally``.
final class Tracked: @unchecked Sendable {
    let tally: Tally
    init(_ tally: Tally) {
        self.tally = tally
        tally.add(1)
    }
    deinit { tally.add(-1) }
}

/// Notices if two threads are inside the same region at once.
final class OverlapDetector: @unchecked Sendable {
    private let lock = NSLock()
    private var inside = 0
    private(set) var overlapped = false
    func enter() {
        lock.withLock {
            inside += 1
            if inside > 1 { overlapped = true }
        }
    }
    func leave() { lock.withLock { inside -= 1 } }
}

/// Holds a future's promise so another thread can fulfil it.
final class PromiseBox: @unchecked Sendable {
    private let lock = NSLock()
    private var promise: Future<Int, Never>.Promise?
    func store(_ promise: @escaping Future<Int, Never>.Promise) { lock.withLock { self.promise = promise } }
    func fulfil(_ value: Int) { lock.withLock { promise }?(.success(value)) }
}

/// Sends into a subject from its deinit.
final class DeinitSender: @unchecked Sendable {
    let subject: PassthroughSubject<Int, Never>
    init(subject: PassthroughSubject<Int, Never>) { self.subject = subject }
    deinit { subject.send(-1) }
}

/// A thread-safe recording subscriber that checks the completion rules as it goes.
final class ConcurrentRecorder<Failure: Error>: Subscriber, @unchecked Sendable {
    typealias Input = Int

    private let lock = NSLock()
    private let initialDemand: Subscribers.Demand
    private var subscription: (any Subscription)?
    private var values = 0
    private var completionCount = 0
    private var lateEvent = false

    init(initialDemand: Subscribers.Demand = .unlimited) {
        self.initialDemand = initialDemand
    }

    var valueCount: Int { lock.withLock { values } }
    var completions: Int { lock.withLock { completionCount } }
    var receivedAfterCompletion: Bool { lock.withLock { lateEvent } }

    func request(_ demand: Subscribers.Demand) { lock.withLock { subscription }?.request(demand) }
    func cancel() { lock.withLock { subscription }?.cancel() }

    func receive(subscription: any Subscription) {
        lock.withLock { self.subscription = subscription }
        subscription.request(initialDemand)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        lock.withLock {
            if completionCount > 0 { lateEvent = true }
            values += 1
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock {
            if completionCount > 0 { lateEvent = true }
            completionCount += 1
            subscription = nil
        }
    }
}
