extension Publisher {
    /// Ends the stream when the upstream stays silent for longer than `interval`: since
    /// the subscription for the first value, and since each value for the next.
    ///
    /// ```swift
    /// response.timeout(.seconds(5), scheduler: DispatchQueue.main, customError: { .timedOut })
    /// ```
    ///
    /// When time runs out the upstream is cancelled and the stream fails with
    /// `customError()`, or finishes when `customError` is nil. As in Combine, values and
    /// the upstream's completion are delivered on `scheduler`, the downstream's demand
    /// goes straight to the upstream, and every value restarts the wait from the moment
    /// it arrives.
    ///
    /// - Parameters:
    ///   - interval: How long the upstream may stay silent.
    ///   - scheduler: The scheduler that keeps the time and delivers the events.
    ///   - options: Options passed to the scheduler.
    ///   - customError: Makes the failure sent on timing out; nil finishes instead.
    public func timeout<S: Scheduler>(
        _ interval: S.SchedulerTimeType.Stride,
        scheduler: S,
        options: S.SchedulerOptions? = nil,
        customError: (() -> Failure)? = nil
    ) -> Publishers.Timeout<Self, S> {
        Publishers.Timeout(
            upstream: self, interval: interval, scheduler: scheduler, options: options, customError: customError)
    }
}

extension Publishers {
    /// A publisher that ends the stream when the upstream is silent for too long. Created
    /// by `timeout(_:scheduler:options:customError:)`.
    public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher that is timed.
        public let upstream: Upstream
        /// How long the upstream may stay silent.
        public let interval: Context.SchedulerTimeType.Stride
        /// The scheduler that keeps the time and delivers the events.
        public let scheduler: Context
        /// Options passed to the scheduler.
        public let options: Context.SchedulerOptions?
        /// Makes the failure sent on timing out; nil finishes instead.
        public let customError: (() -> Upstream.Failure)?

        /// Creates a publisher that ends `upstream` after `interval` of silence.
        public init(
            upstream: Upstream,
            interval: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            options: Context.SchedulerOptions?,
            customError: (() -> Upstream.Failure)?
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.options = options
            self.customError = customError
        }

        /// Subscribes `subscriber` to the upstream through the timing stage.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, publisher: self))
        }
    }
}

extension Publishers.Timeout {
    // Values and the completion go through the base class's scheduling as they are; a
    // timer, restarted by every value, ends the stream when it fires.
    private final class Inner<Downstream: Subscriber>: SchedulingSubscriber<Downstream, Context>, CombineReflectable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let interval: Context.SchedulerTimeType.Stride
        private let customError: (() -> Failure)?
        // Guarded by `lock`. Each restart gets a new generation; only the latest timer
        // may end the stream.
        private var generation = 0
        private var timer: (any Cancellable)?

        init(downstream: Downstream, publisher: Publishers.Timeout<Upstream, Context>) {
            interval = publisher.interval
            customError = publisher.customError
            super.init(
                downstream: downstream, scheduler: publisher.scheduler, options: publisher.options,
                description: "Timeout")
        }

        override func receive(subscription: any Subscription) {
            restartTimer()
            attachAndForward(subscription)
        }

        override func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            let live = downstream != nil && !upstream.isTerminal
            lock.unlock()
            guard live else { return .none }
            restartTimer()
            return super.receive(input)
        }

        override func receive(completion: Subscribers.Completion<Failure>) {
            stopTimer()
            super.receive(completion: completion)
        }

        override func cancel() {
            stopTimer()
            super.cancel()
        }

        private func restartTimer() {
            lock.lock()
            generation &+= 1
            let mine = generation
            let previous = timer
            timer = nil
            lock.unlock()
            previous?.cancel()
            let due = scheduler.now.advanced(by: interval)
            let next = scheduler.schedule(
                after: due, interval: interval, tolerance: scheduler.minimumTolerance, options: options
            ) {
                self.timeOut(mine)
            }
            lock.lock()
            let stale = mine != generation
            if !stale { timer = next }
            lock.unlock()
            if stale { next.cancel() }
        }

        private func stopTimer() {
            lock.lock()
            generation &+= 1
            let previous = timer
            timer = nil
            lock.unlock()
            previous?.cancel()
        }

        private func timeOut(_ mine: Int) {
            lock.lock()
            guard mine == generation, let downstream, !upstream.isTerminal else {
                lock.unlock()
                return
            }
            self.downstream = nil
            let subscription = upstream.terminate()
            let previous = timer
            timer = nil
            lock.unlock()
            previous?.cancel()
            subscription?.cancel()
            downstream.receive(completion: customError.map { .failure($0()) } ?? .finished)
        }
    }
}
