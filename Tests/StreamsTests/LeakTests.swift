import Foundation
import Streams
import Testing

@Suite(.serialized) struct LeakTests {
    final class Tracked: @unchecked Sendable {
        static let alive = LiveCount()
        init() { Tracked.alive.change(by: 1) }
        deinit { Tracked.alive.change(by: -1) }
    }

    final class LiveCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func change(by delta: Int) { lock.withLock { count += delta } }
        var value: Int { lock.withLock { count } }
    }

    /// A million subscribe/send/cancel cycles through a subject and a small pipeline
    /// leave no subscriber, closure context or subject behind.
    @Test func oneMillionSubscribeSendCancelCyclesLeaveNothingBehind() {
        let before = Tracked.alive.value
        weak var lastSubject: PassthroughSubject<Int, Never>?
        weak var lastTracked: Tracked?
        var delivered = 0
        for index in 0..<1_000_000 {
            let subject = PassthroughSubject<Int, Never>()
            let tracked = Tracked()
            let cancellable =
                subject
                .map { $0 + 1 }
                .filter { _ in true }
                .sink { [tracked] value in
                    _ = tracked
                    delivered += value
                }
            subject.send(index & 1)
            cancellable.cancel()
            if index == 999_999 {
                lastSubject = subject
                lastTracked = tracked
            }
        }
        #expect(delivered == 1_500_000)
        #expect(Tracked.alive.value == before)
        #expect(lastSubject == nil)
        #expect(lastTracked == nil)
    }

    /// Subscribers that never cancel are released by the subject as soon as it completes.
    @Test func completionReleasesSubscribers() {
        let before = Tracked.alive.value
        let subject = CurrentValueSubject<Int, Never>(0)
        for _ in 0..<100 {
            let tracked = Tracked()
            subject.subscribe(
                AnySubscriber<Int, Never>(
                    receiveSubscription: { $0.request(.unlimited) },
                    receiveValue: { _ in
                        _ = tracked
                        return .none
                    }))
        }
        #expect(Tracked.alive.value == before + 100)
        subject.send(completion: .finished)
        #expect(Tracked.alive.value == before)
    }
}
