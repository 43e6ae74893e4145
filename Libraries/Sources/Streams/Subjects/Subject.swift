/// A publisher you can push values into with ``send(_:)``, broadcasting them to every
/// subscriber.
///
/// ```swift
/// let subject = PassthroughSubject<String, Never>()
/// let cancellable = subject.sink { print($0) }
/// subject.send("hello")            // prints hello
/// subject.send(completion: .finished)
/// ```
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends a value to every subscriber that has outstanding demand.
    func send(_ value: Output)
    /// Sends the completion to every subscriber; later sends are ignored.
    func send(completion: Subscribers.Completion<Failure>)
    /// Accepts a subscription from an upstream publisher that feeds this subject (see
    /// `subscribe(_:)` on a publisher); the subject requests unlimited values.
    func send(subscription: any Subscription)
}

extension Subject where Output == Void {
    /// Sends `()`: `subject.send()` instead of `send(())`.
    @inlinable
    public func send() {
        send(())
    }
}

extension Publisher {
    /// Feeds every value and the completion of this publisher into `subject`.
    ///
    /// ```swift
    /// let subject = PassthroughSubject<Int, Never>()
    /// let feed = [1, 2, 3].publisher.subscribe(subject)
    /// ```
    ///
    /// - Returns: Keep it: releasing it stops the feed.
    @inlinable
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
    where S.Output == Output, S.Failure == Failure {
        let feeder = SubjectFeeder(subject: subject)
        subscribe(feeder)
        return AnyCancellable(feeder)
    }
}

/// Subscribes on behalf of a subject: hands it the subscription and forwards events.
@usableFromInline
final class SubjectFeeder<Downstream: Subject>: Subscriber, Cancellable, @unchecked Sendable {
    @usableFromInline typealias Input = Downstream.Output
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var subject: Downstream?
    @usableFromInline @exclusivity(unchecked) var state = SubscriptionState.awaiting

    @inlinable
    init(subject: Downstream) {
        self.subject = subject
    }

    @inlinable
    func receive(subscription: any Subscription) {
        lock.lock()
        guard state.attach(subscription), let subject else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lock.unlock()
        subject.send(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let subject = self.subject
        lock.unlock()
        subject?.send(input)
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let subject = self.subject
        self.subject = nil
        // Let go of at return, after unlocking: this may be the last reference to the
        // subscription, whose deinit may call back into this subscriber.
        let ended = state.terminate()
        defer { withExtendedLifetime(ended) {} }
        lock.unlock()
        subject?.send(completion: completion)
    }

    @inlinable
    func cancel() {
        lock.lock()
        let subject = self.subject
        self.subject = nil
        let upstream = state.terminate()
        lock.unlock()
        upstream?.cancel()
        withExtendedLifetime(subject) {}
    }
}
