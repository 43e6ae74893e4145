import Dispatch
import Foundation
import Streams
import Testing

/// Several threads sending, subscribing and cancelling on the same subjects through the
/// scheduling and combining operators. Run under ThreadSanitizer with
/// `swift test --package-path Tests/StreamsStress --sanitize=thread` (as `make test`
/// does); the assertions check
/// the event contract (values only between subscription and completion, at most one
/// completion, nothing once a cancelled pipeline has settled, no overlapping deliveries).
///
/// "Nothing after cancel" is checked once the senders have stopped and the pipeline has
/// drained: an event already on its way when `cancel()` runs on another thread may still
/// arrive (as in Combine), since no lock is held while calling the subscriber.
@Suite struct AsyncOperatorStressTests {
    /// A subscriber that checks the contract itself, from any thread.
    final class ContractChecker: Subscriber, @unchecked Sendable {
        typealias Input = Int
        typealias Failure = Never
        // `@unchecked`: state is guarded by `lock`.
        private let lock = NSLock()
        private var subscription: (any Subscription)?
        private var completions = 0
        private var cancelled = false
        private var sealed = false
        private var violations: [String] = []
        private var values = 0
        private var eventsAtCancel: Int?
        private let overlap = OverlapDetector()
        /// Whether a cancel may come too late to stop what is already scheduled: Combine's
        /// `receive(on:)` and `delay` ignore a cancel once the upstream's completion has
        /// reached them, and deliver what they scheduled before that completion, then the
        /// completion.
        private let cancelMayFollowTheEnd: Bool

        init(cancelMayFollowTheEnd: Bool = false) {
            self.cancelMayFollowTheEnd = cancelMayFollowTheEnd
        }

        func receive(subscription: any Subscription) {
            // With subscribe(on:) the subscription can arrive after cancel() was called.
            let alreadyCancelled = lock.withLock {
                self.subscription = subscription
                return cancelled
            }
            if alreadyCancelled {
                subscription.cancel()
            } else {
                subscription.request(.unlimited)
            }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            overlap.enter()
            lock.withLock {
                values += 1
                if completions > 0 { violations.append("value after completion") }
                if sealed { violations.append("value after cancel, once settled") }
            }
            overlap.leave()
            return .none
        }

        func receive(completion: Subscribers.Completion<Never>) {
            lock.withLock {
                completions += 1
                if completions > 1 { violations.append("second completion") }
                if sealed { violations.append("completion after cancel, once settled") }
            }
        }

        /// Cancels (also a subscription that has not arrived yet).
        func cancel() {
            lock.withLock {
                cancelled = true
                return subscription
            }?.cancel()
            lock.withLock { eventsAtCancel = values + completions }
        }

        /// From now on, a cancelled checker must receive nothing.
        func sealIfCancelled() {
            lock.withLock { sealed = cancelled }
        }

        var problems: [String] {
            lock.withLock {
                var found = violations
                // Each sending thread may have had one event in flight when cancel ran.
                if let eventsAtCancel, values + completions - eventsAtCancel > AsyncOperatorStressTests.threads,
                    !(cancelMayFollowTheEnd && completions == 1)
                {
                    found.append("events kept arriving after cancel")
                }
                return found
            } + (overlap.overlapped ? ["overlapping deliveries"] : [])
        }
        var receivedCount: Int { lock.withLock { values } }
    }

    static let threads = 4
    private static let rounds = 200

