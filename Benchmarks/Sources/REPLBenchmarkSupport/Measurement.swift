import Foundation

/// Summary statistics of a list of durations in milliseconds.
public struct Summary {
    /// The durations, in the order they were measured.
    public let values: [Double]

    /// Creates a summary of `values`.
    public init(values: [Double]) { self.values = values }

    /// The median of all values.
    public var median: Double { Self.median(values) }
    /// The 95th percentile (nearest rank).
    public var p95: Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
    }
    /// The largest value.
    public var max: Double { values.max() ?? 0 }
    /// The median of the first ten values.
    public var firstTen: Double { Self.median(Array(values.prefix(10))) }
    /// The median of the last ten values.
    public var lastTen: Double { Self.median(Array(values.suffix(10))) }

    /// The median of `values` (0 when empty).
    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Milliseconds since `start`.
public func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

/// CPU time (user + system) of all waited-for child processes so far, in ms.
public func childrenCPUTime() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
    #else
    getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    return milliseconds(of: usage)
}

/// User plus system time of `usage`, in ms.
public func milliseconds(of usage: rusage) -> Double {
    let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
    let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
    return user + system
}

/// Formats milliseconds with one decimal.
public func format(_ value: Double) -> String {
    String(format: "%.1f", value)
}

/// The 1-minute load average, to judge how busy the machine was.
public func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
}
