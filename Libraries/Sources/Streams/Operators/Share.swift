extension Publishers {
    /// A publisher that shares one upstream subscription among all its subscribers:
    /// `multicast` through a `PassthroughSubject`, plus `autoconnect`.
    ///
    /// Subscribers that arrive later miss the values sent before they came.
    public final class Share<Upstream: Publisher>: Publisher, Equatable, @unchecked Sendable {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The shared publisher.
        public let upstream: Upstream

        @usableFromInline let shared: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

        /// Makes the publisher; usually written `upstream.share()`.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
            shared = Multicast(upstream: upstream, createSubject: { PassthroughSubject() }).autoconnect()
        }

        /// Attaches `subscriber`; the first one starts the upstream.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            shared.subscribe(subscriber)
        }

        /// Whether both are the same instance.
        public static func == (lhs: Share, rhs: Share) -> Bool {
            lhs === rhs
        }
    }
}

extension Publisher {
    /// Shares one subscription to this publisher among all subscribers, starting with the
    /// first and stopping when all have cancelled. Late subscribers miss earlier values.
    ///
    /// ```swift
    /// let profile = fetchProfile().share()
    /// let name = profile.map(\.name).sink { nameLabel.text = $0 }
    /// let avatar = profile.map(\.avatarURL).sink { load($0) }   // one fetch, not two
    /// ```
    @inlinable
    public func share() -> Publishers.Share<Self> {
        Publishers.Share(upstream: self)
    }
}
