extension Publishers {
    /// A publisher that sends only the values at a range of positions, then finishes.
    /// `prefix(n)` is `output(in: 0..<n)`.
    public struct Output<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are selected.
        public let upstream: Upstream
        /// The zero-based positions of the values to send.
        public let range: CountableRange<Int>

        /// Makes the publisher; usually written `upstream.prefix(n)` or `output(in:)`.
        @inlinable
        public init(upstream: Upstream, range: CountableRange<Int>) {
            precondition(range.lowerBound >= 0, "output(in:) needs a range of non-negative positions")
            self.upstream = upstream
            self.range = range
        }

        /// Attaches `subscriber`; it finishes after the last position in ``range``.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let range = range
            if range.isEmpty {
                // Nothing can be selected: subscribe anyway (the upstream may have work to
                // start) but finish at once.
                upstream.receive(
                    subscriber: StepSubscriber<Upstream, S, Int>(
                        name: .output, downstream: subscriber, state: 0,
                        step: { _, _ in .finish },
                        finishing: { _, completion in .forwarding(completion) }))
                return
            }
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Int>(
                    name: .output, downstream: subscriber, state: 0,
                    step: { position, value in
                        defer { position += 1 }
                        if position < range.lowerBound { return .drop }
                        return position == range.upperBound - 1 ? .emitAndFinish(value) : .emit(value)
                    },
                    finishing: { _, completion in .forwarding(completion) }))
        }
    }
}

extension Publisher {
    /// Sends the first `maxLength` values, then finishes and cancels the upstream.
    ///
    /// ```swift
    /// let firstTwo = [1, 2, 3].publisher.prefix(2)   // 1, 2
    /// ```
    @inlinable
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        output(in: 0..<maxLength)
    }

    /// Sends only the value at zero-based position `index`, then finishes.
    @inlinable
    public func output(at index: Int) -> Publishers.Output<Self> {
        output(in: index..<(index + 1))
    }

    /// Sends only the values at the zero-based positions in `range`, then finishes.
    @inlinable
    public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
        Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
    }
}

extension Publishers.Output: Equatable where Upstream: Equatable {
    /// Whether both republish the same range of values of equal upstreams.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream && lhs.range == rhs.range
    }
}
