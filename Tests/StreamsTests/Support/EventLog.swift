import Foundation

/// A thread-safe list of events for assertions from tests that hop threads.
final class EventLog<Event: Sendable>: @unchecked Sendable {
    // `@unchecked`: `events` is guarded by `lock`.
    private let lock = NSLock()
    private var storage: [Event] = []

    func append(_ event: Event) { lock.withLock { storage.append(event) } }
    var events: [Event] { lock.withLock { storage } }
}

/// Detects overlapping calls: `enter()` / `leave()` around work that must never run on
/// two threads at once (a subscriber's receive methods, for example).
final class OverlapDetector: @unchecked Sendable {
    // `@unchecked`: counters are guarded by `lock`.
    private let lock = NSLock()
    private var active = 0
    private var overlaps = 0

    func enter() {
        lock.withLock {
            active += 1
            if active > 1 { overlaps += 1 }
        }
    }
    func leave() { lock.withLock { active -= 1 } }
    var overlapCount: Int { lock.withLock { overlaps } }
}
