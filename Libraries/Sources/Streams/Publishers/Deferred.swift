/// A publisher that creates the real publisher anew for each subscriber, when it
/// subscribes.
///
/// Use it to delay work (or a `Future`, which starts at once) until someone subscribes.
///
/// ```swift
/// let lazyFetch = Deferred { Future<Int, Never> { promise in promise(.success(load())) } }
/// // load() runs only when (and every time) something subscribes.
/// ```
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
    /// The values of the created publisher.
    public typealias Output = DeferredPublisher.Output
    /// The failure of the created publisher.
    public typealias Failure = DeferredPublisher.Failure

    /// Called once per subscriber to make the publisher it subscribes to.
    public let createPublisher: () -> DeferredPublisher

    /// Makes a publisher that calls `createPublisher` for each subscriber.
    @inlinable
    public init(createPublisher: @escaping () -> DeferredPublisher) {
        self.createPublisher = createPublisher
    }

    /// Creates a fresh publisher and attaches `subscriber` to it.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        createPublisher().subscribe(subscriber)
    }
}
