extension Publisher {
    /// Decodes each value with `decoder` into a `type` value; a decoding error fails the
    /// stream with that error.
    ///
    /// ```swift
    /// URLSession.shared.dataTaskPublisher(for: url)
    ///     .map(\.data)
    ///     .decode(type: [Post].self, decoder: JSONDecoder())
    /// ```
    public func decode<Item: Decodable, Coder: TopLevelDecoder>(
        type: Item.Type,
        decoder: Coder
    ) -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input {
        Publishers.Decode(upstream: self, decoder: decoder)
    }
}

extension Publishers {
    /// A publisher that decodes its upstream's values. Created by
    /// `decode(type:decoder:)`.
    public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher
    where Upstream.Output == Coder.Input {
        /// Decoding can fail with any error, and the upstream's failure is passed on as is.
        public typealias Failure = any Error

        /// The publisher of encoded input.
        public let upstream: Upstream
        private let decoder: Coder

        /// Creates a publisher decoding `upstream`'s values with `decoder`.
        public init(upstream: Upstream, decoder: Coder) {
            self.upstream = upstream
            self.decoder = decoder
        }

        /// Subscribes `subscriber` to the upstream through a decoding step.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let decoder = self.decoder
            // A throwing map is exactly decode's behaviour: the first error fails the stream
            // and cancels the upstream. Named "Decode", as Combine's is.
            upstream.subscribe(
                StepSubscriber<Upstream, S, Void>(
                    name: .decode, downstream: subscriber, state: (),
                    step: { _, value in
                        do { return .emit(try decoder.decode(Output.self, from: value)) } catch { return .fail(error) }
                    },
                    finishing: { _, completion in .forwardingAsError(completion) }))
        }
    }
}
