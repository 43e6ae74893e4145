import Foundation

/// Watches what the worker does while no input runs (a timer, a task, a main-queue
/// block scheduled by an earlier input): passes its output on, maps the runtime's message
/// when such code traps, and remembers which input scheduled the code, so that the
/// restore does not run that input again and trap once more.
final class IdleWorkerMonitor: @unchecked Sendable {
    private let lock = NSLock()
    private let output: @Sendable (String) -> Void
    private var texts: [Int: String] = [:]
    private var labels: [Int: Int] = [:]
    private var filter = RuntimeErrorFilter(mapper: DiagnosticMapper(input: 0, texts: [:]))
    private var exit: (status: Int32, culprit: Int?)?

    /// Creates a monitor that shows what it lets through with `output`.
    init(output: @escaping @Sendable (String) -> Void) {
        self.output = output
    }

    /// The texts of the accepted inputs, for messages pointing into them, and the numbers
    /// the learner knows them by.
    func update(texts: [Int: String], labels: [Int: Int] = [:]) {
        lock.lock()
        self.texts = texts
        self.labels = labels
        filter = RuntimeErrorFilter(mapper: DiagnosticMapper(input: 0, texts: texts, labels: labels))
        lock.unlock()
    }

    /// Output that arrived between inputs.
    func handle(_ text: String, isError: Bool) {
        guard isError else { return output(text) }
        lock.lock()
        let pieces = filter.consume(text)
        lock.unlock()
        let shown = pieces.map(\.text).joined()
        if !shown.isEmpty { output(shown) }
    }

    /// The worker ended between inputs.
    func workerExited(status: Int32) {
        lock.lock()
        let leftover = filter.finish().map(\.text).joined()
        let culprit = filter.lastMessageInput
        let sawMessage = filter.sawRuntimeMessage
        exit = (status, culprit)
        filter = RuntimeErrorFilter(mapper: DiagnosticMapper(input: 0, texts: texts, labels: labels))
        lock.unlock()
        output(
            leftover + "error: "
                + RunEndMessage.describeEnd(status: status, sawRuntimeMessage: sawMessage, whileIdle: true) + "\n")
    }

    /// How the worker ended between inputs, once; `nil` if it did not.
    func takeExit() -> (status: Int32, culprit: Int?)? {
        lock.lock()
        defer {
            exit = nil
            lock.unlock()
        }
        return exit
    }
}
