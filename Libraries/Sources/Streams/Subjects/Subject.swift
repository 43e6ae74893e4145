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

/// Subscribes on behalf of a subject and stands between it and the upstream, as Combine's
/// `SubjectSubscriber` does: the subject gets this object as its subscription (described
/// `"Subject"`), whose requests and cancel go upstream, and the values and the completion
/// are sent into the subject.
///
/// The subject is held weakly, as Combine holds it: the subject keeps this subscription
/// among its upstream feeds, so a strong reference back would keep a subject that nobody
/// else holds alive for as long as its feed runs, and its deinit, which cancels its feeds,
/// could never run.
@usableFromInline
final class SubjectFeeder<Downstream: Subject>: Subscriber, Subscription, CombineReflectable,
    @unchecked Sendable
{
    @usableFromInline typealias Input = Downstream.Output
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let lock = Lock()
    @usableFromInline weak var subject: Downstream?
    @usableFromInline @exclusivity(unchecked) var state = SubscriptionState.awaiting

    @inlinable
    init(subject: Downstream) {
        self.subject = subject
    }

    @inlinable
    func receive(subscription: any Subscription) {
        lock.lock()
        guard let subject, state.attach(subscription) else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lock.unlock()
        subject.send(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let subject = state.isSubscribed ? self.subject : nil
        lock.unlock()
        subject?.send(input)
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let subject = state.isSubscribed ? self.subject : nil
        self.subject = nil
        // Let go of at return, after unlocking: this may be the last reference to the
        // subscription, whose deinit may call back into this subscriber.
        let ended = state.terminate()
        defer { withExtendedLifetime(ended) {} }
        lock.unlock()
        subject?.send(completion: completion)
    }

    /// Passes the subject's demand upstream, until the completion or a cancel.
    @inlinable
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let upstream = state.subscription
        lock.unlock()
        upstream?.request(demand)
    }

    @inlinable
    func cancel() {
        lock.lock()
        subject = nil
        let upstream = state.terminate()
        lock.unlock()
        upstream?.cancel()
    }

    @usableFromInline var description: String { "Subject" }

    /// The subject (`nil` once the feed has ended) and the upstream subscription, as
    /// Combine's mirror shows them (it lists the subject twice).
    @usableFromInline var customMirror: Mirror {
        lock.lock()
        let (subject, upstream) = (self.subject, state.subscription)
        lock.unlock()
        return Mirror(
            self,
            children: [
                "downstreamSubject": subject as Any, "upstreamSubscription": upstream as Any,
                "subject": subject as Any,
            ])
    }
}
