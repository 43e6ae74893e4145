extension Publisher {
    /// The publisher's values as an `AsyncSequence` that keeps values arriving while the
    /// loop is busy, instead of dropping them as `values` does.
    ///
    /// ```swift
    /// for await event in subject.values(bufferingPolicy: .bufferingNewest(100)) { ... }
    /// ```
    ///
    /// The publisher is asked for unlimited values at once, and values wait in a buffer
    /// governed by `bufferingPolicy`: `.unbounded` keeps everything, `.bufferingOldest(n)`
    /// keeps the first `n` waiting values (dropping newer ones), `.bufferingNewest(n)` the
    /// latest `n`. After the publisher completes, the loop still gets the buffered values,
    /// then ends (or throws the failure). Iteration throws `Failure`, so for a
    /// never-failing publisher the loop needs no `try`. Not a Combine API: code using it
    /// does not port to Combine unchanged.
    public func values(
        bufferingPolicy: AsyncStream<Output>.Continuation.BufferingPolicy
    ) -> BufferedAsyncPublisher<Self> {
        BufferedAsyncPublisher(self, bufferingPolicy: bufferingPolicy)
    }
}

/// An `AsyncSequence` of a publisher's values that buffers values sent while the consumer
/// is busy. Created by `values(bufferingPolicy:)`.
public struct BufferedAsyncPublisher<P: Publisher>: AsyncSequence {
    /// The publisher's output.
    public typealias Element = P.Output
    /// Iteration throws the publisher's failure (nothing when it is `Never`).
    public typealias Failure = P.Failure

    private let publisher: P
    private let policy: AsyncStream<P.Output>.Continuation.BufferingPolicy

    /// Creates a buffered asynchronous sequence of `publisher`'s values.
    public init(_ publisher: P, bufferingPolicy: AsyncStream<P.Output>.Continuation.BufferingPolicy) {
        self.publisher = publisher
        policy = bufferingPolicy
    }

    /// Subscribes to the publisher (requesting unlimited values) and returns the iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(lifetime: AsyncValueSubscriber.subscribe(to: publisher, bufferingPolicy: policy))
    }

    /// The iterator of a `BufferedAsyncPublisher`.
    public struct Iterator: AsyncIteratorProtocol {
        /// Iteration throws the publisher's failure.
        public typealias Failure = P.Failure

        private let lifetime: AsyncValueSubscriber<P.Output, P.Failure>.Lifetime

        fileprivate init(lifetime: AsyncValueSubscriber<P.Output, P.Failure>.Lifetime) {
            self.lifetime = lifetime
        }

        /// The next buffered or arriving value; `nil` once the publisher has finished and
        /// the buffer is empty, or the task was cancelled; throws the publisher's failure.
        public mutating func next() async throws(P.Failure) -> P.Output? {
            try await lifetime.subscriber.next().get()
        }

        /// The next value, staying on the caller's actor while waiting.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(P.Failure) -> P.Output? {
            try await lifetime.subscriber.next(isolation: actor).get()
        }
    }
}
