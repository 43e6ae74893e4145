extension Subscribers {
    /// How many more values a subscriber is ready to receive.
    ///
    /// A subscriber asks for values with ``Subscription/request(_:)`` and may ask for more
    /// by returning a demand from ``Subscriber/receive(_:)``. A publisher never sends more
    /// values than the total demanded. Demand only grows and never goes below zero:
    /// arithmetic saturates at ``unlimited`` and clamps at ``none``.
    ///
    /// ```swift
    /// var demand = Subscribers.Demand.max(2)
    /// demand += 3          // .max(5)
    /// demand -= 10         // .none, never negative
    /// demand + .unlimited  // .unlimited
    /// ```
    public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible, Sendable {
        /// The count of values; `Demand.unlimitedRaw` stands for ``unlimited``.
        @usableFromInline let rawValue: UInt

        /// One more than the largest finite demand, `Int.max`.
        @usableFromInline static var unlimitedRaw: UInt { UInt(Int.max) + 1 }

        @inlinable
        init(rawValue: UInt) {
            self.rawValue = min(rawValue, Demand.unlimitedRaw)
        }

        /// A demand for every value the publisher will ever produce.
        ///
        /// (Computed rather than stored, unlike Combine's, so that hot paths read a
        /// constant instead of going through a lazily initialised global.)
        @inlinable
        public static var unlimited: Demand { Demand(rawValue: unlimitedRaw) }

        /// A demand for no values (the same as `.max(0)`).
        @inlinable
        public static var none: Demand { Demand(rawValue: 0) }

        /// A demand for at most `value` more values. `value` must not be negative.
        @inlinable
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "Subscribers.Demand.max(\(value)): demand must not be negative")
            return Demand(rawValue: UInt(value))
        }

        /// The finite count, or `nil` for ``unlimited``.
        @inlinable
        public var max: Int? {
            rawValue == Demand.unlimitedRaw ? nil : Int(rawValue)
        }

        @inlinable
        var isUnlimited: Bool { rawValue == Demand.unlimitedRaw }

        /// `"unlimited"` or `"max(n)"`.
        public var description: String {
            isUnlimited ? "unlimited" : "max(\(rawValue))"
        }

        /// Decodes a demand written by ``encode(to:)``.
        public init(from decoder: any Decoder) throws {
            self.init(rawValue: try decoder.singleValueContainer().decode(UInt.self))
        }

        /// Encodes the demand as one unsigned integer.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// Makes a demand from a signed result: a negative one clamps to `none`, and one that
        /// overflowed `Int` saturates to ``unlimited`` when it overflowed upwards.
        @inlinable
        static func clamped(_ value: Int, overflowedUpwards: Bool?) -> Demand {
            if let upwards = overflowedUpwards { return upwards ? .unlimited : .none }
            return value <= 0 ? .none : Demand(rawValue: UInt(value))
        }

        // MARK: Arithmetic

        /// The sum; anything plus ``unlimited`` is ``unlimited``, and overflow saturates to it.
        @inlinable
        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            if lhs.isUnlimited || rhs.isUnlimited { return .unlimited }
            return Demand(rawValue: lhs.rawValue + rhs.rawValue)
        }

        /// Adds `rhs` to `lhs`.
        @inlinable
        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }

        /// The demand plus a count; ``unlimited`` stays unlimited, a negative result is `none`.
        @inlinable
        public static func + (lhs: Demand, rhs: Int) -> Demand {
            if lhs.isUnlimited { return .unlimited }
            let (sum, overflow) = Int(lhs.rawValue).addingReportingOverflow(rhs)
            return clamped(sum, overflowedUpwards: overflow ? rhs > 0 : nil)
        }

        /// Adds a count to `lhs`.
        @inlinable
        public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

        /// The demand times a count; ``unlimited`` stays unlimited, overflow saturates.
        @inlinable
        public static func * (lhs: Demand, rhs: Int) -> Demand {
            if lhs.isUnlimited { return .unlimited }
            let (product, overflow) = Int(lhs.rawValue).multipliedReportingOverflow(by: rhs)
            return clamped(product, overflowedUpwards: overflow ? rhs > 0 : nil)
        }

        /// Multiplies `lhs` by a count.
        @inlinable
        public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

        /// The difference: ``unlimited`` minus anything is ``unlimited``, a finite demand
        /// minus ``unlimited`` is `none`, and a negative result is `none`.
        @inlinable
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            if lhs.isUnlimited { return .unlimited }
            if rhs.isUnlimited { return .none }
            return lhs.rawValue > rhs.rawValue ? Demand(rawValue: lhs.rawValue - rhs.rawValue) : .none
        }

        /// Subtracts `rhs` from `lhs`.
        @inlinable
        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

        /// The demand minus a count; ``unlimited`` stays unlimited, a negative result is `none`.
        @inlinable
        public static func - (lhs: Demand, rhs: Int) -> Demand {
            if lhs.isUnlimited { return .unlimited }
            let (difference, overflow) = Int(lhs.rawValue).subtractingReportingOverflow(rhs)
            return clamped(difference, overflowedUpwards: overflow ? rhs < 0 : nil)
        }

        /// Subtracts a count from `lhs`.
        @inlinable
        public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

        // MARK: Comparison (``unlimited`` is greater than every finite demand and every Int)

        /// Whether `lhs` asks for fewer values than `rhs`.
        @inlinable
        public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }

        /// Whether the demand asks for more than `rhs` values (``unlimited`` always does).
        @inlinable
        public static func > (lhs: Demand, rhs: Int) -> Bool {
            if lhs.isUnlimited { return true }
            return Int(lhs.rawValue) > rhs
        }

        /// Whether the demand asks for at least `rhs` values.
        @inlinable
        public static func >= (lhs: Demand, rhs: Int) -> Bool {
            if lhs.isUnlimited { return true }
            return Int(lhs.rawValue) >= rhs
        }

        /// Whether the demand asks for fewer than `rhs` values (``unlimited`` never does).
        @inlinable
        public static func < (lhs: Demand, rhs: Int) -> Bool { !(lhs >= rhs) }

        /// Whether the demand asks for at most `rhs` values.
        @inlinable
        public static func <= (lhs: Demand, rhs: Int) -> Bool { !(lhs > rhs) }

        /// Whether `lhs` is greater than the demand.
        @inlinable
        public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }

        /// Whether `lhs` is at least the demand.
        @inlinable
        public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }

        /// Whether `lhs` is less than the demand.
        @inlinable
        public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }

        /// Whether `lhs` is at most the demand.
        @inlinable
        public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }

        /// Whether the demand is exactly `rhs` values (``unlimited`` equals no `Int`).
        @inlinable
        public static func == (lhs: Demand, rhs: Int) -> Bool {
            !lhs.isUnlimited && Int(lhs.rawValue) == rhs
        }

        /// Whether the demand differs from `rhs` values.
        @inlinable
        public static func != (lhs: Demand, rhs: Int) -> Bool { !(lhs == rhs) }

        /// Whether `lhs` values is exactly the demand.
        @inlinable
        public static func == (lhs: Int, rhs: Demand) -> Bool { rhs == lhs }

        /// Whether `lhs` values differs from the demand.
        @inlinable
        public static func != (lhs: Int, rhs: Demand) -> Bool { rhs != lhs }
    }
}
