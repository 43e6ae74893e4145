import Foundation

/// A value that a test shares with the threads it waits on (a server script, a
/// subscriber's callbacks), read and written under a lock.
public final class LockedValue<Value>: @unchecked Sendable {
    // `@unchecked`: every access to `stored` holds `lock`.
    private let lock = NSLock()
    private var stored: Value

    /// A box holding `value`.
    public init(_ value: Value) { stored = value }

    /// The value now; setting replaces it.
    public var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value in place, under the lock (e.g. appending to an array).
    public func modify(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
