import Foundation
import Streams

extension AnyScheduler
where SchedulerTimeType == RunLoop.SchedulerTimeType, SchedulerOptions == RunLoop.SchedulerOptions {
    /// `RunLoop.main`, erased. As with `RunLoop.main` itself, nothing scheduled on it runs
    /// until something runs the main run loop: never in a program parked in
    /// `dispatchMain()`. Not in Combine (combine-schedulers' name).
    public static var main: Self { RunLoop.main.eraseToAnyScheduler() }

    /// A run-loop-clock scheduler that runs every action at once on the calling thread (see
    /// `AnyScheduler.immediate(now:)`). Not in Combine (combine-schedulers' name).
    public static var immediate: Self { .immediate(now: { RunLoop.SchedulerTimeType(Date()) }) }
}

extension AnyScheduler
where SchedulerTimeType == OperationQueue.SchedulerTimeType, SchedulerOptions == OperationQueue.SchedulerOptions {
    /// `OperationQueue.main`, erased. Not in Combine (combine-schedulers' name).
    public static var main: Self { OperationQueue.main.eraseToAnyScheduler() }

    /// An operation-queue-clock scheduler that runs every action at once on the calling
    /// thread (see `AnyScheduler.immediate(now:)`). Not in Combine
    /// (combine-schedulers' name).
    public static var immediate: Self { .immediate(now: { OperationQueue.SchedulerTimeType(Date()) }) }
}
