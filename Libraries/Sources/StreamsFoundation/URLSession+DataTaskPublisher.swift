import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// A publisher that loads `url` with a data task and publishes the body and response
    /// once, then finishes; transport errors fail it with a `URLError`.
    ///
    /// ```swift
    /// URLSession.shared.dataTaskPublisher(for: url)
    ///     .map(\.data)
    ///     .decode(type: Post.self, decoder: JSONDecoder())
    /// ```
    ///
    /// The task starts when the subscriber first requests a value, and cancelling the
    /// subscription cancels the task. An HTTP error status (404, 500 ...) is not a
    /// failure: check `(response as? HTTPURLResponse)?.statusCode` as with URLSession.
    public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
        DataTaskPublisher(request: URLRequest(url: url), session: self)
    }

    /// A publisher that performs `request` with a data task; see
    /// `dataTaskPublisher(for:)` taking a URL.
    public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
        DataTaskPublisher(request: request, session: self)
    }

    /// A publisher of one data task's result. Created by `dataTaskPublisher(for:)`.
    public struct DataTaskPublisher: Publisher, Sendable {
        /// The response body and the response.
        public typealias Output = (data: Data, response: URLResponse)
        /// The transport error, if the task fails.
        public typealias Failure = URLError

        /// The request the task performs.
        public let request: URLRequest
        /// The session that runs the task.
        public let session: URLSession

        /// Creates a publisher performing `request` in `session`.
        public init(request: URLRequest, session: URLSession) {
            self.request = request
            self.session = session
        }

        /// Gives `subscriber` a subscription; the task starts on its first demand.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscriber.receive(
                subscription: DataTaskSubscription(request: request, session: session, downstream: subscriber))
        }
    }
}

/// What the data task's completion handler calls.
private protocol DataTaskResultReceiving: AnyObject, Sendable {
    func finish(data: Data?, response: URLResponse?, error: (any Error)?)
}

/// Runs one data task for one subscriber.
private final class DataTaskSubscription<Downstream: Subscriber>: Subscription, DataTaskResultReceiving,
    CustomStringConvertible, @unchecked Sendable
where Downstream.Input == URLSession.DataTaskPublisher.Output, Downstream.Failure == URLError {
    // `@unchecked`: mutable state is guarded by `lock`; the downstream is called from
    // URLSession's delegate queue, once, after the lock is released.
    private let lock = NSLock()
    private let request: URLRequest
    private let session: URLSession
    private var downstream: Downstream?
    private var task: URLSessionDataTask?
    private var started = false

    init(request: URLRequest, session: URLSession, downstream: Downstream) {
        self.request = request
        self.session = session
        self.downstream = downstream
    }

    var description: String { "DataTaskPublisher" }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard demand > 0, !started, downstream != nil else {
            lock.unlock()
            return
        }
        started = true
        lock.unlock()
        // Captured as a non-generic existential: the completion handler is @Sendable and
        // must not capture the generic `Downstream` type itself.
        let receiver: any DataTaskResultReceiving = self
        let task = session.dataTask(with: request) { data, response, error in
            receiver.finish(data: data, response: response, error: error)
        }
        lock.lock()
        guard downstream != nil else {
            // Cancelled while the task was being created: never start it.
            lock.unlock()
            return
        }
        self.task = task
        lock.unlock()
        task.resume()
    }

    func finish(data: Data?, response: URLResponse?, error: (any Error)?) {
        lock.lock()
        let downstream = self.downstream
        self.downstream = nil
        task = nil
        lock.unlock()
        guard let downstream else { return }  // cancelled
        if let error {
            downstream.receive(completion: .failure(error as? URLError ?? URLError(.unknown)))
        } else if let response {
            _ = downstream.receive((data ?? Data(), response))
            downstream.receive(completion: .finished)
        } else {
            downstream.receive(completion: .failure(URLError(.badServerResponse)))
        }
    }

    func cancel() {
        lock.lock()
        // Released after unlocking: this may be the last reference to the subscriber,
        // whose deinit may call back into this subscription.
        let released = downstream
        downstream = nil
        let task = self.task
        self.task = nil
        lock.unlock()
        task?.cancel()
        withExtendedLifetime(released) {}
    }
}
