extension Publishers {
    /// A publisher that sends `true` and finishes as soon as the upstream sends a given
    /// value, or `false` if the upstream finishes without it.
    public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
        /// Whether the value was found.
        public typealias Output = Bool
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher searched.
        public let upstream: Upstream
        /// The value looked for.
        public let output: Upstream.Output

        /// Makes the publisher; usually written `upstream.contains(output)`.
        @inlinable
        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber`; it gets one value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let wanted = output
            ContainsWhere(upstream: upstream) { $0 == wanted }.receive(subscriber: subscriber, name: .contains)
        }
    }

    /// A publisher that sends `true` and finishes as soon as the upstream sends a value a
    /// predicate accepts, or `false` if the upstream finishes without one.
    public struct ContainsWhere<Upstream: Publisher>: Publisher {
        /// Whether a value was found.
        public typealias Output = Bool
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher searched.
        public let upstream: Upstream
        /// Returns `true` for the value looked for.
        public let predicate: (Upstream.Output) -> Bool

        /// Makes the publisher; usually written `upstream.contains(where:)`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`; it gets one value.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            receive(subscriber: subscriber, name: .containsWhere)
        }

        /// Attaches `subscriber`, whose subscription calls itself after `name` (`contains(_:)`
        /// reuses this search under its own name, as Combine names them apart).
        @inlinable
        func receive<S: Subscriber>(subscriber: S, name: StepOperatorName)
        where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, Void>(
                        name: name, downstream: subscriber, state: (),
                        step: { _, value in predicate(value) ? .emitAndFinish(true) : .drop },
                        finishing: { _, completion in .answering(false, after: completion) })))
        }
    }

    /// A publisher that sends `true` and finishes as soon as the upstream sends a value a
    /// throwing predicate accepts, or `false` if the upstream finishes without one.
    public struct TryContainsWhere<Upstream: Publisher>: Publisher {
        /// Whether a value was found.
        public typealias Output = Bool
        /// Any error: the upstream's or one thrown by the predicate.
        public typealias Failure = any Error

        /// The publisher searched.
        public let upstream: Upstream
        /// Returns `true` for the value looked for, or throws to fail.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Makes the publisher; usually written `upstream.tryContains(where:)`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`; it gets one value, or the error.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, Void>(
                        name: .tryContainsWhere, downstream: subscriber, state: (),
                        step: { _, value in
                            do { return try predicate(value) ? .emitAndFinish(true) : .drop } catch {
                                return .fail(error)
                            }
                        },
                        finishing: { _, completion in .answeringAsError(false, after: completion) })))
        }
    }
}

extension Publisher where Output: Equatable {
    /// Sends `true` as soon as the upstream sends `output` (then finishes and cancels the
    /// upstream), or `false` once the upstream finishes without it.
    ///
    /// ```swift
    /// let keys = PassthroughSubject<String, Never>()
    /// let quit = keys.contains("q")   // sends true at the first "q"
    /// ```
    @inlinable
    public func contains(_ output: Output) -> Publishers.Contains<Self> {
        Publishers.Contains(upstream: self, output: output)
    }
}

extension Publisher {
    /// Sends `true` as soon as `predicate` accepts a value (then finishes and cancels the
    /// upstream), or `false` once the upstream finishes without such a value.
    ///
    /// ```swift
    /// let readings = PassthroughSubject<Double, Never>()
    /// let overheated = readings.contains { $0 > 90 }
    /// ```
    @inlinable
    public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
        Publishers.ContainsWhere(upstream: self, predicate: predicate)
    }

    /// Like ``contains(where:)``, with a predicate that may throw: the error becomes the
    /// stream's failure and the upstream is cancelled.
    ///
    /// ```swift
    /// let hasAdmin = names.tryContains { name in
    ///     guard !name.isEmpty else { throw ValidationError.emptyName }
    ///     return name == "admin"
    /// }
    /// ```
    @inlinable
    public func tryContains(
        where predicate: @escaping (Output) throws -> Bool
    ) -> Publishers.TryContainsWhere<Self> {
        Publishers.TryContainsWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers.Contains: Equatable where Upstream: Equatable {
    /// Whether both look for the same value in equal upstreams.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream && lhs.output == rhs.output
    }
}
