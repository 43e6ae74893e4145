extension Publishers {
    /// A publisher that passes on the values a throwing predicate accepts; a thrown error
    /// fails the stream.
    public struct TryFilter<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// Any error: the upstream's or one thrown by ``isIncluded``.
        public typealias Failure = any Error

        /// The publisher whose values are filtered.
        public let upstream: Upstream
        /// Returns `true` for the values to keep, or throws to fail.
        public let isIncluded: (Upstream.Output) throws -> Bool

        /// Makes the publisher; usually written `upstream.tryFilter(isIncluded)`.
        @inlinable
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Attaches `subscriber` behind the filter.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let isIncluded = isIncluded
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Void>(
                    name: .tryFilter, downstream: subscriber, state: (),
                    step: { _, value in
                        do { return try isIncluded(value) ? .emit(value) : .drop } catch { return .fail(error) }
                    },
                    finishing: { _, completion in .forwardingAsError(completion) }))
        }
    }
}

extension Publisher {
    /// Passes on the values for which `isIncluded` returns `true`; if it throws, the
    /// stream fails with that error.
    ///
    /// ```swift
    /// let valid = inputs.tryFilter { input in
    ///     guard !input.isEmpty else { throw FormError.empty }
    ///     return input.count < 80
    /// }
    /// ```
    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
        Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers.Filter {
    /// Fuses a `tryFilter` into this `filter`, as Combine does: the result is one
    /// `TryFilter`; a value passes when both predicates accept it, and `isIncluded` is
    /// asked only about values this filter keeps.
    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
}

extension Publishers.TryFilter {
    /// Fuses a `filter` into this `tryFilter`, as Combine does: a value passes when both
    /// predicates accept it, and this one is asked first.
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }

    /// Fuses a second `tryFilter` into this one, as Combine does: a value passes when
    /// both predicates accept it; an error thrown by either fails the stream.
    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
}
