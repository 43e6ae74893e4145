extension Publishers {
    /// A connectable wrapper around a publisher that cannot fail: subscribers attach first,
    /// and values start flowing to all of them at ``connect()``.
    public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        @usableFromInline let multicast: Multicast<Upstream, PassthroughSubject<Output, Failure>>

        /// Makes the publisher; usually written `upstream.makeConnectable()`.
        @inlinable
        public init(upstream: Upstream) {
            multicast = Multicast(upstream: upstream, createSubject: { PassthroughSubject() })
        }

        /// Attaches `subscriber`; it receives values once connected.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            multicast.subscribe(subscriber)
        }

        /// Starts the upstream. Cancel the result to stop it.
        @inlinable
        public func connect() -> any Cancellable {
            multicast.connect()
        }
    }
}

extension Publisher where Failure == Never {
    /// Makes this publisher connectable, so that several subscribers can attach before
    /// values start flowing with `connect()`.
    ///
    /// ```swift
    /// let numbers = [1, 2, 3].publisher.makeConnectable()
    /// let a = numbers.sink { print("a", $0) }
    /// let b = numbers.sink { print("b", $0) }
    /// let connection = numbers.connect()
    /// ```
    @inlinable
    public func makeConnectable() -> Publishers.MakeConnectable<Self> {
        Publishers.MakeConnectable(upstream: self)
    }
}
