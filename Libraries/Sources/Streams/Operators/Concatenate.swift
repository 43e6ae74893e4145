extension Publishers {
    /// A publisher that sends all of one publisher's values, then, once it finishes, all of
    /// another's. The second publisher is subscribed only when the first finishes; a
    /// failure of the first ends the stream without it.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
    where Prefix.Failure == Suffix.Failure, Prefix.Output == Suffix.Output {
        /// The values of both publishers.
        public typealias Output = Suffix.Output
        /// The failure of both publishers.
        public typealias Failure = Suffix.Failure

        /// The publisher whose values come first.
        public let prefix: Prefix
        /// The publisher subscribed to after ``prefix`` finishes.
        public let suffix: Suffix

        /// Makes the publisher; usually written `prefix.append(suffix)` or
        /// `suffix.prepend(prefix)`.
        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        /// Subscribes `subscriber` to ``prefix``, and to ``suffix`` when the prefix finishes.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = ConcatenateSubscription(downstream: subscriber, suffix: suffix)
            prefix.receive(subscriber: ConcatenateSide(owner: subscription, part: .prefix))
        }
    }
}

extension Publisher {
    /// Sends this publisher's values, then, once it finishes, `elements`.
    ///
    /// ```swift
    /// let log = PassthroughSubject<String, Never>()
    /// let withFooter = log.append("-- end --")
    /// ```
    public func append(
        _ elements: Output...
    ) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        append(Publishers.Sequence(sequence: elements))
    }

    /// Sends this publisher's values, then, once it finishes, the elements of `elements`.
    ///
    /// ```swift
    /// let moves = playerMoves.append(["resign"])
    /// ```
    public func append<S: Swift.Sequence>(
        _ elements: S
    ) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>> where S.Element == Output {
        append(Publishers.Sequence(sequence: elements))
    }

    /// Sends this publisher's values, then, once it finishes, those of `publisher` (which
    /// is subscribed to only then).
    ///
    /// ```swift
    /// let history = cachedMessages.append(liveMessages)
    /// ```
    public func append<P: Publisher>(
        _ publisher: P
    ) -> Publishers.Concatenate<Self, P> where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }

    /// Sends `elements` first, then this publisher's values (this publisher is subscribed
    /// to once they are sent).
    ///
    /// ```swift
    /// let volume = volumeChanges.prepend(50)   // starts with the default level
    /// ```
    public func prepend(
        _ elements: Output...
    ) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Sends the elements of `elements` first, then this publisher's values.
    ///
    /// ```swift
    /// let feed = newPosts.prepend(savedPosts)   // savedPosts: an array
    /// ```
    public func prepend<S: Swift.Sequence>(
        _ elements: S
    ) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self> where S.Element == Output {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Sends the values of `publisher` first, then, once it finishes, this publisher's
    /// values (this publisher is subscribed to only then).
    ///
    /// ```swift
    /// let messages = liveMessages.prepend(cachedMessages)
    /// ```
    public func prepend<P: Publisher>(
        _ publisher: P
    ) -> Publishers.Concatenate<P, Self> where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {
    /// Whether both concatenate equal prefixes and equal suffixes.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.prefix == rhs.prefix && lhs.suffix == rhs.suffix
    }
}

/// Which of the two concatenated publishers an event comes from.
enum ConcatenatePart {
    case prefix
    case suffix
}

/// The subscriber `Concatenate` gives each of its two publishers. Each part has its own
/// identity, so that events the prefix sends after the switch cannot be taken for the
/// suffix's.
struct ConcatenateSide<Suffix: Publisher, Downstream: Subscriber>: Subscriber
where Suffix.Output == Downstream.Input, Suffix.Failure == Downstream.Failure {
    typealias Input = Suffix.Output
    typealias Failure = Suffix.Failure

    let owner: ConcatenateSubscription<Suffix, Downstream>
    let part: ConcatenatePart
    let combineIdentifier = CombineIdentifier()

    func receive(subscription: any Subscription) {
        owner.receive(subscription: subscription, from: part)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        owner.receive(input, from: part)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        owner.receive(completion: completion, from: part)
    }
}

