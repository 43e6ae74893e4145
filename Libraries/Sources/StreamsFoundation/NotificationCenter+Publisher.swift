import Foundation

extension NotificationCenter {
    /// A publisher of the notifications named `name` (and, if given, posted by `object`)
    /// that this center posts.
    ///
    /// ```swift
    /// NotificationCenter.default.publisher(for: .settingsChanged).sink { reload($0) }
    /// ```
    ///
    /// Each subscriber registers an observer when it subscribes and removes it when it
    /// cancels. Notifications posted while the subscriber has no outstanding demand are
    /// dropped, as in Combine. Values are delivered on the posting thread.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name, object: object)
    }

    /// A publisher of a notification center's notifications of one name. Created by
    /// `publisher(for:object:)`.
    public struct Publisher: Streams.Publisher {
        /// Each posted notification.
        public typealias Output = Notification
        /// Observing never fails.
        public typealias Failure = Never

        /// The center observed.
        public let center: NotificationCenter
        /// The notification name observed.
        public let name: Notification.Name
        /// The only sender observed, or `nil` for any sender.
        public let object: AnyObject?

        /// Creates a publisher of `center`'s notifications named `name` from `object`.
        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        /// Registers an observer for `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = NotificationSubscription(center: center, downstream: subscriber)
            subscriber.receive(subscription: subscription)
            subscription.observe(name: name, object: object)
        }
    }
}

/// What the observer block calls.
private protocol NotificationReceiving: AnyObject, Sendable {
    func deliver(_ notification: Notification)
}

/// Forwards one observer's notifications to one subscriber, within its demand.
private final class NotificationSubscription<Downstream: Subscriber>: Subscription, NotificationReceiving,
    CustomStringConvertible, @unchecked Sendable
where Downstream.Input == Notification, Downstream.Failure == Never {
    // `@unchecked`: mutable state is guarded by `lock`; notifications are delivered on the
    // posting thread, outside the lock.
    private let lock = NSLock()
    private let center: NotificationCenter
    private var downstream: Downstream?
    private var observer: (any NSObjectProtocol)?
    private var demand = Subscribers.Demand.none

    init(center: NotificationCenter, downstream: Downstream) {
        self.center = center
        self.downstream = downstream
    }

    var description: String { "NotificationCenter Observer" }

    func observe(name: Notification.Name, object: AnyObject?) {
        // Captured as a non-generic existential: the observer block is @Sendable and must
        // not capture the generic `Downstream` type itself.
        weak let receiver: (any NotificationReceiving)? = self
        let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
            receiver?.deliver(notification)
        }
        lock.lock()
        guard downstream != nil else {
            // Cancelled while subscribing.
            lock.unlock()
            center.removeObserver(token)
            return
        }
        observer = token
        lock.unlock()
    }

    func deliver(_ notification: Notification) {
        lock.lock()
        guard let downstream, demand > 0 else {
            lock.unlock()
            return
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(notification)
        if more > 0 {
            lock.lock()
            demand += more
            lock.unlock()
        }
    }

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        demand += more
        lock.unlock()
    }

    func cancel() {
        lock.lock()
        // Released after unlocking: this may be the last reference to the subscriber,
        // whose deinit may post the notification observed here.
        let released = downstream
        downstream = nil
        let observer = self.observer
        self.observer = nil
        lock.unlock()
        if let observer { center.removeObserver(observer) }
        withExtendedLifetime(released) {}
    }
}
