extension Publishers {
    /// A publisher that combines all values into one, sent when the upstream finishes.
    public struct Reduce<Upstream: Publisher, Output>: Publisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are combined.
        public let upstream: Upstream
        /// The result before the first value.
        public let initial: Output
        /// Combines the result so far with the next value.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// Makes the publisher; usually written `upstream.reduce(initial, next)`.
        @inlinable
        public init(
            upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber`; it gets one value when the upstream finishes.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, Output>(
                        name: .reduce, downstream: subscriber, state: initial,
                        step: { result, value in
                            result = next(result, value)
                            return .drop
                        },
                        finishing: { result, completion in .answering(result, after: completion) })))
        }
    }

    /// A publisher that combines all values into one with a closure that may throw.
    public struct TryReduce<Upstream: Publisher, Output>: Publisher {
        /// Any error: the upstream's or one thrown by the closure.
        public typealias Failure = any Error

        /// The publisher whose values are combined.
        public let upstream: Upstream
        /// The result before the first value.
        public let initial: Output
        /// Combines the result so far with the next value, or throws to fail.
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        /// Makes the publisher; usually written `upstream.tryReduce(initial, next)`.
        @inlinable
        public init(
            upstream: Upstream, initial: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber`; it gets one value when the upstream finishes.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, Output>(
                        name: .tryReduce, downstream: subscriber, state: initial,
                        step: { result, value in
                            do {
                                result = try next(result, value)
                                return .drop
                            } catch {
                                return .fail(error)
                            }
                        },
                        finishing: { result, completion in .answeringAsError(result, after: completion) })))
        }
    }
}

extension Publisher {
    /// Combines every value into one result, sent when the upstream finishes.
    ///
    /// ```swift
    /// let sum = [1, 2, 3].publisher.reduce(0, +)   // 6
    /// ```
    @inlinable
    public func reduce<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
    ) -> Publishers.Reduce<Self, T> {
        Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Like ``reduce(_:_:)``, with a closure that may throw to fail the stream.
    @inlinable
    public func tryReduce<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
    ) -> Publishers.TryReduce<Self, T> {
        Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }
}
