import Foundation
import Streams
import Testing

/// Operators that hold values back until the downstream asks (`flatMap`, `buffer`), fed
/// from several threads while a subscriber asks for one value at a time: the subscriber
/// is never entered concurrently (its unsynchronised sum would race under TSan and differ
/// from the locked one), nothing is lost, and the completion comes once.
@Suite struct DemandOperatorStressTests {
    static let senders = 4
    static let sendsPerThread = 2_000

    @Test func flatMapWithOneValueAtATimeFromConcurrentInners() {
        let outer = PassthroughSubject<Int, Never>()
        let inners = (0..<Self.senders).map { _ in ControlledInner() }
        let subscriber = OneAtATimeCounter()
        outer.flatMap { inners[$0] }.subscribe(subscriber)
        for index in inners.indices { outer.send(index) }
        outer.send(completion: .finished)
        concurrently(Self.senders) { worker in
            for value in 1...Self.sendsPerThread { inners[worker].send(value) }
            inners[worker].finish()
        }
        let expected = Self.senders * (1...Self.sendsPerThread).reduce(0, +)
        #expect(subscriber.checkedSum.value == expected)
        #expect(subscriber.sum == expected)
        #expect(subscriber.completions == 1)
    }

    /// One inner publisher fails while the others keep sending from their threads: the
    /// values that arrive while the downstream receives the failure still reach it (as in
    /// Combine) but only after that call, never overlapping it or each other.
    @Test func flatMapFailingWhileInnersSendFromOtherThreads() {
        for _ in 0..<20 {
            let outer = PassthroughSubject<Int, TestFailure>()
            let inners = (0..<Self.senders).map { _ in PassthroughSubject<Int, TestFailure>() }
            let subscriber = SlowToCompleteRecorder()
            outer.flatMap { inners[$0] }.subscribe(subscriber)
            for index in inners.indices { outer.send(index) }
            concurrently(Self.senders) { worker in
                for value in 1...500 {
                    if worker == 0, value == 100 { inners[0].send(completion: .failure(TestFailure())) }
                    inners[worker].send(value)
                }
            }
            #expect(!subscriber.overlap.overlapped)
            #expect(subscriber.completions.value == 1)
        }
    }

    @Test func bufferWithConcurrentSendersAndOneValueAtATime() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = OneAtATimeCounter()
        let total = Self.senders * Self.sendsPerThread
        subject.buffer(size: total, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)
        concurrently(Self.senders) { _ in
            for value in 1...Self.sendsPerThread { subject.send(value) }
        }
        subject.send(completion: .finished)
        let expected = Self.senders * (1...Self.sendsPerThread).reduce(0, +)
        #expect(subscriber.checkedSum.value == expected)
        #expect(subscriber.sum == expected)
        #expect(subscriber.completions == 1)
    }
}

/// An inner publisher that sends whatever it is told, whatever its demand (as a
/// misbehaving or buffering-free source would), from the thread that tells it.
final class ControlledInner: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never
    private let lock = NSLock()
    private var subscriber: AnySubscriber<Int, Never>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        lock.withLock { self.subscriber = AnySubscriber(subscriber) }
        subscriber.receive(subscription: Subscriptions.empty)
    }

    func send(_ value: Int) {
        _ = lock.withLock { subscriber }?.receive(value)
    }

    func finish() {
        lock.withLock { subscriber }?.receive(completion: .finished)
    }
}

/// Asks for everything, and takes its time over the completion so that values sent from
/// other threads arrive meanwhile; notices overlapping calls.
final class SlowToCompleteRecorder: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = TestFailure
    let overlap = OverlapDetector()
    let completions = Tally()
    private var unsynchronisedCount = 0

    func receive(subscription: any Subscription) { subscription.request(.unlimited) }

    func receive(_ input: Int) -> Subscribers.Demand {
        overlap.enter()
        unsynchronisedCount += 1
        overlap.leave()
        return .none
    }

    func receive(completion: Subscribers.Completion<TestFailure>) {
        overlap.enter()
        completions.add(1)
        Thread.sleep(forTimeInterval: 0.001)
        unsynchronisedCount += 1
        overlap.leave()
    }
}