    /// Runs `rounds` of: build a pipeline over fresh subjects, send from several threads
    /// while another cancels midway; returns all contract violations seen.
    private func stress(
        _ makePipeline: @escaping @Sendable ([PassthroughSubject<Int, Never>]) -> AnyPublisher<Int, Never>,
        drain: @escaping @Sendable () -> Void = {},
        cancelMayFollowTheEnd: Bool = false
    ) -> [String] {
        let problems = Collected<String>()
        for round in 0..<Self.rounds {
            let subjects = (0..<Self.threads).map { _ in PassthroughSubject<Int, Never>() }
            let checker = ContractChecker(cancelMayFollowTheEnd: cancelMayFollowTheEnd)
            let extras = Collected<ContractChecker>()
            makePipeline(subjects).subscribe(checker)
            let cancelAt = round % 3 == 0 ? 50 : Int.max
            DispatchQueue.concurrentPerform(iterations: Self.threads + 1) { index in
                if index == Self.threads {
                    // A thread that subscribes and cancels extra subscribers meanwhile.
                    for _ in 0..<10 {
                        let extra = ContractChecker(cancelMayFollowTheEnd: cancelMayFollowTheEnd)
                        makePipeline(subjects).subscribe(extra)
                        extra.cancel()
                        extras.append(extra)
                    }
                    return
                }
                for value in 0..<100 {
                    if index == 0 && value == cancelAt { checker.cancel() }
                    subjects[index].send(value)
                }
                subjects[index].send(completion: .finished)
            }
            drain()
            let all = [checker] + extras.items
            for subscriber in all { subscriber.sealIfCancelled() }
            // Anything still in flight for a cancelled subscriber would show up now.
            for subject in subjects { subject.send(-1) }
            drain()
            for subscriber in all {
                for problem in subscriber.problems { problems.append(problem) }
            }
        }
        return Array(Set(problems.items)).sorted()
    }

    @Test func merge() {
        #expect(stress { Publishers.MergeMany($0).eraseToAnyPublisher() }.isEmpty)
    }

    @Test func zip() {
        #expect(stress { $0[0].zip($0[1], $0[2], $0[3]).map { $0 + $1 + $2 + $3 }.eraseToAnyPublisher() }.isEmpty)
    }

    @Test func combineLatest() {
        #expect(
            stress { $0[0].combineLatest($0[1], $0[2], $0[3]).map { $0 + $1 + $2 + $3 }.eraseToAnyPublisher() }.isEmpty)
    }

    @Test func switchToLatest() {
        #expect(
            stress { subjects in
                Publishers.Sequence<[PassthroughSubject<Int, Never>], Never>(sequence: subjects).switchToLatest()
                    .eraseToAnyPublisher()
            }.isEmpty)
    }

    @Test func receiveOnAndSubscribeOn() {
        let queue = DispatchQueue(label: "AsyncOperatorStressTests.serial")
        #expect(
            stress(
                { Publishers.MergeMany($0).subscribe(on: queue).receive(on: queue).eraseToAnyPublisher() },
                drain: { queue.sync {} },
                cancelMayFollowTheEnd: true
            ).isEmpty)
    }

    @Test func delayAndDebounce() {
        let queue = DispatchQueue(label: "AsyncOperatorStressTests.timed")
        // Waits for every delivery already scheduled: a marker due after all of them (they
        // were due 10 µs after their send) runs after them on the serial queue, however late
        // a loaded machine fires the timers. (A fixed sleep missed the late ones, which then
        // arrived after the checkers were sealed.)
        let drain: @Sendable () -> Void = {
            let markerRan = DispatchGroup()
            markerRan.enter()
            queue.asyncAfter(deadline: .now() + .milliseconds(1)) { markerRan.leave() }
            markerRan.wait()
        }
        #expect(
            stress(
                { Publishers.MergeMany($0).delay(for: .microseconds(10), scheduler: queue).eraseToAnyPublisher() },
                drain: drain,
                cancelMayFollowTheEnd: true
            ).isEmpty)
        #expect(
            stress(
                { Publishers.MergeMany($0).debounce(for: .microseconds(10), scheduler: queue).eraseToAnyPublisher() },
                drain: drain
            ).isEmpty)
    }

    @Test func bufferedValuesFromManyThreads() async {
        let subject = PassthroughSubject<Int, Never>()
        var iterator = subject.values(bufferingPolicy: .unbounded).makeAsyncIterator()
        let consumer = Task {
            var count = 0
            while await iterator.next() != nil { count += 1 }
            return count
        }
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for value in 0..<2_000 { subject.send(value) }
        }
        subject.send(completion: .finished)
        #expect(await consumer.value == Self.threads * 2_000)
    }
}

/// A thread-safe list, for what several threads report.
private final class Collected<Item>: @unchecked Sendable {
    // `@unchecked`: `storage` is guarded by `lock`.
    private let lock = NSLock()
    private var storage: [Item] = []

    func append(_ item: Item) { lock.withLock { storage.append(item) } }
    var items: [Item] { lock.withLock { storage } }
}
