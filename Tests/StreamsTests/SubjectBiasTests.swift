import Foundation
import TestWaiting
import Testing

@testable import Streams

/// A subject biased to its sending thread (`SubjectBias`, Linux) keeps every promise of
/// the locked protocol: each test runs once with the bias (the sending thread owns the
/// subject, which the test checks) and once with it given up (`forgoBias()`: the locked
/// protocol only). A test that holds a biased delivery inside `receive` checks what other
/// threads may do meanwhile: their values queue behind it and are delivered by the owner,
/// a cancel or completion waits for the call to return. (The many-thread version is the
/// stress suite's `SubjectBiasStressTests`, run under ThreadSanitizer.)
@Suite struct SubjectBiasTests {
    enum Mode: String, CaseIterable, Sendable {
        /// The sending thread owns the subject: its sends take no lock.
        case biased
        /// The bias given up before the first send: every send takes the lock.
        case locked
    }

    #if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
    /// The process is registered for `membarrier` when it loads, before it has used any
    /// subject: registering later, once the program has several threads, waits for an
    /// RCU grace period (13-17 ms), which stalled the first send of a multithreaded program.
    /// Checked in a fresh process: the heavy fence fails there unless registered.
    @Test func theHeavyFenceIsRegisteredBeforeAnySubjectIsUsed() async {
        await #expect(processExitsWith: .success) {
            exit(asymmetricFenceHeavy() == 0 ? EXIT_SUCCESS : EXIT_FAILURE)
        }
    }
    #endif

    /// Whether `mode` should leave the subject biased on this platform.
    static func expectsBias(_ mode: Mode) -> Bool {
        mode == .biased && SubjectCore<Int, Never>.biasIsSupported
    }

    /// Makes a passthrough subject in `mode`.
    static func subject(_ mode: Mode) -> PassthroughSubject<Int, Never> {
        let subject = PassthroughSubject<Int, Never>()
        if mode == .locked { subject.core.forgoBias() }
        return subject
    }

    /// "owner" on a thread running ``asOwner(_:)``, "other" elsewhere.
    static var thread: String { OwnerThreads.contains(pthread_self()) ? "owner" : "other" }

    /// Runs `body` as the thread the test calls the owner (it becomes the subject's owner
    /// by sending first).
    static func asOwner(_ body: () -> Void) {
        OwnerThreads.insert(pthread_self())
        body()
        OwnerThreads.remove(pthread_self())
    }

    #if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
    @Test func biasIsAvailableOnThisMachine() {
        // Otherwise every `.biased` run below would test the locked protocol twice.
        #expect(SubjectCore<Int, Never>.biasIsSupported, "membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) is usable")
    }
    #else
    /// Where the bias is not built (other platforms, or `STREAMS_NO_SUBJECT_BIAS`, which
    /// `make test` sets for its second run of these tests), no thread ever owns a subject.
    @Test func aSubjectIsNeverBiasedWhereTheBiasIsNotBuilt() {
        #expect(!SubjectCore<Int, Never>.biasIsSupported)
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.sink { received.append($0) }
        subject.send(1)
        subject.send(2)
        #expect(received == [1, 2])
        #expect(!subject.core.isBiasedToCurrentThread)
        #expect(!subject.core.isBiasRevoked)
        cancellable.cancel()
    }
    #endif

    // MARK: - Another thread during a biased delivery

    @Test(arguments: Mode.allCases)
    func valueSentFromAnotherThreadDuringABiasedDeliveryFollowsItOnTheOwnerThread(mode: Mode) {
        let subject = Self.subject(mode)
        let gate = DeliveryGate()
        let log = EventLog<String>()
        let owned = EventLog<Bool>()
        let cancellable = subject.sink { value in
            log.append("start \(value) \(Self.thread)")
            if value == 1 { gate.holdDelivery() }
            log.append("end \(value)")
        }
        gate.send {
            Self.asOwner {
                subject.send(0)  // the locked path: this thread becomes the owner
                owned.append(subject.core.isBiasedToCurrentThread)
                subject.send(1)
            }
        }
        gate.waitUntilHeld()
        subject.send(2)  // must neither wait for the owner nor call the subscriber here
        log.append("sent 2")
        gate.release()
        gate.waitForSender()

        #expect(owned.events == [Self.expectsBias(mode)])
        #expect(
            log.events == [
                "start 0 owner", "end 0", "start 1 owner", "sent 2", "end 1", "start 2 owner", "end 2",
            ])
        if Self.expectsBias(mode) {
            #expect(subject.core.isBiasRevoked, "the other thread's send revoked the bias")
        }
        cancellable.cancel()
    }

    @Test(arguments: Mode.allCases)
    func subscriberCancelledFromAnotherThreadDuringABiasedDeliveryIsReleasedAfterIt(mode: Mode) {
        let subject = Self.subject(mode)
        let gate = DeliveryGate()
        let log = EventLog<String>()
        let owned = EventLog<Bool>()
        nonisolated(unsafe) var subscription: (any Subscription)?
        do {
            let subscriber = BiasProbe(log: log) { value, _ in if value == 1 { gate.holdDelivery() } }
            subject.subscribe(subscriber)
            subscription = subscriber.subscription
        }
        gate.send {
            Self.asOwner {
                subject.send(0)
                owned.append(subject.core.isBiasedToCurrentThread)
                subject.send(1)
                subject.send(2)  // after the cancel: dropped
            }
        }
        gate.waitUntilHeld()
        subscription?.cancel()
        subscription = nil
        log.append("cancel returned")
        gate.release()
        gate.waitForSender()

        #expect(owned.events == [Self.expectsBias(mode)])
        #expect(
            log.events == [
                "value 0 owner", "returned 0", "value 1 owner", "cancel returned", "returned 1", "deinit",
            ])
    }

    @Test(arguments: Mode.allCases)
    func completionSentFromAnotherThreadDuringABiasedDeliveryFollowsIt(mode: Mode) {
        let subject = Self.subject(mode)
        let gate = DeliveryGate()
        let log = EventLog<String>()
        let owned = EventLog<Bool>()
        let subscriber = BiasProbe(log: log) { value, _ in if value == 1 { gate.holdDelivery() } }
        subject.subscribe(subscriber)
        gate.send {
            Self.asOwner {
                subject.send(0)
                owned.append(subject.core.isBiasedToCurrentThread)
                subject.send(1)
            }
        }
        gate.waitUntilHeld()
        subject.send(2)
        subject.send(completion: .finished)
        subject.send(3)  // after the completion: ignored
        log.append("completion sent")
        gate.release()
        gate.waitForSender()

        #expect(owned.events == [Self.expectsBias(mode)])
        #expect(
            log.events == [
                "value 0 owner", "returned 0", "value 1 owner", "completion sent", "returned 1",
                "value 2 owner", "returned 2", "finished owner",
            ])
    }

    @Test(arguments: Mode.allCases)
    func currentValueReadFromAnotherThreadDuringABiasedDeliveryIsTheValueBeingDelivered(mode: Mode) {
        let subject = CurrentValueSubject<Int, Never>(0)
        if mode == .locked { subject.core.forgoBias() }
        let gate = DeliveryGate()
        let log = EventLog<String>()
        let owned = EventLog<Bool>()
        let cancellable = subject.sink { value in
            log.append("value \(value) \(Self.thread)")
            if value == 2 { gate.holdDelivery() }
        }
        gate.send {
            Self.asOwner {
                subject.value = 1
                owned.append(subject.core.isBiasedToCurrentThread)
                subject.value = 2
            }
        }
        gate.waitUntilHeld()
        let read = subject.value
        subject.value = 3
        gate.release()
        gate.waitForSender()

        #expect(owned.events == [Self.expectsBias(mode)])
        #expect(read == 2)
        #expect(subject.value == 3)
        #expect(log.events == ["value 0 other", "value 1 owner", "value 2 owner", "value 3 owner"])
        cancellable.cancel()
    }

    /// After another thread revoked the bias, the former owner's sends take the lock and
    /// keep every rule: a value sent while it delivers still waits for it.
    @Test(arguments: Mode.allCases)
    func formerOwnerKeepsThePromisesAfterTheBiasIsRevoked(mode: Mode) {
        let subject = Self.subject(mode)
        let log = EventLog<String>()
        let gate = DeliveryGate()
        let second = DeliveryGate()
        let cancellable = subject.sink { value in
            log.append("start \(value) \(Self.thread)")
            if value == 10 {
                subject.send(11)  // re-entrant: after this receive returns
            }
            if value == 20 { second.holdDelivery() }
            log.append("end \(value)")
        }
        let owned = EventLog<Bool>()
        gate.send {
            Self.asOwner {
                subject.send(0)
                owned.append(subject.core.isBiasedToCurrentThread)
            }
        }
        gate.waitForSender()
        subject.send(1)  // from another thread: revokes
        #expect(!subject.core.isBiasedToCurrentThread)
        second.send {
            Self.asOwner {
                subject.send(10)
                subject.send(20)
            }
        }
        second.waitUntilHeld()
        subject.send(21)
        log.append("sent 21")
        second.release()
        second.waitForSender()

        #expect(owned.events == [Self.expectsBias(mode)])
        if Self.expectsBias(mode) {
            #expect(subject.core.isBiasRevoked)
        }
        #expect(
            log.events == [
                "start 0 owner", "end 0", "start 1 other", "end 1",
                "start 10 owner", "end 10", "start 11 owner", "end 11",
                "start 20 owner", "sent 21", "end 20", "start 21 owner", "end 21",
            ])
        cancellable.cancel()
    }

    // MARK: - Re-entrant calls from inside a biased delivery (the owner thread)

    @Test(arguments: Mode.allCases)
    func reentrantSendFromABiasedDeliveryIsQueuedBehindIt(mode: Mode) {
        let subject = Self.subject(mode)
        var log: [String] = []
        let cancellable = subject.sink { value in
            log.append("start \(value)")
            if value == 1 {
                subject.send(2)
                subject.send(3)
            }
            log.append("end \(value)")
        }
        subject.send(0)
        #expect(subject.core.isBiasedToCurrentThread == Self.expectsBias(mode))
        subject.send(1)
        subject.send(4)
        #expect(
            log == [
                "start 0", "end 0", "start 1", "end 1", "start 2", "end 2", "start 3", "end 3", "start 4", "end 4",
            ])
        #expect(subject.core.isBiasedToCurrentThread == Self.expectsBias(mode), "a re-entrant send keeps the bias")
        cancellable.cancel()
    }

    @Test(arguments: Mode.allCases)
    func subscriberCancellingInsideABiasedDeliveryIsReleasedAfterIt(mode: Mode) {
        let subject = Self.subject(mode)
        let log = EventLog<String>()
        weak var weakSubscriber: BiasProbe?
        do {
            let subscriber = BiasProbe(log: log) { value, probe in
                if value == 1 { probe.subscription?.cancel() }
            }
            weakSubscriber = subscriber
            subject.subscribe(subscriber)
        }
        subject.send(0)
        #expect(subject.core.isBiasedToCurrentThread == Self.expectsBias(mode))
        subject.send(1)
        subject.send(2)
        #expect(log.events == ["value 0 other", "returned 0", "value 1 other", "returned 1", "deinit"])
        #expect(weakSubscriber == nil)
    }

    @Test(arguments: Mode.allCases)
    func subscriberAddedInsideABiasedDeliveryGetsTheNextValues(mode: Mode) {
        let subject = Self.subject(mode)
        var first: [Int] = []
        var second: [Int] = []
        var added: AnyCancellable?
        let cancellable = subject.sink { value in
            first.append(value)
            if value == 1 {
                added = subject.sink { second.append($0) }
                subject.send(2)
            }
        }
        subject.send(0)
        #expect(subject.core.isBiasedToCurrentThread == Self.expectsBias(mode))
        subject.send(1)
        subject.send(3)
        #expect(first == [0, 1, 2, 3])
        #expect(second == [2, 3])
        cancellable.cancel()
        added?.cancel()
    }

    @Test(arguments: Mode.allCases)
    func requestInsideABiasedDeliveryKeepsTheOrder(mode: Mode) {
        let subject = Self.subject(mode)
        let log = EventLog<String>()
        let subscriber = BiasProbe(log: log) { value, probe in
            if value == 1 {
                probe.subscription?.request(.max(3))
                subject.send(2)
            }
        }
        subject.subscribe(subscriber)
        subject.send(0)
        #expect(subject.core.isBiasedToCurrentThread == Self.expectsBias(mode))
        subject.send(1)
        subject.send(3)
        #expect(
            log.events == [
                "value 0 other", "returned 0", "value 1 other", "returned 1", "value 2 other", "returned 2",
                "value 3 other", "returned 3",
            ])
        subscriber.subscription?.cancel()
    }

    @Test(arguments: Mode.allCases)
    func completionInsideABiasedDeliveryFollowsTheQueuedValues(mode: Mode) {
        let subject = Self.subject(mode)
        let log = EventLog<String>()
        let subscriber = BiasProbe(log: log) { value, _ in
            if value == 1 {
                subject.send(2)
                subject.send(completion: .finished)
                subject.send(3)
            }
        }
        subject.subscribe(subscriber)
        subject.send(0)
        #expect(subject.core.isBiasedToCurrentThread == Self.expectsBias(mode))
        subject.send(1)
        subject.send(4)
        #expect(
            log.events == [
                "value 0 other", "returned 0", "value 1 other", "returned 1", "value 2 other", "returned 2",
                "finished other",
            ])
    }
}

