import Dispatch
import Foundation
import Streams
import Testing

/// A sink releases its closures when it ends, even while a value is being delivered to
/// them on another thread (the delivery releases them when it returns); and the sink that
/// `sink(...)` makes takes itself away from its `AnyCancellable` when it ends, reaching
/// the cancellable without a reference: its completion racing the cancellable being
/// cancelled and released on other threads.
@Suite struct SinkLifetimeStressTests {
    /// What a sink's closure captures: it notes its own deinit in `round`, and each use
    /// checks that it has not been freed (a closure called after its release would read
    /// freed memory, which ThreadSanitizer reports too).
    final class Capture: @unchecked Sendable {
        let round: RoundState
        init(_ round: RoundState) { self.round = round }
        deinit { round.markFreed() }
        func use() { round.checkAlive() }
    }

    /// One round's record, kept by the test: values received, whether the capture was
    /// freed, whether it was used after that.
    final class RoundState: @unchecked Sendable {
        private let lock = NSLock()
        private var freed = false
        private var received = 0
        private(set) var usedAfterFree = false
        func markFreed() { lock.withLock { freed = true } }
        func checkAlive() {
            lock.withLock {
                if freed { usedAfterFree = true }
                received += 1
            }
        }
        var isFreed: Bool { lock.withLock { freed } }
        var receivedCount: Int { lock.withLock { received } }
    }

    /// A sink of the test's own, kept alive by it: one thread delivers values straight
    /// into it (as a publisher would), another cancels it part way through.
    @Test func cancelFromAnotherThreadWhileValuesAreDelivered() {
        for round in 0..<3_000 {
            let state = RoundState()
            let sink: Subscribers.Sink<Int, Never>
            do {
                let capture = Capture(state)
                sink = Subscribers.Sink(
                    receiveCompletion: { _ in capture.use() },
                    receiveValue: { _ in
                        capture.use()
                        capture.use()
                    })
            }
            sink.receive(subscription: Subscriptions.empty)
            let cancelAfter = round % 7
            concurrently(2) { worker in
                if worker == 0 {
                    for value in 0..<50 { _ = sink.receive(value) }
                } else {
                    while state.receivedCount < cancelAfter * 2 {}
                    sink.cancel()
                }
            }
            withExtendedLifetime(sink) {
                #expect(state.isFreed, "round \(round): the cancelled sink let go of its closures")
            }
            #expect(!state.usedAfterFree, "round \(round): a closure ran after its release")
        }
    }

    /// The same through a subject and `sink(...)`'s cancellable, the subscription made
    /// on the test's thread, values sent on one thread, the cancel on another; and now
    /// and then the closure cancelling from inside.
    @Test func cancellableCancelledOnAnotherThreadWhileASubjectSends() {
        for round in 0..<3_000 {
            let state = RoundState()
            let subject = PassthroughSubject<Int, Never>()
            let holder = Holder(
                { () -> AnyCancellable in
                    let capture = Capture(state)
                    let cancelsInside = round % 5 == 0
                    let inside = Holder(nil)
                    let cancellable = subject.sink { value in
                        capture.use()
                        if cancelsInside, value == 10 { inside.take()?.cancel() }
                        capture.use()
                    }
                    inside.put(cancellable)
                    return cancellable
                }())
            concurrently(2) { worker in
                if worker == 0 {
                    for value in 0..<50 { subject.send(value) }
                } else {
                    while state.receivedCount < (round % 7) * 2 {}
                    holder.peek()?.cancel()
                }
            }
            #expect(state.isFreed, "round \(round): the cancelled sink let go of its closures")
            #expect(!state.usedAfterFree, "round \(round): a closure ran after its release")
            withExtendedLifetime(holder) {}
        }
    }

    /// Keeps a cancellable until a thread takes it (released outside the lock).
    final class Holder: @unchecked Sendable {
        private let lock = NSLock()
        private var cancellable: AnyCancellable?
        init(_ cancellable: AnyCancellable?) { self.cancellable = cancellable }
        func put(_ new: AnyCancellable) { lock.withLock { cancellable = new } }
        func take() -> AnyCancellable? {
            lock.withLock {
                defer { cancellable = nil }
                return cancellable
            }
        }
        func peek() -> AnyCancellable? { lock.withLock { cancellable } }
    }

    @Test func completionRacesTheCancellablesCancelAndRelease() {
        let alive = Tally()
        for round in 0..<2_000 {
            let subject = PassthroughSubject<Int, Never>()
            let tracked = Tracked(alive)
            let holder = Holder(
                subject.sink(receiveCompletion: { _ in _ = tracked }, receiveValue: { _ in _ = tracked }))
            concurrently(3) { worker in
                switch worker {
                case 0:
                    subject.send(round)
                    subject.send(completion: .finished)
                case 1: holder.peek()?.cancel()
                default: _ = holder.take()
                }
            }
        }
        #expect(alive.value == 0, "every sink, and what its closures captured, was freed")
    }
}
