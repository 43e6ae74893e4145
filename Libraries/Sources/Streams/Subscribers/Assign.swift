extension Subscribers {
    /// A subscriber that writes every value to a property of an object. Usually made with
    /// ``Publisher/assign(to:on:)``.
    ///
    /// It keeps the object alive until the stream completes or is cancelled.
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible,
        @unchecked Sendable
    {
        /// `assign` never accepts a failure.
        public typealias Failure = Never

        @usableFromInline let lock = Lock()
        @usableFromInline @exclusivity(unchecked) var state = SubscriptionState.awaiting
        @usableFromInline @exclusivity(unchecked) var target: Root?

        /// The property written.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>

        /// The object written to, until completion or cancel.
        public var object: Root? {
            lock.lock()
            defer { lock.unlock() }
            return target
        }

        /// Makes a subscriber that writes to `object[keyPath: keyPath]`.
        @inlinable
        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.target = object
            self.keyPath = keyPath
        }

        /// Keeps the subscription and requests unlimited values.
        @inlinable
        public func receive(subscription: any Subscription) {
            lock.lock()
            let accepted = target != nil && state.attach(subscription)
            lock.unlock()
            if accepted {
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
        }

        /// Writes `value` to the property.
        @inlinable
        public func receive(_ value: Input) -> Subscribers.Demand {
            lock.lock()
            // As in Combine: a value before the subscription is ignored, as is one after
            // the completion or cancel (the target is gone then).
            let root = state.subscription == nil ? nil : target
            lock.unlock()
            root?[keyPath: keyPath] = value
            return .none
        }

        /// Lets go of the object.
        @inlinable
        public func receive(completion: Subscribers.Completion<Never>) {
            lock.lock()
            let released = target
            target = nil
            // Both let go of after unlocking: each may be the last reference to user code
            // (the object, the subscription) whose deinit may reach this subscriber.
            let upstream = state.terminate()
            lock.unlock()
            withExtendedLifetime((released, upstream)) {}
        }

        /// Cancels the subscription and lets go of the object.
        @inlinable
        public func cancel() {
            lock.lock()
            let released = target
            target = nil
            let upstream = state.terminate()
            lock.unlock()
            if let live = consume upstream { live.cancel() }
            withExtendedLifetime(released) {}
        }

        /// `"Assign"` with the object's type.
        public var description: String { "Assign \(Root.self)." }

        /// The object (`nil` once completed or cancelled), the key path and where the
        /// subscription stands, as Combine's mirror shows them.
        public var customMirror: Mirror {
            lock.lock()
            let (object, status) = (target, state)
            lock.unlock()
            return Mirror(self, children: ["object": object as Any, "keyPath": keyPath, "status": status])
        }

        /// The description, what a playground shows.
        public var playgroundDescription: Any { description }
    }
}

extension Publisher where Failure == Never {
    /// Writes every value to `object[keyPath: keyPath]`. The object is kept alive until the
    /// stream completes or the returned cancellable is cancelled.
    ///
    /// ```swift
    /// let cancellable = temperature.map { "\($0)°" }.assign(to: \.text, on: label)
    /// ```
    @inlinable
    public func assign<Root>(
        to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root
    ) -> AnyCancellable {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(assign)
        return AnyCancellable(assign)
    }
}
