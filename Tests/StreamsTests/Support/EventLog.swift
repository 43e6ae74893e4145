import Foundation

/// A thread-safe list of events for assertions from tests that hop threads.
final class EventLog<Event: Sendable>: @unchecked Sendable {
    // `@unchecked`: `events` is guarded by `lock`.
    private let lock = NSLock()
    private var storage: [Event] = []

    func append(_ event: Event) { lock.withLock { storage.append(event) } }
    var events: [Event] { lock.withLock { storage } }
}
