extension Publishers {
    /// A publisher that skips values while a predicate accepts them, then passes on the
    /// first rejected value and everything after it.
    public struct DropWhile<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose leading values are skipped.
        public let upstream: Upstream
        /// Returns `true` for a leading value to skip.
        public let predicate: (Upstream.Output) -> Bool

        /// Makes the publisher; usually written `upstream.drop(while:)`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` behind the skipping.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Bool>(
                    name: .dropWhile, downstream: subscriber, state: true,
                    step: { dropping, value in
                        // Once a value is let through the predicate is not asked again.
                        if dropping {
                            if predicate(value) { return .drop }
                            dropping = false
                        }
                        return .emit(value)
                    },
                    finishing: { _, completion in .forwarding(completion) }))
        }
    }

    /// A publisher that skips values while a predicate that may throw accepts them; a
    /// thrown error fails the stream and cancels the upstream.
    public struct TryDropWhile<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// Any error: the upstream's or one thrown by the predicate.
        public typealias Failure = any Error

        /// The publisher whose leading values are skipped.
        public let upstream: Upstream
        /// Returns `true` for a leading value to skip, or throws to fail.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Makes the publisher; usually written `upstream.tryDrop(while:)`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber` behind the skipping.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(
                subscriber: StepSubscriber<Upstream, S, Bool>(
                    name: .tryDropWhile, downstream: subscriber, state: true,
                    step: { dropping, value in
                        if dropping {
                            do {
                                if try predicate(value) { return .drop }
                            } catch {
                                return .fail(error)
                            }
                            dropping = false
                        }
                        return .emit(value)
                    },
                    finishing: { _, completion in .forwardingAsError(completion) }))
        }
    }
}

extension Publisher {
    /// Skips values while `predicate` returns `true`; from the first value it rejects on,
    /// passes everything on without asking it again.
    ///
    /// ```swift
    /// let afterWarmUp = readings.drop { $0 < 20 }   // 12, 18, 25, 15 → 25, 15
    /// ```
    @inlinable
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }

    /// Like ``drop(while:)``, with a predicate that may throw: the error becomes the
    /// stream's failure and the upstream is cancelled.
    ///
    /// ```swift
    /// let body = lines.tryDrop { line in
    ///     guard line.isASCII else { throw ParseError.binary }
    ///     return line.hasPrefix("#")
    /// }
    /// ```
    @inlinable
    public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
        Publishers.TryDropWhile(upstream: self, predicate: predicate)
    }
}
