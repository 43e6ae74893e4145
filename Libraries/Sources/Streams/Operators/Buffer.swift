extension Publishers {
    /// When a ``Buffer`` asks its upstream for values.
    public enum PrefetchStrategy: Equatable, Hashable, Sendable {
        /// Asks for as many values as the buffer holds when subscribing, then for one
        /// more each time a value leaves the buffer, keeping it full.
        case keepFull
        /// Asks for every value at once when subscribing.
        case byRequest
    }

    /// What a full ``Buffer`` does with the next value.
    public enum BufferingStrategy<Failure: Error> {
        /// Drops the value that just arrived.
        case dropNewest
        /// Drops the oldest buffered value to make room for it.
        case dropOldest
        /// Fails with the error the closure makes, cancelling the upstream. Values
        /// buffered before it are still delivered as the downstream asks for them.
        case customError(() -> Failure)
    }

    /// A publisher that holds up to `size` upstream values until the downstream asks
    /// for them.
    public struct Buffer<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure (also what ``BufferingStrategy/customError(_:)`` makes).
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are buffered.
        public let upstream: Upstream
        /// How many values the buffer holds.
        public let size: Int
        /// When the upstream is asked for values.
        public let prefetch: Publishers.PrefetchStrategy
        /// What happens to a value that arrives when the buffer is full.
        public let whenFull: Publishers.BufferingStrategy<Failure>

        /// Makes the publisher; usually written `upstream.buffer(size:prefetch:whenFull:)`.
        @inlinable
        public init(
            upstream: Upstream, size: Int, prefetch: Publishers.PrefetchStrategy,
            whenFull: Publishers.BufferingStrategy<Failure>
        ) {
            self.upstream = upstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        /// Attaches `subscriber` to the buffered values.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                BufferSubscription(downstream: subscriber, size: size, prefetch: prefetch, whenFull: whenFull))
        }
    }
}

extension Publisher {
    /// Holds up to `size` values the downstream has not asked for yet, so a fast
    /// upstream need not wait for a slow subscriber. With ``Publishers/PrefetchStrategy/keepFull``
    /// the upstream is asked for `size` values, then one more per value delivered; with
    /// ``Publishers/PrefetchStrategy/byRequest``, for everything. `whenFull` says what
    /// happens to a value that arrives when the buffer is full.
    ///
    /// A failure is delivered once the downstream has no demand left or the buffer is
    /// empty, dropping what is still buffered; a finish once every buffered value has
    /// been delivered and the downstream asks for more (as in Combine).
    ///
    /// ```swift
    /// let readings = sensor.buffer(size: 100, prefetch: .keepFull, whenFull: .dropOldest)
    /// ```
    @inlinable
    public func buffer(
        size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>
    ) -> Publishers.Buffer<Self> {
        Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
    }
}

