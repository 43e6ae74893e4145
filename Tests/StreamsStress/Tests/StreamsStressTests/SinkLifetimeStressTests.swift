import Dispatch
import Foundation
import Streams
import Testing

/// The sink that `sink(...)` makes takes itself away from its `AnyCancellable` when it
/// ends, reaching the cancellable without a reference: its completion racing the
/// cancellable being cancelled and released on other threads.
@Suite struct SinkLifetimeStressTests {
    /// Keeps a cancellable until a thread takes it (released outside the lock).
    final class Holder: @unchecked Sendable {
        private let lock = NSLock()
        private var cancellable: AnyCancellable?
        init(_ cancellable: AnyCancellable) { self.cancellable = cancellable }
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