/// The threads running `SubjectBiasTests.asOwner(_:)` now (by `pthread_self()`; a
/// thread leaves the set before it ends, so a later thread that reuses its id is not in it).
enum OwnerThreads {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var threads: [pthread_t] = []

    static func insert(_ thread: pthread_t) { lock.withLock { threads.append(thread) } }
    static func remove(_ thread: pthread_t) { lock.withLock { threads.removeAll { pthread_equal($0, thread) != 0 } } }
    static func contains(_ thread: pthread_t) -> Bool {
        lock.withLock { threads.contains { pthread_equal($0, thread) != 0 } }
    }
}

/// A subscriber that logs each value (with the thread, see `SubjectBiasTests.thread`), the
/// end of each `receive` (after running `duringReceive`), its completion and its deinit.
/// Only its subscription keeps it alive once the test lets go of it.
final class BiasProbe: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    let log: EventLog<String>
    let duringReceive: (Int, BiasProbe) -> Void
    var subscription: (any Subscription)?

    init(log: EventLog<String>, duringReceive: @escaping (Int, BiasProbe) -> Void) {
        self.log = log
        self.duringReceive = duringReceive
    }

    deinit { log.append("deinit") }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        log.append("value \(input) \(SubjectBiasTests.thread)")
        duringReceive(input, self)
        log.append("returned \(input)")
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        log.append("finished \(SubjectBiasTests.thread)")
    }
}
