extension Publishers {
    /// A publisher that passes the upstream's values on and, if the upstream finishes
    /// without sending any, sends a replacement value before finishing.
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose empty stream is replaced.
        public let upstream: Upstream
        /// The value sent when the upstream finishes empty.
        public let output: Upstream.Output

        /// Makes the publisher; usually written `upstream.replaceEmpty(with:)`.
        @inlinable
        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber` behind the replacement.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let replacement = output
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Bool>(
                    name: .replaceEmpty, downstream: subscriber, state: false,
                    step: { sentAny, value in
                        sentAny = true
                        return .emit(value)
                    },
                    finishing: { sentAny, completion in
                        if case .failure(let error) = completion { return .fail(error) }
                        return sentAny ? .finish : .emitAndFinish(replacement)
                    }))
        }
    }
}

extension Publisher {
    /// Sends `output` if the upstream finishes without sending a value; otherwise passes
    /// everything on unchanged. A failure is passed on, not replaced.
    ///
    /// ```swift
    /// let results = search.replaceEmpty(with: [])   // an empty search still sends []
    /// ```
    @inlinable
    public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }
}

extension Publishers.ReplaceEmpty: Equatable where Upstream: Equatable, Upstream.Output: Equatable {
    /// Whether both put the same value in place of an empty stream of equal upstreams.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream && lhs.output == rhs.output
    }
}
