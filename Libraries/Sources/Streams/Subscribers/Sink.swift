extension Subscribers {
    /// A subscriber that requests every value and hands each one, and the completion, to
    /// closures. Usually made with ``Publisher/sink(receiveCompletion:receiveValue:)``.
    ///
    /// ```swift
    /// let sink = Subscribers.Sink<Int, Never>(
    ///     receiveCompletion: { print("completion:", $0) },
    ///     receiveValue: { print("value:", $0) })
    /// [1, 2].publisher.subscribe(sink)
    /// ```
    ///
    /// Completing, failing or cancelling (once it has a subscription: a cancel before it
    /// is ignored, as in Combine) releases the upstream subscription and the closures, so
    /// what they capture is freed then, even while something keeps the sink; from then on
    /// ``receiveValue`` and ``receiveCompletion`` read as closures that do nothing, as
    /// Combine's do. A closure that cancels the sink runs to its end first; a cancel from
    /// another thread while a value is being delivered leaves the release to that
    /// delivery, when it returns.
    ///
    /// A value costs no lock, no atomic read-modify-write and no retain on Linux, where
    /// the thread that delivers marks its delivery with plain stores and a cancel from
    /// another thread pays a `membarrier(2)` call instead (see `SinkDelivery`). Elsewhere
    /// each value takes the sink's lock, as Combine's sink does.
    ///
    /// The sink that ``Publisher/sink(receiveCompletion:receiveValue:)`` makes keeps its
    /// closures in itself instead, which saves it an allocation and the marking: nothing
    /// but its cancellable and its upstream reach it, and both let go of it when it ends
    /// (the cancellable always; the upstream when it is a Streams publisher, or any that
    /// lets go of its subscriber at the end, as Combine's do), so its closures are freed
    /// with it then.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible,
        @unchecked Sendable
    {
        /// Called with every value; once the sink has ended, a closure that does nothing.
        public var receiveValue: (Input) -> Void {
            lock.lock()
            defer { lock.unlock() }
            if ended.isSet { return { _ in } }
            return closures?._withUnsafeGuaranteedRef { $0.receiveValue } ?? inlineReceiveValue
        }

        /// Called once with the completion; once the sink has ended, a closure that does
        /// nothing.
        public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
            lock.lock()
            defer { lock.unlock() }
            if ended.isSet { return { _ in } }
            return closures?._withUnsafeGuaranteedRef { $0.receiveCompletion } ?? inlineReceiveCompletion
        }

        @usableFromInline let lock = Lock()
        @usableFromInline @exclusivity(unchecked) var state = SubscriptionState.awaiting
        /// Set on completion or cancel, so later values are ignored (read without the lock).
        @usableFromInline let ended = TerminationFlag()
        /// The closures of a sink made with ``init(receiveCompletion:receiveValue:)``,
        /// retained once, until ``closuresReleased``; `nil` for the sink that
        /// ``Publisher/sink(receiveCompletion:receiveValue:)`` makes, which keeps them in
        /// ``inlineReceiveValue`` and ``inlineReceiveCompletion``.
        @usableFromInline let closures: Unmanaged<SinkClosures<Input, Failure>>?
        /// The closures of the sink that ``Publisher/sink(receiveCompletion:receiveValue:)``
        /// makes (closures that do nothing in the others), freed with the sink.
        @usableFromInline let inlineReceiveValue: (Input) -> Void
        @usableFromInline let inlineReceiveCompletion: (Subscribers.Completion<Failure>) -> Void
        /// Set under `lock` by whoever releases ``closures`` (once, after unlocking).
        @usableFromInline @exclusivity(unchecked) var closuresReleased = false
        /// Which thread delivers, and how many deliveries are under way.
        @usableFromInline let delivery = SinkDelivery()
        /// The cancellable ``Publisher/sink(receiveCompletion:receiveValue:)`` returned
        /// for this sink, not retained: set before the subscription, cleared under `lock`
        /// when the sink ends (see ``releaseCancellableLocked()``).
        @usableFromInline @exclusivity(unchecked) var canceller: Unmanaged<AnyCancellable>?

        /// Makes a sink from its two closures.
        @inlinable
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            closures = .passRetained(
                SinkClosures(receiveCompletion: receiveCompletion, receiveValue: receiveValue))
            inlineReceiveValue = { _ in }
            inlineReceiveCompletion = { _ in }
        }

        /// The sink that ``Publisher/sink(receiveCompletion:receiveValue:)`` makes, which
        /// keeps its closures in itself (see the type's documentation).
        @inlinable
        init(
            freedWithTheSink receiveCompletion: consuming @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: consuming @escaping (Input) -> Void
        ) {
            closures = nil
            inlineReceiveValue = receiveValue
            inlineReceiveCompletion = receiveCompletion
        }

        deinit {
            if let closures, !closuresReleased { closures.release() }
        }

        /// Keeps the subscription and requests unlimited values; a second subscription, or
        /// one arriving after the completion or a cancel, is cancelled.
        @inlinable
        public func receive(subscription: any Subscription) {
            lock.lock()
            let accepted = state.attach(subscription)
            // The subscribing thread is usually the one that delivers (a subject sent to on
            // it, a sequence): it delivers without taking the lock to take over.
            if accepted, closures != nil { delivery.adoptLocked() }
            lock.unlock()
            if accepted {
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
        }

        /// Calls ``receiveValue``; the sink already asked for everything.
        @inlinable @inline(__always)
        public func receive(_ value: Input) -> Subscribers.Demand {
            // As in Combine: a value after the completion or cancel is ignored; one before
            // the subscription is not.
            guard let closures else {
                if !ended.isSet { inlineReceiveValue(value) }
                return .none
            }
            #if os(Linux) && !STREAMS_NO_SUBJECT_BIAS
            let (before, isOwner) = delivery.enter()
            if isOwner {
                if !ended.isSet {
                    closures._withUnsafeGuaranteedRef { $0.receiveValue(value) }
                }
                delivery.leave(restoring: before)
                if ended.isSet { finishDeliveryAfterEnd(restoring: before) }
                return .none
            }
            delivery.leave(restoring: before)
            #endif
            receiveTakingTheLock(value, closures)
            return .none
        }

        /// A value on a thread that does not own the deliveries: it takes over (Linux), or
        /// counts itself in and out under the lock (see `SinkDelivery`).
        @inlinable @inline(never)
        func receiveTakingTheLock(_ value: Input, _ closures: Unmanaged<SinkClosures<Input, Failure>>) {
            lock.lock()
            guard !ended.isSet else {
                // An end on another thread may have seen this thread's count, and left the
                // closures to it.
                let releases = delivery.current == 0 && takeClosuresLocked()
                lock.unlock()
                if releases { closures.release() }
                return
            }
            if delivery.takeOverLocked() {
                lock.unlock()
                _ = receive(value)
                return
            }
            let before = delivery.current
            delivery.setCurrent(before &+ 1)
            lock.unlock()
            closures._withUnsafeGuaranteedRef { $0.receiveValue(value) }
            lock.lock()
            delivery.setCurrent(before)
            let releases = before == 0 && ended.isSet && takeClosuresLocked()
            lock.unlock()
            if releases { closures.release() }
        }

        /// After a delivery on the owner thread that found the sink ended: the outermost
        /// one releases the closures unless the end (or another such delivery) did.
        @usableFromInline
        func finishDeliveryAfterEnd(restoring before: UInt) {
            guard before == 0, let closures else { return }
            lock.lock()
            let releases = takeClosuresLocked()
            lock.unlock()
            if releases { closures.release() }
        }

        /// Marks the closures released, if nobody did; the caller releases them after
        /// unlocking (their captures' deinits are user code). Lock held.
        @inlinable
        func takeClosuresLocked() -> Bool {
            guard !closuresReleased else { return false }
            closuresReleased = true
            return true
        }

        /// Calls ``receiveCompletion`` once, and releases the subscription and the closures.
        @inlinable
        public func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let (upstream, wasTerminal) = state.terminateTellingIfTerminal()
            guard !wasTerminal else {
                lock.unlock()
                return
            }
            ended.set()
            let released = releaseCancellableLocked()
            // Values and the completion never overlap (the Subscriber contract), so a
            // delivery under way is one this completion arrived from inside of, on this
            // thread: it releases the closures when it returns.
            let releasesClosures = closures != nil && delivery.current == 0 && takeClosuresLocked()
            lock.unlock()
            if let closures {
                closures._withUnsafeGuaranteedRef { $0.receiveCompletion(completion) }
                if releasesClosures { closures.release() }
            } else {
                inlineReceiveCompletion(completion)
            }
            // The subscription too is let go of after unlocking: this may be the last
            // reference to it, and its deinit is user code that may cancel this sink.
            withExtendedLifetime((released, upstream)) {}
        }

        /// Cancels the upstream subscription and releases the closures. As in Combine, a
        /// sink that has no subscription yet ignores it: values still reach it, and a
        /// subscription that arrives later is accepted.
        @inlinable
        public func cancel() {
            end(fromCancellable: false)
        }

        /// ``cancel()`` run by the cancellable ``Publisher/sink(receiveCompletion:receiveValue:)``
        /// returned, which has already given up its action: it needs no asking to let go.
        @inlinable
        func cancelFromCancellable() {
            end(fromCancellable: true)
        }

        /// What ``cancel()`` does; `fromCancellable` when the cancellable runs it (inlined
        /// in both, so that each is compiled for its own case).
        @inlinable @inline(__always)
        func end(fromCancellable: Bool) {
            lock.lock()
            if fromCancellable { canceller = nil }
            // A second cancel, or one after the completion, finds the state terminal and
            // the closures released or left to a delivery: it changes nothing.
            let (upstream, wasAwaiting) = state.terminateUnlessAwaiting()
            guard !wasAwaiting else {
                lock.unlock()
                return
            }
            ended.set()
            let released = fromCancellable ? nil : releaseCancellableLocked()
            let closuresEnd = closures == nil ? ClosuresEnd.leftToTheDelivery : endClosuresLocked()
            lock.unlock()
            // The closures first, as Combine's sink does: nothing is kept across the
            // upstream's cancel.
            if closuresEnd != .leftToTheDelivery { releaseClosuresAtEnd(closuresEnd) }
            if let live = consume upstream { live.cancel() }
            withExtendedLifetime(released) {}
        }

        /// What a cancel does with the closures of a sink that keeps them in ``closures``.
        @usableFromInline
        enum ClosuresEnd {
            /// A delivery under way releases them when it returns (or they are gone).
            case leftToTheDelivery
            /// Released by the cancel, now.
            case releasedNow
            /// Up to the cancel once it has fenced (see `SinkDelivery`).
            case decidedAfterTheFence
        }

        /// Decides what a cancel does with the closures (lock held; ``closures`` set). On
        /// the thread that delivers (or with no such thread) the count of deliveries under
        /// way is exact; from another, only after the heavy fence.
        @usableFromInline
        func endClosuresLocked() -> ClosuresEnd {
            if closuresReleased { return .leftToTheDelivery }
            if delivery.needsFenceToEndLocked { return .decidedAfterTheFence }
            return delivery.current == 0 && takeClosuresLocked() ? .releasedNow : .leftToTheDelivery
        }

        /// Releases the closures as ``endClosuresLocked()`` decided, after unlocking.
        @usableFromInline
        func releaseClosuresAtEnd(_ decision: ClosuresEnd) {
            switch decision {
            case .releasedNow: closures?.release()
            case .decidedAfterTheFence: if delivery.isIdleAfterFence() { finishDeliveryAfterEnd(restoring: 0) }
            case .leftToTheDelivery: break
            }
        }

        /// Makes the cancellable that ``Publisher/sink(receiveCompletion:receiveValue:)``
        /// returned let go of this sink, which has ended (lock held; the caller releases
        /// what it returns after unlocking), so that it does not keep the (small) sink alive
        /// until it is released itself.
        ///
        /// The cancellable is reached without a reference but with this lock held: its
        /// deinit runs its action, which cancels this sink and so waits for the lock, and
        /// takes the action under its own lock (see `AnyCancellable.releaseAction(cancelling:)`).
        @inlinable
        func releaseCancellableLocked() -> (() -> Void)? {
            guard let cancellable = canceller else { return nil }
            canceller = nil
            return cancellable._withUnsafeGuaranteedRef { $0.releaseAction(cancelling: false) }
        }

        /// `"Sink"`.
        public var description: String { "Sink" }

        /// No children, as Combine's sink shows none (its closures say nothing useful).
        public var customMirror: Mirror { Mirror(self, children: [:]) }

        /// `"Sink"`, what a playground shows.
        public var playgroundDescription: Any { description }
    }
}

