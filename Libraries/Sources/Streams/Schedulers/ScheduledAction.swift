/// An action handed to another thread by a scheduler.
///
/// `@unchecked Sendable` because `Scheduler` (like Combine's) takes non-`@Sendable`
/// closures: the scheduler is the point where the pipeline's work moves threads, and the
/// closure is only ever run by the thread the scheduler chose, never concurrently with
/// itself on two threads unless the scheduler is a concurrent queue (as in Combine).
package struct ScheduledAction: @unchecked Sendable {
    private let body: () -> Void

    package init(_ body: @escaping () -> Void) {
        self.body = body
    }

    package func run() {
        body()
    }
}