/// The subscriber and subscription of ``Publishers/Buffer``. Deliveries are serial: the
/// thread that finds values to deliver and nobody delivering becomes the drainer and
/// delivers, without the lock, until there is nothing left it may deliver; other threads
/// only add values, demand or a completion for it to find.
@usableFromInline
final class BufferSubscription<Downstream: Subscriber>: Subscriber, Subscription, CombineReflectable,
    @unchecked Sendable
{
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let lock = Lock()
    @usableFromInline let size: Int
    @usableFromInline let prefetch: Publishers.PrefetchStrategy
    @usableFromInline let whenFull: Publishers.BufferingStrategy<Failure>
    @usableFromInline @exclusivity(unchecked) var upstream = SubscriptionState.awaiting
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var values = ValueQueue<Input>()
    /// How the upstream ended (or the buffer overflowed), waiting to be delivered.
    @usableFromInline @exclusivity(unchecked) var terminal: Subscribers.Completion<Failure>?
    @usableFromInline @exclusivity(unchecked) var isDraining = false

    @inlinable
    init(
        downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy,
        whenFull: Publishers.BufferingStrategy<Failure>
    ) {
        self.downstream = downstream
        self.size = size
        self.prefetch = prefetch
        self.whenFull = whenFull
    }

    @usableFromInline var description: String { "Buffer" }

    /// The values waiting, the upstream subscription's state, the outstanding demand and
    /// the completion waiting to go out, as Combine's mirror shows them.
    @usableFromInline var customMirror: Mirror {
        lock.lock()
        let children: [Mirror.Child] = [
            ("values", values.elements), ("state", upstream), ("downstreamDemand", demand),
            ("terminal", terminal as Any),
        ]
        lock.unlock()
        return Mirror(self, children: children)
    }

    // MARK: Upstream

    @inlinable
    func receive(subscription: any Subscription) {
        lock.lock()
        guard downstream != nil, upstream.attach(subscription) else {
            lock.unlock()
            subscription.cancel()
            return
        }
        let receiver = downstream
        lock.unlock()
        // As in Combine: the upstream is asked before the downstream gets its subscription.
        switch prefetch {
        case .keepFull:
            if size > 0 { subscription.request(.max(size)) }
        case .byRequest:
            subscription.request(.unlimited)
        }
        receiver?.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        // As in Combine, a value that arrives after a finish still waiting to be delivered
        // is buffered (before the finish); after a failure, or once the completion has
        // gone out, values are ignored.
        let isFinishing: Bool
        if case .finished? = terminal { isFinishing = true } else { isFinishing = false }
        guard downstream != nil, (upstream.subscription != nil && terminal == nil) || isFinishing else {
            lock.unlock()
            return .none
        }
        var dropped: Input?
        if values.count >= size {
            switch whenFull {
            case .dropNewest:
                lock.unlock()
                return drain()
            case .dropOldest:
                if !values.isEmpty { dropped = values.removeFirst() }
            case .customError(let makeError):
                let live = upstream.terminate()
                lock.unlock()
                live?.cancel()
                // The failure waits for the next delivery, after the values before it.
                let error = makeError()
                lock.lock()
                if case .failure? = terminal {} else { terminal = .failure(error) }
                lock.unlock()
                return .none
            }
        }
        if size > 0 { values.append(input) }
        lock.unlock()
        // A dropped value is released here, after unlocking: its deinit may send.
        withExtendedLifetime(dropped) {}
        return drain()
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard upstream.subscription != nil, terminal == nil else {
            lock.unlock()
            return
        }
        // Let go of at return, after unlocking: this may be the last reference to the
        // subscription, whose deinit may call back into this subscriber.
        let ended = upstream.terminate()
        defer { withExtendedLifetime(ended) {} }
        terminal = completion
        lock.unlock()
        _ = drain()
    }

    // MARK: Downstream

    @inlinable
    func request(_ more: Subscribers.Demand) {
        precondition(more.rawValue != 0, "request(.none) is not allowed: demand must be greater than zero")
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += more
        lock.unlock()
        let refill = drain()
        lock.lock()
        let live = upstream.subscription
        lock.unlock()
        if refill.rawValue != 0 {
            live?.request(refill)
        }
    }

    @inlinable
    func cancel() {
        lock.lock()
        let live = upstream.terminate()
        // Released after unlocking: their deinits may send into this stream.
        let released = (downstream, values.removeAll())
        downstream = nil
        lock.unlock()
        live?.cancel()
        withExtendedLifetime(released) {}
    }

    // MARK: Machinery

    /// Delivers what the downstream's demand allows, then the completion once it is due;
    /// returns the demand that refills the buffer (`keepFull`: one per value delivered).
    /// Does nothing if another thread is draining: that thread finds the news.
    @inlinable
    func drain() -> Subscribers.Demand {
        lock.lock()
        guard !isDraining else {
            lock.unlock()
            return .none
        }
        isDraining = true
        var delivered = 0
        while let receiver = downstream {
            if demand.rawValue != 0, !values.isEmpty {
                let value = values.removeFirst()
                demand -= 1
                lock.unlock()
                let more = deliver(consume value, to: receiver)
                delivered += 1
                lock.lock()
                demand += more
                continue
            }
            guard let completion = terminal else { break }
            // Combine's rule: a failure goes out once there is no demand left to serve
            // buffered values; a finish once they are all delivered and there is demand.
            let isDue: Bool
            switch completion {
            case .failure: isDue = demand.rawValue == 0 || values.isEmpty
            case .finished: isDue = demand.rawValue != 0 && values.isEmpty
            }
            guard isDue else { break }
            downstream = nil
            isDraining = false
            let dropped = values.removeAll()
            lock.unlock()
            withExtendedLifetime(dropped) {}
            receiver.receive(completion: completion)
            return refill(after: delivered)
        }
        isDraining = false
        lock.unlock()
        return refill(after: delivered)
    }

    /// Delivers one value (lock not held). Taking it as `consuming` releases it here,
    /// before the caller locks again.
    @inlinable
    func deliver(_ value: consuming Input, to receiver: Downstream) -> Subscribers.Demand {
        receiver.receive(value)
    }

    @inlinable
    func refill(after delivered: Int) -> Subscribers.Demand {
        prefetch == .keepFull && delivered != 0 ? .max(delivered) : .none
    }
}
