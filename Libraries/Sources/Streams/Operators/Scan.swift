extension Publishers {
    /// A publisher that sends each step of a running accumulation.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are accumulated.
        public let upstream: Upstream
        /// The accumulator before the first value.
        public let initialResult: Output
        /// Combines the accumulator with the next value.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// Makes the publisher; usually written `upstream.scan(initial, next)`.
        @inlinable
        public init(
            upstream: Upstream, initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber` behind the accumulation.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Output>(
                    name: .scan, downstream: subscriber, state: initialResult,
                    step: { accumulator, value in
                        accumulator = next(accumulator, value)
                        return .emit(accumulator)
                    },
                    finishing: { _, completion in .forwarding(completion) }))
        }
    }

    /// A publisher that sends each step of a running accumulation whose closure may throw.
    public struct TryScan<Upstream: Publisher, Output>: Publisher {
        /// Any error: the upstream's or one thrown by the closure.
        public typealias Failure = any Error

        /// The publisher whose values are accumulated.
        public let upstream: Upstream
        /// The accumulator before the first value.
        public let initialResult: Output
        /// Combines the accumulator with the next value, or throws to fail.
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        /// Makes the publisher; usually written `upstream.tryScan(initial, next)`.
        @inlinable
        public init(
            upstream: Upstream, initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber` behind the accumulation.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Output>(
                    name: .tryScan, downstream: subscriber, state: initialResult,
                    step: { accumulator, value in
                        do {
                            accumulator = try next(accumulator, value)
                            return .emit(accumulator)
                        } catch {
                            return .fail(error)
                        }
                    },
                    finishing: { _, completion in .forwardingAsError(completion) }))
        }
    }
}

extension Publisher {
    /// Sends the running result of combining each value with the previous result.
    ///
    /// ```swift
    /// let totals = [1, 2, 3].publisher.scan(0, +)   // 1, 3, 6
    /// ```
    @inlinable
    public func scan<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
    ) -> Publishers.Scan<Self, T> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Like ``scan(_:_:)``, with a closure that may throw to fail the stream.
    @inlinable
    public func tryScan<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
    ) -> Publishers.TryScan<Self, T> {
        Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}
