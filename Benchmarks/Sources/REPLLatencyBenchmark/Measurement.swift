import Foundation

/// Summary statistics of a list of durations in milliseconds.
struct Summary {
    let values: [Double]

    var median: Double { Self.median(values) }
    var p95: Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
    }
    var max: Double { values.max() ?? 0 }
    var firstTen: Double { Self.median(Array(values.prefix(10))) }
    var lastTen: Double { Self.median(Array(values.suffix(10))) }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Milliseconds since `start`.
func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

/// CPU time (user + system) of all waited-for child processes so far, in ms.
func childrenCPUTime() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
    #else
    getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
    let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
    return user + system
}

/// Formats milliseconds with one decimal.
func format(_ value: Double) -> String {
    String(format: "%.1f", value)
}