extension ConcatenateSide: CombineReflectable {
    /// `"Concatenate"`, as Combine's subscriber to either publisher calls itself.
    var description: String { "Concatenate" }
    /// No children, as in Combine.
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// The downstream's one subscription for the whole of a `Concatenate`: it passes demand to
/// whichever part is live and, when the prefix finishes, subscribes to the suffix and asks
/// it for the demand still outstanding.
///
/// The lock guards everything mutable and is released before any call to an upstream
/// subscription, the suffix or the downstream; references dropped under the lock are
/// released only after unlocking, since a release may run a deinit.
final class ConcatenateSubscription<Suffix: Publisher, Downstream: Subscriber>: Subscription,
    CustomStringConvertible, @unchecked Sendable
where Suffix.Output == Downstream.Input, Suffix.Failure == Downstream.Failure {
    // `@unchecked`: mutable state is guarded by `lock`.
    private let lock = Lock()
    private var downstream: Downstream?
    private var suffix: Suffix?
    /// The part whose events count; `nil` once the stream ended.
    private var live: ConcatenatePart? = .prefix
    private var upstream = SubscriptionState.awaiting
    private var outstanding = Subscribers.Demand.none

    init(downstream: Downstream, suffix: Suffix) {
        self.downstream = downstream
        self.suffix = suffix
    }

    var description: String { "Concatenate" }

    func receive(subscription: any Subscription, from part: ConcatenatePart) {
        lock.lock()
        guard live == part, let receiver = downstream, upstream.attach(subscription) else {
            lock.unlock()
            subscription.cancel()
            return
        }
        let demand = outstanding
        lock.unlock()
        switch part {
        case .prefix:
            // The downstream sees one subscription, made when the first part subscribes.
            receiver.receive(subscription: self)
        case .suffix:
            if demand.rawValue != 0 {
                subscription.request(demand)
            }
        }
    }

    func receive(_ input: Downstream.Input, from part: ConcatenatePart) -> Subscribers.Demand {
        lock.lock()
        guard live == part, let receiver = downstream else {
            lock.unlock()
            return .none
        }
        outstanding -= 1
        lock.unlock()
        let more = receiver.receive(input)
        if more.rawValue != 0 {
            lock.lock()
            outstanding += more
            lock.unlock()
        }
        return more
    }

    func receive(completion: Subscribers.Completion<Downstream.Failure>, from part: ConcatenatePart) {
        lock.lock()
        guard live == part, downstream != nil else {
            lock.unlock()
            return
        }
        if part == .prefix, case .finished = completion, let next = suffix {
            live = .suffix
            suffix = nil
            let finishedPrefix = upstream.terminate()
            upstream = .awaiting
            lock.unlock()
            withExtendedLifetime(finishedPrefix) {}
            next.receive(subscriber: ConcatenateSide(owner: self, part: .suffix))
            return
        }
        live = nil
        let ended = upstream.terminate()
        let receiver = downstream
        let unused = suffix
        downstream = nil
        suffix = nil
        lock.unlock()
        withExtendedLifetime((ended, unused)) {}
        receiver?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand.rawValue != 0 else { return }
        lock.lock()
        outstanding += demand
        let current = upstream.subscription
        lock.unlock()
        current?.request(demand)
    }

    func cancel() {
        lock.lock()
        live = nil
        let current = upstream.terminate()
        let released = (downstream, suffix)
        downstream = nil
        suffix = nil
        lock.unlock()
        current?.cancel()
        withExtendedLifetime(released) {}
    }
}

extension ConcatenateSubscription: CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// No children, as in Combine.
    var customMirror: Mirror { Mirror(self, children: [:]) }

    /// The operator's name, what a playground shows.
    var playgroundDescription: Any { description }
}
