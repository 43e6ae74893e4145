import Foundation

/// A run loop is a scheduler: actions run when the run loop next runs, timed ones through
/// `Timer`s added in the default mode.
///
/// On Linux a run loop only processes work while some thread is running it: in a
/// command-line program nothing scheduled on `RunLoop.main` happens until the program
/// calls `RunLoop.main.run()` (or `run(until:)`), and a background thread's
/// `RunLoop.current` likewise needs that thread to run it. A program that parks its main
/// thread in `dispatchMain()` never runs the main run loop: what it schedules on
/// `RunLoop.main` never runs, and nothing says so. Prefer `DispatchQueue` there.
/// Run loops are not thread-safe objects: schedule on a run loop from its own thread, or
/// from any thread but only through this conformance (which uses the thread-safe
/// `perform(_:)` and `add(_:forMode:)`).
extension RunLoop: Scheduler {
    /// A moment in time as a run loop scheduler sees it: a wrapper around `Date`.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// The date this value represents.
        public var date: Date

        /// Creates a scheduler time from a date.
        public init(_ date: Date) {
            self.date = date
        }

        /// The interval from this time to `other`; negative when `other` is earlier.
        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(other.date.timeIntervalSince(date))
        }

        /// The time `n` after this one (before it when `n` is negative).
        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(date.addingTimeInterval(n.timeInterval))
        }

        /// The distance between two run loop times, in seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
            ExpressibleByFloatLiteral, Hashable, Codable, Sendable
        {
            /// Integer literals are whole seconds.
            public typealias IntegerLiteralType = TimeInterval
            /// Float literals are seconds.
            public typealias FloatLiteralType = TimeInterval
            /// The magnitude is the signed number of seconds.
            public typealias Magnitude = TimeInterval

            /// The interval in seconds (negative for a backwards interval).
            public var magnitude: TimeInterval

            /// The interval in seconds; the same as `magnitude`.
            public var timeInterval: TimeInterval { magnitude }

            /// Creates a stride of `timeInterval` seconds.
            public init(_ timeInterval: TimeInterval) {
                magnitude = timeInterval
            }

            /// Creates a stride of `value` seconds.
            public init(integerLiteral value: TimeInterval) {
                magnitude = value
            }

            /// Creates a stride of `value` seconds.
            public init(floatLiteral value: TimeInterval) {
                magnitude = value
            }

            /// Creates a stride of `source` seconds, or `nil` when a `Double` cannot hold
            /// that integer exactly.
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let seconds = TimeInterval(exactly: source) else { return nil }
                magnitude = seconds
            }

            /// A stride of `s` whole seconds.
            public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
            /// A stride of `s` seconds.
            public static func seconds(_ s: Double) -> Stride { Stride(s) }
            /// A stride of `ms` milliseconds.
            public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1_000) }
            /// A stride of `us` microseconds.
            public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1_000_000) }
            /// A stride of `ns` nanoseconds.
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(TimeInterval(ns) / 1_000_000_000) }

            /// Orders strides by length.
            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            /// The sum of two strides.
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
            /// The difference of two strides.
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
            /// The product of two strides' second counts.
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
            /// Adds `rhs` to `lhs`.
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            /// Subtracts `rhs` from `lhs`.
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            /// Multiplies `lhs` by `rhs`.
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
    }

    /// Run loop scheduling takes no options; the type exists for Combine compatibility.
    public struct SchedulerOptions: Sendable {}

    /// The current date as a scheduler time.
    public var now: SchedulerTimeType {
        SchedulerTimeType(Date())
    }

    /// Zero: timers get no tolerance unless one is asked for.
    public var minimumTolerance: SchedulerTimeType.Stride {
        0
    }

    /// Runs `action` the next time this run loop runs (in its common modes).
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = ScheduledAction(action)
        perform { action.run() }
    }

    /// Runs `action` on this run loop no earlier than `date`, through a one-shot timer
    /// with the given tolerance.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let action = ScheduledAction(action)
        let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in action.run() }
        timer.tolerance = max(0, tolerance.timeInterval)
        add(timer, forMode: .default)
    }

    /// Runs `action` on this run loop at `date` and then every `interval`, until the
    /// returned cancellable is cancelled or released (which invalidates the timer).
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        let action = ScheduledAction(action)
        let timer = Timer(fire: date.date, interval: interval.timeInterval, repeats: true) { _ in action.run() }
        timer.tolerance = max(0, tolerance.timeInterval)
        add(timer, forMode: .default)
        let handle = ScheduledAction { timer.invalidate() }
        return AnyCancellable { handle.run() }
    }
}
