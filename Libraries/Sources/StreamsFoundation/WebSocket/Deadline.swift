import Dispatch

/// A point on the monotonic clock that a connection waits until at most (handshake,
/// write and close timeouts, the next keep-alive ping).
struct Deadline: Comparable {
    let uptimeNanoseconds: UInt64

    /// `seconds` from now; capped at a year, so that no configured value can overflow.
    init(secondsFromNow seconds: Double) {
        let capped = min(max(seconds, 0), 365 * 24 * 3600)
        uptimeNanoseconds = DispatchTime.now().uptimeNanoseconds + UInt64(capped * 1e9)
    }

    var hasPassed: Bool { DispatchTime.now().uptimeNanoseconds >= uptimeNanoseconds }

    /// Milliseconds left, rounded up, for poll(2).
    var millisecondsLeft: Int32 {
        let now = DispatchTime.now().uptimeNanoseconds
        guard uptimeNanoseconds > now else { return 0 }
        return Int32(min((uptimeNanoseconds - now + 999_999) / 1_000_000, UInt64(Int32.max)))
    }

    static func < (lhs: Deadline, rhs: Deadline) -> Bool { lhs.uptimeNanoseconds < rhs.uptimeNanoseconds }
}
