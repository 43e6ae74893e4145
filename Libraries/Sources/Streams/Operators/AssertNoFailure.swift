extension Publishers {
    /// A publisher that stops the program if its upstream fails, and otherwise passes
    /// everything on: a failure here is a programming error.
    public struct AssertNoFailure<Upstream: Publisher>: Publisher {
        /// The upstream's values, unchanged.
        public typealias Output = Upstream.Output
        /// A failure never reaches the subscriber: it stops the program instead.
        public typealias Failure = Never

        /// The publisher that must not fail.
        public let upstream: Upstream
        /// The text put before the error in the message the program stops with.
        public let prefix: String
        /// The source file named in that message.
        public let file: StaticString
        /// The line named in that message.
        public let line: UInt

        /// Makes the publisher; usually written `upstream.assertNoFailure()`.
        @inlinable
        public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
            self.upstream = upstream
            self.prefix = prefix
            self.file = file
            self.line = line
        }

        /// Attaches `subscriber` behind the assertion.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(
                subscriber: AssertNoFailureSubscriber<Upstream.Failure, S>(
                    downstream: subscriber, prefix: prefix, file: file, line: line))
        }
    }
}

extension Publisher {
    /// Stops the program with a fatal error if the upstream fails; values and a normal
    /// finish pass on unchanged, with the failure type `Never`.
    ///
    /// ```swift
    /// let settings = loadBundledSettings()   // fails only if the app is broken
    ///     .assertNoFailure("bundled settings")
    ///     .sink { apply($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - prefix: Text put before the error in the message.
    ///   - file: The file named in the message; the caller's by default.
    ///   - line: The line named in the message; the caller's by default.
    @inlinable
    public func assertNoFailure(
        _ prefix: String = "", file: StaticString = #file, line: UInt = #line
    ) -> Publishers.AssertNoFailure<Self> {
        Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
    }
}

/// Forwards everything, turning a failure into a fatal error.
@usableFromInline
struct AssertNoFailureSubscriber<UpstreamFailure: Error, Downstream: Subscriber>: ForwardingSubscriber
where Downstream.Failure == Never {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = UpstreamFailure

    @usableFromInline let downstream: Downstream
    @usableFromInline let prefix: String
    @usableFromInline let file: StaticString
    @usableFromInline let line: UInt

    @inlinable
    init(downstream: Downstream, prefix: String, file: StaticString, line: UInt) {
        self.downstream = downstream
        self.prefix = prefix
        self.file = file
        self.line = line
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        switch completion {
        case .finished:
            downstream.receive(completion: .finished)
        case .failure(let error):
            let lead = prefix.isEmpty ? "" : prefix + ": "
            fatalError("\(lead)\(error)", file: file, line: line)
        }
    }
}

extension AssertNoFailureSubscriber: CombineReflectable {
    @usableFromInline var description: String { "AssertNoFailure" }
    /// Where the assertion was written and its message prefix, as in Combine's mirror.
    @usableFromInline var customMirror: Mirror {
        Mirror(self, children: ["file": file, "line": line, "prefix": prefix])
    }
}