extension Publisher {
    /// Subscribes with closures for the values and the completion, requesting every value.
    ///
    /// ```swift
    /// let cancellable = URLSession.shared.dataTaskPublisher(for: url)
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0.data.count) })
    /// ```
    ///
    /// - Returns: Keep it: releasing it cancels the subscription.
    @inlinable
    public func sink(
        receiveCompletion: consuming @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: consuming @escaping (Output) -> Void
    ) -> AnyCancellable {
        // The closures are `consuming` so that they move into the sink: borrowed, they
        // would be copied into it (a retain of what they capture) and released here.
        let sink = Subscribers.Sink<Output, Failure>(
            freedWithTheSink: receiveCompletion, receiveValue: receiveValue)
        let cancellable = AnyCancellable { sink.cancelFromCancellable() }
        sink.canceller = Unmanaged.passUnretained(cancellable)
        receive(subscriber: sink)
        return cancellable
    }
}

extension Publisher where Failure == Never {
    /// Subscribes with a closure for the values, requesting every value. Only publishers
    /// that cannot fail offer it; others need ``sink(receiveCompletion:receiveValue:)``.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher.sink { print($0) }
    /// ```
    ///
    /// - Returns: Keep it: releasing it cancels the subscription.
    @inlinable
    public func sink(receiveValue: consuming @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
