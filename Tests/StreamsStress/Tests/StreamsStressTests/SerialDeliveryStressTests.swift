import Streams
import Testing

/// Combine's contract: the calls a publisher makes on one subscriber never overlap. The
/// stateful operators (`scan`, `reduce`, `collect`, `removeDuplicates` ...) keep their
/// state without a lock because of it. These tests send into one subject from several
/// threads at once; the subscribers below mutate plain, unsynchronised state, so any
/// overlap is a data race that ThreadSanitizer reports, and it usually also loses an
/// update, which the exact counts catch even without the sanitizer.
@Suite struct SerialDeliveryStressTests {
    static let senders = 4
    static let sendsPerThread = 20_000
    /// The sum of every value sent: each sender sends 1 ... sendsPerThread.
    static let expectedSum = senders * sendsPerThread * (sendsPerThread + 1) / 2

    /// One subscriber (the single-subscriber, unlimited-demand path of `send`) and two
    /// subscribers (the general path), on a PassthroughSubject.
    @Test(arguments: [1, 2])
    func passthroughSubjectSerialisesConcurrentSends(subscribers: Int) {
        let subject = PassthroughSubject<Int, Never>()
        let scanned = UnsynchronisedBox(0)
        let counted = UnsynchronisedBox(0)
        let overlap = OverlapDetector()
        let scanning = subject.scan(0) { $0 + $1 }.sink { total in
            overlap.enter()
            scanned.value = total
            overlap.leave()
        }
        let counting = subscribers > 1 ? subject.sink { _ in counted.value += 1 } : nil
        concurrently(Self.senders) { _ in
            for value in 1...Self.sendsPerThread { subject.send(value) }
        }
        #expect(!overlap.overlapped, "no two values were delivered to one subscriber at once")
        #expect(scanned.value == Self.expectedSum, "scan saw every value, one at a time")
        if subscribers > 1 {
            #expect(counted.value == Self.senders * Self.sendsPerThread)
        }
        scanning.cancel()
        counting?.cancel()
    }

    /// The same on a CurrentValueSubject, whose initial value counts once.
    @Test(arguments: [1, 2])
    func currentValueSubjectSerialisesConcurrentSends(subscribers: Int) {
        let subject = CurrentValueSubject<Int, Never>(0)
        let scanned = UnsynchronisedBox(0)
        let counted = UnsynchronisedBox(0)
        let scanning = subject.scan(0) { $0 + $1 }.sink { scanned.value = $0 }
        let counting = subscribers > 1 ? subject.sink { _ in counted.value += 1 } : nil
        concurrently(Self.senders) { _ in
            for value in 1...Self.sendsPerThread { subject.value = value }
        }
        #expect(scanned.value == Self.expectedSum)
        if subscribers > 1 {
            #expect(counted.value == 1 + Self.senders * Self.sendsPerThread)
        }
        scanning.cancel()
        counting?.cancel()
    }

    /// Limited demand, topped up from inside `receive`: the demand path serialises too.
    /// (Values that find no demand are dropped, so the count is not known in advance: the
    /// unsynchronised sum must match the one kept under a lock.)
    @Test func limitedDemandSubscriberIsEnteredSerially() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = OneAtATimeCounter()
        subject.subscribe(subscriber)
        concurrently(Self.senders) { _ in
            for value in 1...Self.sendsPerThread { subject.send(value) }
        }
        subject.send(completion: .finished)
        #expect(subscriber.sum == subscriber.checkedSum.value)
        #expect(subscriber.sum > 0)
        #expect(subscriber.completions == 1)
    }
}

/// A value that threads share without any synchronisation: correct only if the accesses
/// never overlap, which is what these tests check.
final class UnsynchronisedBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Requests one value at a time (always one more from `receive`), with unsynchronised
/// state, and the same sum kept under a lock to compare with.
final class OneAtATimeCounter: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never
    let checkedSum = Tally()
    var sum = 0
    var completions = 0

    func receive(subscription: any Subscription) { subscription.request(.max(1)) }
    func receive(_ input: Int) -> Subscribers.Demand {
        sum += input
        checkedSum.add(input)
        return .max(1)
    }
    func receive(completion: Subscribers.Completion<Never>) { completions += 1 }
}
