import Dispatch

/// A task executor with a serial queue of its own, off Swift's cooperative pool.
///
/// `Task(executorPreference: DedicatedThreadExecutor()) { ... }` starts and resumes its
/// work on that queue, so a test that blocks a thread while the task runs (waiting for it
/// with a deadlock bound) cannot starve it: on a two-core machine the pool has two threads,
/// and other tests running in parallel may hold both.
public final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    // `@unchecked`: the only state is the queue, which is thread-safe.
    private let queue = DispatchQueue(label: "TestWaiting.DedicatedThreadExecutor")

    /// An executor with a queue of its own.
    public init() {}

    /// Runs the job on this executor's queue (its own thread), never on the cooperative pool.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
