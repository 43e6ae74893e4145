extension Publishers {
    /// A publisher that turns a failure into one last value, then finishes.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// It cannot fail.
        public typealias Failure = Never

        /// The value sent in place of a failure.
        public let output: Upstream.Output
        /// The publisher whose failure is replaced.
        public let upstream: Upstream

        /// Makes the publisher; usually written `upstream.replaceError(with:)`.
        @inlinable
        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber` behind the replacement.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            let output = output
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Void>(
                    name: .replaceError, downstream: subscriber, state: (),
                    step: { _, value in .emit(value) },
                    finishing: { _, completion in
                        if case .failure = completion { return .emitAndFinish(output) }
                        return .finish
                    }))
        }
    }
}

extension Publisher {
    /// Replaces a failure with `output` (sent when demand allows), then finishes.
    ///
    /// ```swift
    /// let count = fetchCount().replaceError(with: 0)
    /// ```
    @inlinable
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }
}

extension Publishers.ReplaceError: Equatable where Upstream: Equatable, Upstream.Output: Equatable {
    /// Whether both replace equal upstreams' failure with equal values.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream && lhs.output == rhs.output
    }
}
