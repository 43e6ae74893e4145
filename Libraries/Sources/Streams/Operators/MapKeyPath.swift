extension Publishers {
    /// A publisher that replaces every value with the value at a key path.
    public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
        /// The upstream's failure, passed through unchanged.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are read.
        public let upstream: Upstream
        /// The key path read from each value.
        public let keyPath: KeyPath<Upstream.Output, Output>

        @inlinable
        init(upstream: Upstream, keyPath: KeyPath<Upstream.Output, Output>) {
            self.upstream = upstream
            self.keyPath = keyPath
        }

        /// Attaches `subscriber` behind the key-path read.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: ValueForKeySubscriber(downstream: subscriber, keyPath: keyPath))
        }
    }

    /// A publisher that replaces every value with the values at two key paths.
    public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: Publisher {
        /// A pair of the two properties.
        public typealias Output = (Output0, Output1)
        /// The upstream's failure, passed through unchanged.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are read.
        public let upstream: Upstream
        /// The first key path.
        public let keyPath0: KeyPath<Upstream.Output, Output0>
        /// The second key path.
        public let keyPath1: KeyPath<Upstream.Output, Output1>

        @inlinable
        init(
            upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>, keyPath1: KeyPath<Upstream.Output, Output1>
        ) {
            self.upstream = upstream
            self.keyPath0 = keyPath0
            self.keyPath1 = keyPath1
        }

        /// Attaches `subscriber` behind the key-path reads.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (keyPath0, keyPath1) = (keyPath0, keyPath1)
            upstream.receive(
                subscriber: ValueForKeysSubscriber(
                    downstream: subscriber, keyPaths: [keyPath0, keyPath1],
                    read: { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) }))
        }
    }

    /// A publisher that replaces every value with the values at three key paths.
    public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher {
        /// A triple of the three properties.
        public typealias Output = (Output0, Output1, Output2)
        /// The upstream's failure, passed through unchanged.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are read.
        public let upstream: Upstream
        /// The first key path.
        public let keyPath0: KeyPath<Upstream.Output, Output0>
        /// The second key path.
        public let keyPath1: KeyPath<Upstream.Output, Output1>
        /// The third key path.
        public let keyPath2: KeyPath<Upstream.Output, Output2>

        @inlinable
        init(
            upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>,
            keyPath1: KeyPath<Upstream.Output, Output1>, keyPath2: KeyPath<Upstream.Output, Output2>
        ) {
            self.upstream = upstream
            self.keyPath0 = keyPath0
            self.keyPath1 = keyPath1
            self.keyPath2 = keyPath2
        }

        /// Attaches `subscriber` behind the key-path reads.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (keyPath0, keyPath1, keyPath2) = (keyPath0, keyPath1, keyPath2)
            upstream.receive(
                subscriber: ValueForKeysSubscriber(
                    downstream: subscriber, keyPaths: [keyPath0, keyPath1, keyPath2],
                    read: { ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]) }))
        }
    }
}

extension Publisher {
    /// Replaces every value with the value at `keyPath`.
    ///
    /// ```swift
    /// struct User { var name: String }
    /// let names = users.publisher.map(\.name)
    /// ```
    @inlinable
    public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.MapKeyPath<Self, T> {
        Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
    }

    /// Replaces every value with a pair of the values at two key paths.
    @inlinable
    public func map<T0, T1>(
        _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>
    ) -> Publishers.MapKeyPath2<Self, T0, T1> {
        Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
    }

    /// Replaces every value with a triple of the values at three key paths.
    @inlinable
    public func map<T0, T1, T2>(
        _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>, _ keyPath2: KeyPath<Output, T2>
    ) -> Publishers.MapKeyPath3<Self, T0, T1, T2> {
        Publishers.MapKeyPath3(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
    }
}

/// The subscriber a one-key-path `map` puts upstream: reads the key path of every value
/// inline, like ``MapSubscriber`` with a closure, and keeps the key path to show it, as
/// Combine's `"ValueForKey"` does.
@usableFromInline
struct ValueForKeySubscriber<Input, Downstream: Subscriber>: ForwardingSubscriber {
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let keyPath: KeyPath<Input, Downstream.Input>

    @inlinable
    init(downstream: Downstream, keyPath: KeyPath<Input, Downstream.Input>) {
        self.downstream = downstream
        self.keyPath = keyPath
    }

    @inlinable @inline(__always)
    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input[keyPath: keyPath])
    }
}

extension ValueForKeySubscriber: CombineReflectable {
    @usableFromInline var description: String { "ValueForKey" }
    /// The key path read, as in Combine's mirror.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: ["keyPath": keyPath]) }
}

/// The subscriber a two- or three-key-path `map` puts upstream: reads the key paths of
/// every value with one closure, and keeps them to show them, as Combine's
/// `"ValueForKeys"` does.
@usableFromInline
struct ValueForKeysSubscriber<Input, Downstream: Subscriber>: ForwardingSubscriber {
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    /// The key paths, for the mirror only.
    @usableFromInline let keyPaths: [AnyKeyPath]
    @usableFromInline let read: (Input) -> Downstream.Input

    @inlinable
    init(downstream: Downstream, keyPaths: [AnyKeyPath], read: @escaping (Input) -> Downstream.Input) {
        self.downstream = downstream
        self.keyPaths = keyPaths
        self.read = read
    }

    @inlinable @inline(__always)
    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(read(input))
    }
}

extension ValueForKeysSubscriber: CombineReflectable {
    @usableFromInline var description: String { "ValueForKeys" }
    /// The key paths read, as `keyPath0`, `keyPath1`..., as in Combine's mirror.
    @usableFromInline var customMirror: Mirror {
        Mirror(self, children: keyPaths.enumerated().map { (label: "keyPath\($0.offset)", value: $0.element) })
    }
}
