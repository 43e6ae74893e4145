import Dispatch

extension AnyScheduler
where SchedulerTimeType == DispatchQueue.SchedulerTimeType, SchedulerOptions == DispatchQueue.SchedulerOptions {
    /// `DispatchQueue.main`, erased: what a view model's `AnySchedulerOf<DispatchQueue>`
    /// defaults to. Not in Combine (combine-schedulers' name).
    public static var main: Self { DispatchQueue.main.eraseToAnyScheduler() }

    /// The global concurrent queue of `qos`, erased. Not in Combine (combine-schedulers' name).
    public static func global(qos: DispatchQoS.QoSClass = .default) -> Self {
        DispatchQueue.global(qos: qos).eraseToAnyScheduler()
    }

    /// A dispatch-clock scheduler that runs every action at once on the calling thread (see
    /// ``AnyScheduler/immediate(now:)``). Not in Combine (combine-schedulers' name).
    public static var immediate: Self { .immediate(now: { DispatchQueue.SchedulerTimeType(.now()) }) }
}
