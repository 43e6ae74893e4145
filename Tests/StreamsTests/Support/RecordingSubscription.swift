import Foundation
import Streams

/// A subscription that only records what it is asked: for handing a subscriber a second
/// subscription, or one it should refuse.
final class RecordingSubscription: Subscription, @unchecked Sendable {
    // `@unchecked`: mutable state is guarded by `lock`.
    private let lock = NSLock()
    private var requestLog: [Subscribers.Demand] = []
    private var cancels = 0

    func request(_ demand: Subscribers.Demand) { lock.withLock { requestLog.append(demand) } }
    func cancel() { lock.withLock { cancels += 1 } }

    var requests: [Subscribers.Demand] { lock.withLock { requestLog } }
    var cancelCount: Int { lock.withLock { cancels } }
}
