extension Publisher where Failure == Never {
    /// The publisher's values as an `AsyncSequence`, for `for await` loops.
    ///
    /// ```swift
    /// for await value in subject.values { print(value) }
    /// ```
    ///
    /// Like Combine's, the sequence asks the publisher for one value each time the loop
    /// asks for the next: values sent while the loop body is still busy with the
    /// previous one meet zero demand, and publishers that do not buffer (such as
    /// `PassthroughSubject`) drop them. Use `values(bufferingPolicy:)` to keep them.
    /// Cancelling the task, or leaving the loop, cancels the subscription.
    public var values: AsyncPublisher<Self> {
        AsyncPublisher(self)
    }
}

extension Publisher {
    /// The publisher's values as a throwing `AsyncSequence`, for `for try await` loops;
    /// the publisher's failure is thrown from the loop.
    ///
    /// Values are requested one at a time, so values sent while the loop body is busy
    /// are dropped by publishers that do not buffer; see `values` on never-failing
    /// publishers and `values(bufferingPolicy:)`.
    public var values: AsyncThrowingPublisher<Self> {
        AsyncThrowingPublisher(self)
    }
}

/// An `AsyncSequence` of a never-failing publisher's values, requesting one value per
/// iteration. Created by the `values` property.
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
    /// The publisher's output.
    public typealias Element = P.Output

    private let publisher: P

    /// Creates an asynchronous sequence of `publisher`'s values.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    /// Subscribes to the publisher and returns the iterator over its values.
    public func makeAsyncIterator() -> Iterator {
        Iterator(subscription: AsyncValueSubscriber.subscribe(to: publisher))
    }

    /// The iterator of an `AsyncPublisher`; each `next()` requests one value.
    public struct Iterator: AsyncIteratorProtocol {
        private let subscription: AsyncValueSubscriber<P.Output, Never>.Lifetime

        fileprivate init(subscription: AsyncValueSubscriber<P.Output, Never>.Lifetime) {
            self.subscription = subscription
        }

        /// The next value, or `nil` once the publisher has finished or the task was
        /// cancelled.
        public mutating func next() async -> P.Output? {
            await subscription.subscriber.next().get()
        }

        /// The next value, staying on the caller's actor while waiting.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> P.Output? {
            await subscription.subscriber.next(isolation: actor).get()
        }
    }
}

/// An `AsyncSequence` of a publisher's values that throws the publisher's failure,
/// requesting one value per iteration. Created by the `values` property.
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
    /// The publisher's output.
    public typealias Element = P.Output

    private let publisher: P

    /// Creates a throwing asynchronous sequence of `publisher`'s values.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    /// Subscribes to the publisher and returns the iterator over its values.
    public func makeAsyncIterator() -> Iterator {
        Iterator(subscription: AsyncValueSubscriber.subscribe(to: publisher))
    }

    /// The iterator of an `AsyncThrowingPublisher`; each `next()` requests one value.
    public struct Iterator: AsyncIteratorProtocol {
        private let subscription: AsyncValueSubscriber<P.Output, P.Failure>.Lifetime

        fileprivate init(subscription: AsyncValueSubscriber<P.Output, P.Failure>.Lifetime) {
            self.subscription = subscription
        }

        /// The next value, `nil` once the publisher has finished or the task was
        /// cancelled; throws the publisher's failure.
        public mutating func next() async throws -> P.Output? {
            try await subscription.subscriber.next().get()
        }

        /// The next value, staying on the caller's actor while waiting.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> P.Output? {
            try await subscription.subscriber.next(isolation: actor).get()
        }
    }
}
