/// A scheduler that runs every action at once, on the calling thread.
///
/// Useful as a stand-in where an API wants a scheduler but the work should stay
/// synchronous (tests, or code generic over schedulers). Dates are ignored: an action
/// "scheduled after" any date runs immediately, and a repeating action runs once.
public struct ImmediateScheduler: Scheduler, Sendable {
    /// The immediate scheduler's time, which never advances.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        /// The distance to another time; always zero, as time does not pass.
        public func distance(to other: SchedulerTimeType) -> Stride {
            0
        }

        /// The same time: advancing a time that never passes changes nothing.
        public func advanced(by n: Stride) -> SchedulerTimeType {
            self
        }

        /// A count of abstract ticks. The conversions from seconds and fractions of a
        /// second all give zero, because the immediate scheduler has no clock.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
            ExpressibleByFloatLiteral, Hashable, Codable, Sendable
        {
            /// Integer literals count ticks.
            public typealias IntegerLiteralType = Int
            /// Float literals are truncated to whole ticks.
            public typealias FloatLiteralType = Double
            /// The magnitude is the signed tick count.
            public typealias Magnitude = Int

            /// The number of ticks.
            public var magnitude: Int

            /// Creates a stride of `value` ticks.
            public init(_ value: Int) {
                magnitude = value
            }

            /// Creates a stride of `value` ticks.
            public init(integerLiteral value: Int) {
                magnitude = value
            }

            /// Creates a stride of `value` ticks, truncated towards zero.
            public init(floatLiteral value: Double) {
                magnitude = Int(value)
            }

            /// Creates a stride from an integer, or `nil` when it does not fit in an `Int`.
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                magnitude = value
            }

            /// Zero ticks: the immediate scheduler has no clock.
            public static func seconds(_ s: Int) -> Stride { 0 }
            /// Zero ticks: the immediate scheduler has no clock.
            public static func seconds(_ s: Double) -> Stride { 0 }
            /// Zero ticks: the immediate scheduler has no clock.
            public static func milliseconds(_ ms: Int) -> Stride { 0 }
            /// Zero ticks: the immediate scheduler has no clock.
            public static func microseconds(_ us: Int) -> Stride { 0 }
            /// Zero ticks: the immediate scheduler has no clock.
            public static func nanoseconds(_ ns: Int) -> Stride { 0 }

            /// Orders strides by tick count.
            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            /// The sum of two strides.
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
            /// The difference of two strides.
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
            /// The product of two strides' tick counts.
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
            /// Adds `rhs` to `lhs`.
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            /// Subtracts `rhs` from `lhs`.
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            /// Multiplies `lhs` by `rhs`.
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
    }

    /// The immediate scheduler takes no options.
    public typealias SchedulerOptions = Never

    /// The one immediate scheduler.
    public static let shared = ImmediateScheduler()

    private init() {}

    /// The current time, which is always the same.
    public var now: SchedulerTimeType { SchedulerTimeType() }

    /// Zero: there is nothing to tolerate.
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// Runs `action` now, on the calling thread.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        action()
    }

    /// Runs `action` now, on the calling thread; `date` is ignored.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        action()
    }

    /// Runs `action` once, now, on the calling thread; the date and interval are ignored.
    /// The returned cancellable has nothing left to cancel.
    @discardableResult
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        action()
        return Subscriptions.empty
    }
}
