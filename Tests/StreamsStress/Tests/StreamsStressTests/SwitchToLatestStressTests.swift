import Foundation
import Streams
import Testing

/// `switchToLatest` while one thread keeps switching to new inner subjects and others
/// keep sending into the newest and the one before it (so some values always race the
/// switch). What Combine guarantees, and what is checked:
///
/// - The subscriber is never called from two threads at once (the overlap detector, and
///   the subscriber's unsynchronised state, which ThreadSanitizer watches).
/// - Values arrive in generation order: once a value of inner *g* was delivered, no value
///   of an older inner follows.
/// - Once `send(inner g)` has returned, at most one value of an older inner still starts
///   being delivered: the one whose delivery was already decided when the switch
///   happened (decided, then the thread was preempted before the call). A second one
///   would mean a value of a cancelled inner was accepted after the switch.
/// - No demand is lost: at the end a fresh inner's value still arrives, and the stream
///   finishes exactly once.
@Suite struct SwitchToLatestStressTests {
    static let switches = 2_000
    static let feeders = 3
    static let sendsPerFeeder = 20_000

    @Test(arguments: [false, true])
    func switchingWhileInnersSendOnOtherThreads(oneAtATime: Bool) {
        let outer = PassthroughSubject<PassthroughSubject<Stamped, Never>, Never>()
        let inners = InnerList()
        let switched = SwitchCounter()
        let checker = GenerationChecker(switched: switched, oneAtATime: oneAtATime)
        outer.switchToLatest().subscribe(checker)
        let sent = Tally()
        let totalSends = Self.feeders * Self.sendsPerFeeder

        concurrently(1 + Self.feeders) { worker in
            if worker == 0 {
                for generation in 1...Self.switches {
                    // One switch per delivery, made while it is under way (as long as the
                    // feeders are sending): left alone, the switching would be over in a
                    // few milliseconds, before the feeders got going.
                    while checker.delivered.value < generation - 1, sent.value < totalSends { sched_yield() }
                    let inner = PassthroughSubject<Stamped, Never>()
                    inners.add(inner, generation: generation)
                    outer.send(inner)
                    switched.record(generation)
                }
            } else {
                // A fixed number of sends (not "until the switching stops"): a subject
                // queues what arrives while it delivers, so unbounded senders could
                // outrun the one delivering thread without limit.
                for sequence in 0..<Self.sendsPerFeeder {
                    let (generation, inner) = inners.pick(stale: sequence % 4 == 0)
                    inner.send(Stamped(generation: generation, sequence: sequence))
                    sent.add(1)
                }
            }
        }

        let last = PassthroughSubject<Stamped, Never>()
        let lastGeneration = Self.switches + 1
        outer.send(last)
        switched.record(lastGeneration)
        last.send(Stamped(generation: lastGeneration, sequence: 0))
        outer.send(completion: .finished)
        last.send(completion: .finished)

        #expect(!checker.overlap.overlapped, "no two calls to the subscriber overlapped")
        #expect(checker.outOfOrder == 0, "no value of an older inner after a newer one's")
        #expect(checker.acceptedAfterSwitch == 0, "no second value of a replaced inner after the switch")
        #expect(checker.lastGenerationSeen == lastGeneration, "demand carried over to the last inner")
        #expect(checker.completions == 1)
        #expect(checker.values > 1)
    }
}

/// A value tagged with its inner publisher's generation.
struct Stamped: Sendable {
    let generation: Int
    let sequence: Int
}

/// The inner subjects the feeders send into: the newest and the one before it.
final class InnerList: @unchecked Sendable {
    // `@unchecked`: guarded by `lock`.
    private let lock = NSLock()
    private var newest: (Int, PassthroughSubject<Stamped, Never>)?
    private var previous: (Int, PassthroughSubject<Stamped, Never>)?

    func add(_ inner: PassthroughSubject<Stamped, Never>, generation: Int) {
        lock.withLock {
            previous = newest
            newest = (generation, inner)
        }
    }

    /// The inner to send into next (`stale`: the replaced one, when there is one).
    func pick(stale: Bool) -> (Int, PassthroughSubject<Stamped, Never>) {
        lock.withLock {
            if stale, let previous { return previous }
            if let newest { return newest }
            return (0, PassthroughSubject())  // nothing subscribed yet: goes nowhere
        }
    }
}

/// The generation of the latest inner whose `send` into the outer publisher returned.
final class SwitchCounter: @unchecked Sendable {
    // `@unchecked`: guarded by `lock`.
    private let lock = NSLock()
    private var latest = 0
    func record(_ generation: Int) { lock.withLock { latest = generation } }
    var value: Int { lock.withLock { latest } }
}

/// The downstream: checks the ordering rules with plain, unsynchronised state (correct
/// only if calls never overlap, which is part of what is tested). With `oneAtATime` it
/// asks for one value at a time, so that demand must follow every switch.
final class GenerationChecker: Subscriber, @unchecked Sendable {
    typealias Input = Stamped
    typealias Failure = Never

    let overlap = OverlapDetector()
    /// The values received so far, readable while the test runs (paces the switching).
    let delivered = Tally()
    private let switched: SwitchCounter
    private let oneAtATime: Bool
    // Unsynchronised on purpose (see above); read after the threads have joined.
    private(set) var values = 0
    private(set) var completions = 0
    private(set) var lastGenerationSeen = 0
    private(set) var outOfOrder = 0
    private(set) var acceptedAfterSwitch = 0
    /// The latest switch that had completed when a value of an older inner started being
    /// delivered; any later value older than it is a violation.
    private var staleBound = 0

    init(switched: SwitchCounter, oneAtATime: Bool) {
        self.switched = switched
        self.oneAtATime = oneAtATime
    }

    func receive(subscription: any Subscription) {
        subscription.request(oneAtATime ? .max(1) : .unlimited)
    }

    func receive(_ input: Stamped) -> Subscribers.Demand {
        overlap.enter()
        // Counted on the way in: the switcher, waiting for it, then switches while this
        // delivery is still under way.
        delivered.add(1)
        let completedSwitch = switched.value
        values += 1
        if input.generation < lastGenerationSeen { outOfOrder += 1 }
        lastGenerationSeen = max(lastGenerationSeen, input.generation)
        if input.generation < staleBound { acceptedAfterSwitch += 1 }
        if input.generation < completedSwitch { staleBound = max(staleBound, completedSwitch) }
        // Stay inside for a moment, off the CPU: switches and other inners' sends then
        // land during deliveries often, not by rare luck.
        usleep(100)
        overlap.leave()
        return oneAtATime ? .max(1) : .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        overlap.enter()
        completions += 1
        overlap.leave()
    }
}
