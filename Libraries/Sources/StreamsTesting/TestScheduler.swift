import Streams

/// A `Scheduler` whose clock only moves when you move it, so that time-based code runs
/// deterministically and instantly in tests, lessons and the REPL.
///
/// The clock starts at zero. Scheduled actions run on the thread that calls
/// ``advance(by:)``, ``advance(to:)`` or ``run()``, each at its own due time, in time
/// order; actions due at the same instant run in the order they were scheduled. An action
/// scheduled for a time that has passed runs at the current time.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let recording = scheduler.record(
///     scheduler.cold("-a-b|", values: ["a": 1, "b": 2])
///         .delay(for: .seconds(2), scheduler: scheduler)
/// )
/// scheduler.run()
/// recording.marbles  // "---1-2|"
/// ```
///
/// Strides read as on `DispatchQueue`'s scheduler: `delay(for: 2, scheduler: scheduler)`
/// and `.milliseconds(300)` both work. One marble frame (a `-` or a value in a diagram)
/// lasts ``frameDuration``: one virtual second unless the initialiser says otherwise.
public final class TestScheduler: Scheduler, @unchecked Sendable {
    // `@unchecked`: all mutable state is guarded by `lock`; actions run outside it.

    /// The clock's time type: nanoseconds since the clock started.
    public typealias SchedulerTimeType = VirtualTime
    /// A test scheduler takes no options.
    public typealias SchedulerOptions = Never

    private struct Entry {
        let sequence: Int
        var due: VirtualTime
        let interval: VirtualTime.Stride?
        let action: () -> Void
    }

    /// How long one marble frame lasts.
    public let frameDuration: VirtualTime.Stride

    private let lock = TestSchedulerLock()
    private var current = VirtualTime.zero
    private var entries: [Entry] = []
    private var nextSequence = 0
    private var registeredInputs: [MarbleInput] = []
    /// Mistakes in marbles built on this scheduler, kept for ``MarbleDiagram`` to show;
    /// nil (the default) stops the program at the first one instead.
    private var keptMarbleMistakes: [String]?

    /// Creates a scheduler whose clock reads zero; each marble frame lasts `frameDuration`
    /// (one second by default).
    public init(frameDuration: VirtualTime.Stride = .seconds(1)) {
        precondition(frameDuration > .zero, "A marble frame must last longer than zero.")
        self.frameDuration = frameDuration
    }

    /// The current virtual time.
    public var now: VirtualTime { lock.withLock { current } }

    /// From now on, a mistake in marbles is kept (see ``marbleMistakes``) and the publisher
    /// built from them publishes nothing, instead of stopping the program.
    func keepMarbleMistakes() { lock.withLock { keptMarbleMistakes = keptMarbleMistakes ?? [] } }

    /// The mistakes kept since ``keepMarbleMistakes()``, in order.
    var marbleMistakes: [String] { lock.withLock { keptMarbleMistakes ?? [] } }

    /// Keeps `mistake` when mistakes are kept; otherwise stops the program with it.
    /// `fatalError`, not `precondition`: its message is printed in optimised builds too.
    func report(marbleMistake mistake: String) {
        let kept = lock.withLock { () -> Bool in
            guard keptMarbleMistakes != nil else { return false }
            keptMarbleMistakes?.append(mistake)
            return true
        }
        if !kept { fatalError(mistake) }
    }

    /// Zero: virtual time is exact.
    public var minimumTolerance: VirtualTime.Stride { .zero }

    /// The marble frame the clock is in: ``now`` divided by ``frameDuration``, rounded down.
    public var frame: Int { frame(of: now) }

    /// The marble frame `time` falls in.
    public func frame(of time: VirtualTime) -> Int {
        let (quotient, remainder) = time.nanoseconds.quotientAndRemainder(dividingBy: frameDuration.nanoseconds)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The moment marble frame `frame` starts.
    public func time(ofFrame frame: Int) -> VirtualTime {
        VirtualTime(nanoseconds: frame.multipliedClamped(by: frameDuration.nanoseconds))
    }

    /// How many actions are waiting (a repeating action counts once).
    public var scheduledCount: Int { lock.withLock { entries.count } }

    /// Schedules `action` to run at the current time, after what is already due now.
    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        _ = add(due: nil, interval: nil, action)
    }

