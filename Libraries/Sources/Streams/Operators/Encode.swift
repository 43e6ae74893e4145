extension Publisher where Output: Encodable {
    /// Encodes each value with `encoder`; an encoding error fails the stream with that
    /// error.
    ///
    /// ```swift
    /// settings.encode(encoder: JSONEncoder())   // a publisher of Data
    /// ```
    public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> {
        Publishers.Encode(upstream: self, encoder: encoder)
    }
}

extension Publishers {
    /// A publisher that encodes its upstream's values. Created by `encode(encoder:)`.
    public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher where Upstream.Output: Encodable {
        /// What the encoder produces.
        public typealias Output = Coder.Output
        /// Encoding can fail with any error, and the upstream's failure is passed on as is.
        public typealias Failure = any Error

        /// The publisher of values to encode.
        public let upstream: Upstream
        private let encoder: Coder

        /// Creates a publisher encoding `upstream`'s values with `encoder`.
        public init(upstream: Upstream, encoder: Coder) {
            self.upstream = upstream
            self.encoder = encoder
        }

        /// Subscribes `subscriber` to the upstream through an encoding step.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let encoder = self.encoder
            // A throwing map is exactly encode's behaviour: the first error fails the stream
            // and cancels the upstream. Named "Encode", as Combine's is.
            upstream.subscribe(
                StepSubscriber<Upstream, S, Void>(
                    name: .encode, downstream: subscriber, state: (),
                    step: { _, value in
                        do { return .emit(try encoder.encode(value)) } catch { return .fail(error) }
                    },
                    finishing: { _, completion in .forwardingAsError(completion) }))
        }
    }
}
