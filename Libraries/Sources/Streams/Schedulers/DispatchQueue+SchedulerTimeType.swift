import Dispatch

extension DispatchQueue {
    /// A moment in time as a dispatch queue scheduler sees it: a wrapper around
    /// `DispatchTime`, so that it can be compared, advanced and encoded.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// The dispatch time this value represents.
        public var dispatchTime: DispatchTime

        /// Creates a scheduler time from a dispatch time.
        public init(_ time: DispatchTime) {
            dispatchTime = time
        }

        /// The interval from this time to `other`; negative when `other` is earlier.
        public func distance(to other: SchedulerTimeType) -> Stride {
            let start = dispatchTime.uptimeNanoseconds
            let end = other.dispatchTime.uptimeNanoseconds
            // Uptime values are unsigned; subtract in the order that cannot underflow.
            if end >= start {
                return Stride(nanoseconds: Int(clamping: end - start))
            } else {
                return Stride(nanoseconds: -Int(clamping: start - end))
            }
        }

        /// The time `n` after this one (before it when `n` is negative).
        public func advanced(by n: Stride) -> SchedulerTimeType {
            let base = dispatchTime.uptimeNanoseconds
            let moved: UInt64
            if n.magnitude >= 0 {
                let (sum, overflow) = base.addingReportingOverflow(UInt64(n.magnitude))
                moved = overflow ? .max : sum
            } else {
                let back = UInt64(n.magnitude.magnitude)
                moved = back >= base ? 0 : base - back
            }
            return SchedulerTimeType(DispatchTime(uptimeNanoseconds: moved))
        }

        /// Decodes a time previously encoded as its uptime in nanoseconds.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            dispatchTime = DispatchTime(uptimeNanoseconds: try container.decode(UInt64.self))
        }

        /// Encodes the time as its uptime in nanoseconds.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(dispatchTime.uptimeNanoseconds)
        }

        /// Two times are equal when they denote the same uptime.
        public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
        }

        /// Hashes the uptime in nanoseconds.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(dispatchTime.uptimeNanoseconds)
        }

        /// The distance between two dispatch queue scheduler times, kept in nanoseconds.
        ///
        /// Integer literals count seconds and float literals count (fractional)
        /// seconds, so `let stride: DispatchQueue.SchedulerTimeType.Stride = 0.25` is a
        /// quarter of a second.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
            ExpressibleByFloatLiteral, Hashable, Codable, Sendable
        {
            /// Integer literals are whole seconds.
            public typealias IntegerLiteralType = Int
            /// Float literals are seconds with a fractional part.
            public typealias FloatLiteralType = Double
            /// The magnitude is the signed number of nanoseconds.
            public typealias Magnitude = Int

            /// The length of the interval in nanoseconds (negative for a backwards interval).
            public var magnitude: Int

            /// The interval as a `DispatchTimeInterval` (always `.nanoseconds`).
            public var timeInterval: DispatchTimeInterval {
                .nanoseconds(magnitude)
            }

            init(nanoseconds: Int) {
                magnitude = nanoseconds
            }

            /// Creates a stride from a dispatch time interval; `.never` becomes the
            /// largest representable interval.
            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let s): magnitude = s.multipliedClamping(by: 1_000_000_000)
                case .milliseconds(let ms): magnitude = ms.multipliedClamping(by: 1_000_000)
                case .microseconds(let us): magnitude = us.multipliedClamping(by: 1_000)
                case .nanoseconds(let ns): magnitude = ns
                case .never: magnitude = .max
                @unknown default: magnitude = .max
                }
            }

            /// Creates a stride of `value` seconds.
            public init(floatLiteral value: Double) {
                magnitude = Int(clampingSeconds: value)
            }

            /// Creates a stride of `value` whole seconds.
            public init(integerLiteral value: Int) {
                magnitude = value.multipliedClamping(by: 1_000_000_000)
            }

            /// Creates a stride of `source` seconds, or `nil` when that many nanoseconds
            /// do not fit in an `Int`.
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let seconds = Int(exactly: source) else { return nil }
                let (nanos, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
                if overflow { return nil }
                magnitude = nanos
            }

            /// A stride of `s` whole seconds.
            public static func seconds(_ s: Int) -> Stride {
                Stride(nanoseconds: s.multipliedClamping(by: 1_000_000_000))
            }

            /// A stride of `s` seconds.
            public static func seconds(_ s: Double) -> Stride {
                Stride(nanoseconds: Int(clampingSeconds: s))
            }

            /// A stride of `ms` milliseconds.
            public static func milliseconds(_ ms: Int) -> Stride {
                Stride(nanoseconds: ms.multipliedClamping(by: 1_000_000))
            }

            /// A stride of `us` microseconds.
            public static func microseconds(_ us: Int) -> Stride {
                Stride(nanoseconds: us.multipliedClamping(by: 1_000))
            }

            /// A stride of `ns` nanoseconds.
            public static func nanoseconds(_ ns: Int) -> Stride {
                Stride(nanoseconds: ns)
            }

            /// Orders strides by length.
            public static func < (lhs: Stride, rhs: Stride) -> Bool {
                lhs.magnitude < rhs.magnitude
            }

            /// The sum of two strides.
            public static func + (lhs: Stride, rhs: Stride) -> Stride {
                Stride(nanoseconds: lhs.magnitude + rhs.magnitude)
            }

            /// The difference of two strides.
            public static func - (lhs: Stride, rhs: Stride) -> Stride {
                Stride(nanoseconds: lhs.magnitude - rhs.magnitude)
            }

            /// The product of two strides, computed on their nanosecond counts (as the
            /// `Numeric` protocol requires).
            public static func * (lhs: Stride, rhs: Stride) -> Stride {
                Stride(nanoseconds: lhs.magnitude * rhs.magnitude)
            }

            /// Adds `rhs` to `lhs`.
            public static func += (lhs: inout Stride, rhs: Stride) {
                lhs = lhs + rhs
            }

            /// Subtracts `rhs` from `lhs`.
            public static func -= (lhs: inout Stride, rhs: Stride) {
                lhs = lhs - rhs
            }

            /// Multiplies `lhs` by `rhs`.
            public static func *= (lhs: inout Stride, rhs: Stride) {
                lhs = lhs * rhs
            }
        }
    }

    /// Options for scheduling work on a dispatch queue: the quality of service, work item
    /// flags and an optional group the work joins.
    public struct SchedulerOptions: @unchecked Sendable {
        // `@unchecked` because Dispatch does not mark `DispatchWorkItemFlags` Sendable on
        // every platform, although it is a plain `UInt` option set; `DispatchGroup` is
        // thread-safe.

        /// The quality of service the work runs at.
        public var qos: DispatchQoS
        /// Flags for the dispatched work item.
        public var flags: DispatchWorkItemFlags
        /// A group the work is associated with, if any.
        public var group: DispatchGroup?

        /// Creates scheduler options; the defaults match a plain `async` call.
        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }
}

extension Int {
    /// `self * factor`, saturating at the bounds instead of trapping.
    fileprivate func multipliedClamping(by factor: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: factor)
        guard overflow else { return product }
        return (self < 0) == (factor < 0) ? .max : .min
    }

    /// Nanoseconds in `seconds`, saturating at the bounds (NaN becomes zero).
    fileprivate init(clampingSeconds seconds: Double) {
        let nanos = (seconds * 1_000_000_000).rounded()
        if nanos.isNaN {
            self = 0
        } else if nanos >= Double(Int.max) {
            self = .max
        } else if nanos <= Double(Int.min) {
            self = .min
        } else {
            self = Int(nanos)
        }
    }
}
