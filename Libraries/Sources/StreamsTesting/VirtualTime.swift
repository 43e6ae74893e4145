import Streams

/// A moment on a ``TestScheduler``'s virtual clock: whole nanoseconds since the clock
/// started at zero.
///
/// Strides read as they do on `DispatchQueue`'s scheduler: an integer or floating-point
/// literal counts seconds, and `.seconds(_:)`, `.milliseconds(_:)`, `.microseconds(_:)` and
/// `.nanoseconds(_:)` build the others.
///
/// ```swift
/// let later = VirtualTime.zero.advanced(by: .milliseconds(1_500))
/// later.nanoseconds  // 1_500_000_000
/// ```
public struct VirtualTime: Strideable, Hashable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the clock started.
    public var nanoseconds: Int

    /// The moment `nanoseconds` after the clock started.
    public init(nanoseconds: Int) {
        self.nanoseconds = nanoseconds
    }

    /// The moment the clock starts at.
    public static let zero = VirtualTime(nanoseconds: 0)

    /// How far `other` lies after `self` (negative when it lies before).
    public func distance(to other: VirtualTime) -> Stride {
        Stride(nanoseconds: other.nanoseconds.subtractingClamped(nanoseconds))
    }

    /// The moment `n` after `self`.
    public func advanced(by n: Stride) -> VirtualTime {
        VirtualTime(nanoseconds: nanoseconds.addingClamped(n.nanoseconds))
    }

    /// The time in seconds, as `2s` or `1.5s`.
    public var description: String { Stride(nanoseconds: nanoseconds).description }

    /// A span of virtual time, in whole nanoseconds.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
        ExpressibleByFloatLiteral, Hashable, Sendable, CustomStringConvertible
    {
        /// An integer literal counts seconds, as on `DispatchQueue`'s scheduler.
        public typealias IntegerLiteralType = Int
        /// A floating-point literal counts seconds.
        public typealias FloatLiteralType = Double

        /// The span in nanoseconds.
        public var nanoseconds: Int

        /// A span of `nanoseconds`.
        public init(nanoseconds: Int) {
            self.nanoseconds = nanoseconds
        }

        /// `value` seconds.
        public init(integerLiteral value: Int) {
            self = .seconds(value)
        }

        /// `value` seconds, rounded to the nearest nanosecond.
        public init(floatLiteral value: Double) {
            self = .seconds(value)
        }

        /// `source` seconds, or nil when that many nanoseconds do not fit in an `Int`.
        public init?<T: BinaryInteger>(exactly source: T) {
            guard let seconds = Int(exactly: source) else { return nil }
            let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            if overflow { return nil }
            self.nanoseconds = nanoseconds
        }

        /// The span without its sign.
        public var magnitude: Stride { Stride(nanoseconds: Int(clamping: nanoseconds.magnitude)) }

        /// `s` seconds.
        public static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: s.multipliedClamped(by: 1_000_000_000)) }

        /// `s` seconds, rounded to the nearest nanosecond.
        public static func seconds(_ s: Double) -> Stride {
            let nanoseconds = (s * 1_000_000_000).rounded()
            if nanoseconds >= Double(Int.max) { return Stride(nanoseconds: .max) }
            if nanoseconds <= Double(Int.min) { return Stride(nanoseconds: .min) }
            return Stride(nanoseconds: Int(nanoseconds))
        }

        /// `ms` milliseconds.
        public static func milliseconds(_ ms: Int) -> Stride {
            Stride(nanoseconds: ms.multipliedClamped(by: 1_000_000))
        }

        /// `us` microseconds.
        public static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: us.multipliedClamped(by: 1_000)) }

        /// `ns` nanoseconds.
        public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }

        /// The empty span.
        public static var zero: Stride { Stride(nanoseconds: 0) }

        /// The span in seconds: `2s`, `1.5s`, `0.001s`.
        public var description: String {
            let whole = nanoseconds / 1_000_000_000
            var fraction = (nanoseconds % 1_000_000_000).magnitude
            guard fraction != 0 else { return "\(whole)s" }
            var digits = 9
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let padded = String(repeating: "0", count: digits - String(fraction).count) + String(fraction)
            let sign = nanoseconds < 0 && whole == 0 ? "-" : ""
            return "\(sign)\(whole).\(padded)s"
        }

        /// Whether `lhs` is shorter than `rhs`.
        public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
        /// The two spans together.
        public static func + (lhs: Stride, rhs: Stride) -> Stride {
            Stride(nanoseconds: lhs.nanoseconds.addingClamped(rhs.nanoseconds))
        }
        /// `lhs` less `rhs`.
        public static func - (lhs: Stride, rhs: Stride) -> Stride {
            Stride(nanoseconds: lhs.nanoseconds.subtractingClamped(rhs.nanoseconds))
        }
        /// Multiplies the nanosecond counts, as `DispatchQueue`'s stride does (`2 * .seconds(1)`
        /// is not two seconds); scale a stride with ``scaled(by:)`` instead.
        public static func * (lhs: Stride, rhs: Stride) -> Stride {
            Stride(nanoseconds: lhs.nanoseconds.multipliedClamped(by: rhs.nanoseconds))
        }
        /// Adds `rhs` to `lhs`.
        public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
        /// Takes `rhs` from `lhs`.
        public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
        /// Multiplies the nanosecond counts (see `*`).
        public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

        /// The span `factor` times as long: `.seconds(1).scaled(by: 3)` is three seconds.
        public func scaled(by factor: Int) -> Stride { Stride(nanoseconds: nanoseconds.multipliedClamped(by: factor)) }
    }
}

extension Int {
    // Virtual time saturates instead of trapping: `.seconds(.max)` means "never".
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    func subtractingClamped(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }

    func multipliedClamped(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) == (other < 0) ? .max : .min) : product
    }
}