    /// Schedules `action` to run at `date` (at the current time if `date` has passed).
    public func schedule(
        after date: VirtualTime,
        tolerance: VirtualTime.Stride,
        options: Never?,
        _ action: @escaping () -> Void
    ) {
        _ = add(due: date, interval: nil, action)
    }

    /// Schedules `action` to run at `date` and then every `interval` until the returned
    /// value is cancelled. An interval of zero or less repeats one nanosecond later.
    public func schedule(
        after date: VirtualTime,
        interval: VirtualTime.Stride,
        tolerance: VirtualTime.Stride,
        options: Never?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        let sequence = add(due: date, interval: max(interval, .nanoseconds(1)), action)
        return AnyCancellable { [weak self] in
            guard let self else { return }
            let removed = self.lock.withLock { () -> [Entry] in
                let removed = self.entries.filter { $0.sequence == sequence }
                self.entries.removeAll { $0.sequence == sequence }
                return removed
            }
            _fixLifetime(removed)  // the action's captures are released after unlocking
        }
    }

    private func add(due: VirtualTime?, interval: VirtualTime.Stride?, _ action: @escaping () -> Void) -> Int {
        lock.withLock {
            nextSequence += 1
            entries.append(
                Entry(sequence: nextSequence, due: max(due ?? current, current), interval: interval, action: action))
            return nextSequence
        }
    }

    /// Moves the clock forward by `stride` (zero by default: runs what is due now), running
    /// every action that falls due on the way at its own time.
    public func advance(by stride: VirtualTime.Stride = .zero) {
        advance(to: now.advanced(by: stride))
    }

    /// Moves the clock forward to `time`, running every action due until then at its own
    /// time, including actions those actions schedule. A time in the past changes nothing:
    /// the clock never goes back.
    public func advance(to time: VirtualTime) {
        while let entry = takeNext(notAfter: time) {
            entry.action()
        }
        lock.withLock { current = max(current, time) }
    }

    /// Runs scheduled actions, moving the clock to each one's time, until nothing is
    /// scheduled.
    ///
    /// A repeating action (``schedule(after:interval:tolerance:options:_:)``) that is never
    /// cancelled keeps the clock going forever: stop such a run with ``run(until:stoppingWhen:)`` or
    /// ``advance(to:)``.
    public func run() {
        while let entry = takeNext(notAfter: nil) {
            entry.action()
        }
    }

    /// Runs scheduled actions due no later than `limit`, moving the clock to each one's
    /// time, and stops when nothing is left before `limit` or when `stop` returns true after
    /// an action; unlike ``advance(to:)`` it leaves the clock at the last action's time.
    public func run(until limit: VirtualTime, stoppingWhen stop: () -> Bool = { false }) {
        while let entry = takeNext(notAfter: limit) {
            entry.action()
            if stop() { return }
        }
    }

    /// Removes the earliest action due no later than `limit` (any time when nil) and moves
    /// the clock to its time; a repeating action goes back in for its next time.
    private func takeNext(notAfter limit: VirtualTime?) -> Entry? {
        lock.withLock {
            var earliest: Int?
            for index in entries.indices {
                guard let best = earliest else {
                    earliest = index
                    continue
                }
                let candidate = entries[index]
                let current = entries[best]
                if (candidate.due, candidate.sequence) < (current.due, current.sequence) { earliest = index }
            }
            guard let index = earliest, limit.map({ entries[index].due <= $0 }) ?? true else { return nil }
            let entry = entries[index]
            current = max(current, entry.due)
            if let interval = entry.interval {
                // Keeps its sequence number: the cancel token finds it by that, and among
                // actions due at one instant it keeps its place from when it was scheduled.
                entries[index].due = entry.due.advanced(by: interval)
            } else {
                entries.remove(at: index)
            }
            return entry
        }
    }

    /// Records `input` as one line of the diagrams ``MarbleDiagram`` draws.
    func register(_ input: MarbleInput) {
        lock.withLock { registeredInputs.append(input) }
    }

    /// The publishers built from marbles on this scheduler, in the order they were built.
    var inputs: [MarbleInput] { lock.withLock { registeredInputs } }
}
