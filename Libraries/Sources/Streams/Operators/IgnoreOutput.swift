extension Publishers {
    /// A publisher that drops every upstream value and passes on only the completion.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher {
        /// No values are ever sent.
        public typealias Output = Never
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are ignored.
        public let upstream: Upstream

        /// Makes the publisher; usually written `upstream.ignoreOutput()`.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`; it gets only the completion.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(
                subscriber: UnlimitedUpstreamDemand(
                    StepSubscriber<Upstream, S, Void>(
                        name: .ignoreOutput, downstream: subscriber, state: (),
                        step: { _, _ in .drop },
                        finishing: { _, completion in .forwarding(completion) })))
        }
    }
}

extension Publisher {
    /// Drops every value and passes on only whether the upstream finished or failed.
    ///
    /// ```swift
    /// let saved = upload.ignoreOutput()   // only the completion of the upload
    /// ```
    @inlinable
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {
    /// Whether both ignore the values of equal upstreams.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream
    }
}
