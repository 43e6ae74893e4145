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
