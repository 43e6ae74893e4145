/// The inner subscriber shared by the operators that hand events to a ``Scheduler``:
/// `delay`, `debounce`, `subscribe(on:)`, `throttle` and `timeout` subclass it and override
/// the events they treat differently. The last four show themselves as
/// Combine's do (by conforming to ``CombineReflectable`` with the members here);
/// `delay`'s, as Combine's, has no description or mirror of its own.
///
/// It stands between upstream and downstream as both the subscriber and the downstream's
/// subscription, and owns what all of them need: the lock, the upstream subscription
/// state, the downstream, and the scheduler with its options and optional delay.
///
/// As it is, it schedules each value and the completion (after `delay`, when set),
/// asks upstream again for whatever demand the downstream returns for a delivered value,
/// and forwards `request` and `cancel` upstream directly. The downstream is cleared on
/// cancel and once the completion is delivered, so that nothing scheduled earlier reaches
/// the subscriber afterwards. As everywhere in the module, the lock is never held while
/// calling downstream, upstream or the scheduler.
class SchedulingSubscriber<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure
    typealias Stride = Context.SchedulerTimeType.Stride

    let lock = Lock()
    /// Guarded by `lock`.
    var upstream = SubscriptionState.awaiting
    /// Guarded by `lock`.
    var downstream: Downstream?
    let scheduler: Context
    let options: Context.SchedulerOptions?
    /// When set, every scheduled event waits `interval` (with `tolerance`) first.
    let delay: (interval: Stride, tolerance: Stride)?
    /// The operator's name, as `Print` and debugging show it (for the subclasses that
    /// describe themselves).
    let description: String

    init(
        downstream: Downstream,
        scheduler: Context,
        options: Context.SchedulerOptions?,
        delay: (interval: Stride, tolerance: Stride)? = nil,
        description: String
    ) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.options = options
        self.delay = delay
        self.description = description
    }

    func receive(subscription: any Subscription) {
        attachAndForward(subscription)
    }

    /// Records `subscription` and hands `self` to the downstream as its subscription.
    /// Returns `false`, after cancelling `subscription`, when it arrives second, after
    /// termination, or after the downstream has gone.
    @discardableResult
    final func attachAndForward(_ subscription: any Subscription) -> Bool {
        lock.lock()
        guard upstream.attach(subscription), let downstream else {
            lock.unlock()
            subscription.cancel()
            return false
        }
        lock.unlock()
        downstream.receive(subscription: self)
        return true
    }

    /// Runs `action` on the scheduler, after `delay` when one is set.
    final func schedule(_ action: @escaping () -> Void) {
        if let delay {
            scheduler.schedule(
                after: scheduler.now.advanced(by: delay.interval),
                tolerance: delay.tolerance,
                options: options,
                action
            )
        } else {
            scheduler.schedule(options: options, action)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        // As in Combine, the scheduled block holds the subscriber until it runs, even if
        // the subscription is cancelled meanwhile (it then delivers nothing).
        lock.lock()
        let held = downstream
        lock.unlock()
        schedule {
            self.deliver(input)
            withExtendedLifetime(held) {}
        }
        return .none
    }

    /// Sends `input` downstream and passes the downstream's further demand on.
    private func deliver(_ input: Input) {
        let more = sendDownstream(input)
        if more > 0 { request(more) }
    }

    /// Sends `input` downstream unless the subscription has been cancelled; returns the
    /// downstream's further demand (`.none` when nothing was sent).
    final func sendDownstream(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard let downstream else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !upstream.isTerminal else {
            lock.unlock()
            return
        }
        _ = upstream.terminate()
        let discarded = discardPendingLocked()
        lock.unlock()
        _fixLifetime(discarded)  // released outside the lock: a value's deinit may send
        schedule { self.deliverCompletion(completion) }
    }

    /// Sends `completion` downstream unless the subscription has been cancelled, and
    /// lets go of the downstream.
    final func deliverCompletion(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let downstream = self.downstream
        self.downstream = nil
        lock.unlock()
        downstream?.receive(completion: completion)
    }

    /// Called with the lock held when the upstream completes or the subscription is
    /// cancelled; subclasses that hold events back drop them here, and return what they
    /// dropped for the caller to release after unlocking (a value's deinit is user code,
    /// which may send into this stream).
    func discardPendingLocked() -> Any { () }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let subscription = upstream.subscription
        lock.unlock()
        subscription?.request(demand)
    }

    func cancel() {
        lock.lock()
        // Let go of only after unlocking: this may be the last reference to the
        // subscriber or to a held-back value, whose deinit may send into this stream.
        let released = (downstream, discardPendingLocked())
        downstream = nil
        let subscription = upstream.terminate()
        lock.unlock()
        subscription?.cancel()
        _fixLifetime(released)
    }

    /// No children, as Combine's `subscribe(on:)`, `throttle` and
    /// `timeout` show; an operator whose Combine mirror shows its state overrides it.
    var customMirror: Mirror { Mirror(self, children: [:]) }
}
