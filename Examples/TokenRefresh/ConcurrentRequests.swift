import Foundation
import Streams

/// Starts `count` requests from as many threads at the same moment and waits for all of
/// them to finish (or for `timeout`). Returns the results in request order; a request
/// still running at the timeout is missing from the result.
func sendConcurrently(_ count: Int, through client: AuthenticatedClient, timeout: DispatchTime = .now() + 10)
    -> [Int: Result<Response, NetworkError>]
{
    final class Collector: @unchecked Sendable {
        let lock = NSLock()
        var results: [Int: Result<Response, NetworkError>] = [:]
        var subscriptions: [AnyCancellable] = []
    }
    let collector = Collector()
    let group = DispatchGroup()
    for _ in 0..<count { group.enter() }
    DispatchQueue.concurrentPerform(iterations: count) { index in
        let subscription = client.get("/items/\(index)").sink(
            receiveCompletion: { completion in
                if case .failure(let error) = completion {
                    collector.lock.withLock { collector.results[index] = .failure(error) }
                }
                group.leave()
            },
            receiveValue: { response in
                collector.lock.withLock { collector.results[index] = .success(response) }
            }
        )
        collector.lock.withLock { collector.subscriptions.append(subscription) }
    }
    _ = group.wait(timeout: timeout)
    return collector.lock.withLock { collector.results }
}
