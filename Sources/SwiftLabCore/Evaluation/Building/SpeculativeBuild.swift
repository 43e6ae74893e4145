import Foundation

/// Builds an input ahead of time on a thread of its own, while the learner has not yet
/// pressed Enter, so that the answer is ready when the input comes (issue 31).
///
/// Each build is known by a `Key` (the input's text and the state of the session it was
/// built against): an input takes a build only when the keys are equal, so a speculative
/// build never changes what an input does. At most one build runs at a time, and the
/// compiler is used by one thread at a time: the caller calls ``take(matching:)`` or
/// ``cancel()`` before it builds anything itself, and both return only once no build runs.
///
/// - ``start(_:work:)``: the learner paused on a complete input. A build of another key
///   under way is superseded (see ``CompileCancellation/supersede()``) and this one waits
///   for it to end; the latest wanted build replaces any waiting one.
/// - ``supersede()``: a key changed the input. The running build is superseded; a
///   finished or waiting one is dropped.
/// - ``take(matching:)``: the input comes. A finished build of its key is returned; a
///   running one of its key is waited for (it is the compile the input needs, started
///   earlier); anything else is stopped at once (``CompileCancellation/stop()``), so that
///   the input never waits behind a build it cannot use, and the caller builds it itself.
final class SpeculativeBuild<Key: Equatable & Sendable, Result>: @unchecked Sendable {
    /// One build: what it does, given the cancellation that can stop it.
    typealias Work = @Sendable (CompileCancellation) -> Result

    private struct Job {
        let key: Key
        let work: Work
        let cancellation = CompileCancellation()
    }

    private struct State {
        /// The build under way on the build thread.
        var running: Job?
        /// The build wanted next, waiting for a superseded one to end.
        var waiting: Job?
        /// The last build that ended without being cancelled.
        var finished: (key: Key, result: Result)?
        /// How many builds have been started on the thread (for tests and the log).
        var started = 0
    }

    private let condition = NSCondition()
    private var state = State()

    /// Creates an idle speculation.
    init() {}

    /// Builds `key` with `work` in the background, unless a build of `key` is already
    /// finished, running or waiting.
    func start(_ key: Key, work: @escaping Work) {
        condition.lock()
        defer { condition.unlock() }
        if state.finished?.key == key || state.waiting?.key == key { return }
        if let running = state.running, running.key == key, !running.cancellation.isCancelled { return }
        state.finished = nil
        let job = Job(key: key, work: work)
        if let running = state.running {
            running.cancellation.supersede()
            state.waiting = job
            return
        }
        state.running = job
        state.started += 1
        let thread = Thread { [self] in runJobs(from: job) }
        thread.name = "swiftlab-speculation"
        thread.start()
    }

    /// The input changed: the running build is superseded, a finished or waiting one dropped.
    func supersede() {
        condition.lock()
        defer { condition.unlock() }
        state.waiting = nil
        state.finished = nil
        state.running?.cancellation.supersede()
    }

    /// The result of a build of `key`, finished or (waited for) running; nil, after every
    /// other build has been stopped and has ended, when there is none. Either way no build
    /// runs when it returns, and nothing is kept.
    func take(matching key: Key) -> Result? {
        condition.lock()
        defer { condition.unlock() }
        if let finished = state.finished, finished.key == key {
            state.finished = nil
            return finished.result
        }
        if let running = state.running, running.key == key, !running.cancellation.isCancelled {
            state.waiting = nil
            while state.running != nil { condition.wait() }
            defer { state.finished = nil }
            return state.finished?.key == key ? state.finished?.result : nil
        }
        stopEveryBuild()
        return nil
    }

    /// Stops every build and returns once none runs (the compiler is then free).
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        stopEveryBuild()
    }

    /// Drops what waits or has finished, stops the running build and waits for it to end;
    /// called with the lock held.
    private func stopEveryBuild() {
        state.waiting = nil
        state.finished = nil
        state.running?.cancellation.stop()
        while state.running != nil { condition.wait() }
    }

    /// How many builds have started so far.
    var startedBuilds: Int {
        condition.lock()
        defer { condition.unlock() }
        return state.started
    }

    /// Whether a build is running or waiting to run.
    var isBusy: Bool {
        condition.lock()
        defer { condition.unlock() }
        return state.running != nil || state.waiting != nil
    }

    /// The build thread: runs `job`, then the build that came to wait meanwhile, if any.
    private func runJobs(from first: Job) {
        var job = first
        while true {
            let result = job.work(job.cancellation)
            condition.lock()
            if !job.cancellation.isCancelled { state.finished = (job.key, result) }
            state.running = nil
            if let next = state.waiting {
                state.waiting = nil
                state.running = next
                state.started += 1
                condition.unlock()
                job = next
                continue
            }
            condition.broadcast()
            condition.unlock()
            return
        }
    }
}
