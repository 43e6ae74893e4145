import Foundation

/// How long a test waits before it calls something a hang: only a failing test waits this
/// long, a passing one stops waiting when the event arrives (the machines are shared and
/// slow, so the bound is generous).
let hangBound: TimeInterval = 120

/// A value that other threads (event loops, connection threads) change, and a wait for a
/// condition on it.
final class Observed<Value: Sendable>: @unchecked Sendable {
    // `@unchecked`: `stored` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var stored: Value

    init(_ initial: Value) { stored = initial }

    var value: Value { condition.withLock { stored } }

    func update(_ change: (inout Value) -> Void) {
        condition.withLock {
            change(&stored)
            condition.broadcast()
        }
    }

    /// Waits until `holds` is true of the value; false when `hangBound` passed first.
    @discardableResult
    func wait(until holds: (Value) -> Bool) -> Bool {
        condition.withLock {
            let limit = Date(timeIntervalSinceNow: hangBound)
            while !holds(stored) {
                if !condition.wait(until: limit) { return holds(stored) }
            }
            return true
        }
    }
}
