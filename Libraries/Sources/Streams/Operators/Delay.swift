extension Publisher {
    /// Delivers every value and the completion `interval` later than the upstream sends
    /// it, on `scheduler`.
    ///
    /// As in Combine, once the upstream's completion has arrived a cancel no longer stops
    /// it: the values scheduled before it and the completion are still delivered.
    ///
    /// - Parameters:
    ///   - interval: How long to hold each event.
    ///   - tolerance: How late the scheduler may deliver; `nil` means the scheduler's
    ///     minimum tolerance.
    ///   - scheduler: The scheduler that delivers the delayed events.
    ///   - options: Options passed to the scheduler.
    public func delay<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride,
        tolerance: S.SchedulerTimeType.Stride? = nil,
        scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.Delay<Self, S> {
        Publishers.Delay(
            upstream: self,
            interval: interval,
            tolerance: tolerance ?? scheduler.minimumTolerance,
            scheduler: scheduler,
            options: options
        )
    }
}

extension Publishers {
    /// A publisher that delivers its upstream's events after a fixed delay. Created by
    /// `delay(for:tolerance:scheduler:options:)`.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose events are delayed.
        public let upstream: Upstream
        /// How long each event is held.
        public let interval: Context.SchedulerTimeType.Stride
        /// How late the scheduler may deliver.
        public let tolerance: Context.SchedulerTimeType.Stride
        /// The scheduler that delivers the events.
        public let scheduler: Context
        /// Options passed to the scheduler.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that delays `upstream`'s events by `interval`.
        public init(
            upstream: Upstream,
            interval: Context.SchedulerTimeType.Stride,
            tolerance: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            options: Context.SchedulerOptions? = nil
        ) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        /// Subscribes `subscriber` to the upstream through the delaying stage.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                Inner(
                    downstream: subscriber,
                    scheduler: scheduler,
                    options: options,
                    delay: (interval, tolerance),
                    description: "Delay"
                )
            )
        }

        /// The delaying stage: a ``SchedulingSubscriber`` under `Delay`'s name in the type,
        /// with no description or mirror of its own (as Combine's), and with Combine's
        /// delay rules where they differ from the other scheduling operators':
        /// - only a subscribed stage takes events: a value or completion before the
        ///   subscription, or after the completion or a cancel, is ignored (nothing is
        ///   scheduled), and so is a cancel before the subscription or once the
        ///   completion is on its way (the scheduled completion is still delivered);
        /// - a value delivered while the completion waits on the scheduler still passes
        ///   the downstream's further demand on to the upstream.
        private final class Inner<Downstream: Subscriber>: SchedulingSubscriber<Downstream, Context>
        where Downstream.Input == Output, Downstream.Failure == Failure {
            /// The upstream subscription while the completion waits on the scheduler
            /// (`upstream` is then terminal). Guarded by `lock`.
            private var subscriptionBeforeCompletion: (any Subscription)?

            override func receive(_ input: Downstream.Input) -> Subscribers.Demand {
                lock.lock()
                // As in Combine, the scheduled block holds the subscriber until it runs,
                // even if the subscription is cancelled meanwhile (it then delivers nothing).
                let held = upstream.isSubscribed ? downstream : nil
                lock.unlock()
                guard held != nil else { return .none }
                schedule { self.deliver(input, keeping: held) }
                return .none
            }

            private func deliver(_ input: Downstream.Input, keeping held: Downstream?) {
                let more = sendDownstream(input)
                guard more > 0 else { return }
                lock.lock()
                let subscription = upstream.subscription ?? subscriptionBeforeCompletion
                lock.unlock()
                subscription?.request(more)
                withExtendedLifetime(held) {}
            }

            override func receive(completion: Subscribers.Completion<Downstream.Failure>) {
                lock.lock()
                guard case .subscribed(let subscription) = upstream else {
                    lock.unlock()
                    return
                }
                upstream = .terminal
                subscriptionBeforeCompletion = subscription
                lock.unlock()
                schedule {
                    self.lock.lock()
                    self.subscriptionBeforeCompletion = nil
                    self.lock.unlock()
                    self.deliverCompletion(completion)
                }
            }

            override func cancel() {
                lock.lock()
                guard case .subscribed(let subscription) = upstream else {
                    lock.unlock()
                    return
                }
                upstream = .terminal
                // Let go of only after unlocking: this may be the last reference to the
                // subscriber, whose deinit may send into this stream.
                let released = downstream
                downstream = nil
                lock.unlock()
                subscription.cancel()
                withExtendedLifetime(released) {}
            }
        }
    }
}
