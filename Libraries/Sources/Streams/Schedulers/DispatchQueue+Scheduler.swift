import Dispatch

/// A dispatch queue is a scheduler: actions run asynchronously on the queue, timed actions
/// use the queue's `asyncAfter`, repeating ones a `DispatchSourceTimer` targeting it.
extension DispatchQueue: Scheduler {
    /// The current uptime as a scheduler time.
    public var now: SchedulerTimeType {
        SchedulerTimeType(.now())
    }

    /// Zero: dispatch applies its own leeway only when asked to.
    public var minimumTolerance: SchedulerTimeType.Stride {
        SchedulerTimeType.Stride(.nanoseconds(0))
    }

    /// Runs `action` asynchronously on this queue, with the options' quality of service,
    /// flags and group.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = ScheduledAction(action)
        async(group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) {
            action.run()
        }
    }

    /// Runs `action` on this queue no earlier than `date`. The tolerance is ignored for
    /// one-shot actions (`asyncAfter` has no leeway parameter); a group in the options is
    /// entered now and left when the action has run.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let action = ScheduledAction(action)
        let group = options?.group
        group?.enter()
        asyncAfter(deadline: date.dispatchTime, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) {
            action.run()
            group?.leave()
        }
    }

    /// Runs `action` on this queue at `date` and then every `interval`, with `tolerance`
    /// as the timer's leeway, until the returned cancellable is cancelled or released.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        let action = ScheduledAction(action)
        let timer = DispatchSource.makeTimerSource(queue: self)
        timer.setEventHandler(qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) {
            action.run()
        }
        timer.schedule(
            deadline: date.dispatchTime,
            repeating: .nanoseconds(max(0, interval.magnitude)),
            leeway: .nanoseconds(max(0, tolerance.magnitude))
        )
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}
