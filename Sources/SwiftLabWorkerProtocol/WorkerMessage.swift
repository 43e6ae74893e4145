/// The line protocol between swiftlab and its worker process.
///
/// The worker reads requests from file descriptor ``WorkerChannel/requestDescriptor`` and
/// writes replies to ``WorkerChannel/replyDescriptor``; its standard output and error
/// belong to the code it runs. Each message is one line of tab-separated fields, so
/// that paths with spaces travel unchanged (paths never contain tabs or newlines: the
/// REPL creates them).
public enum WorkerChannel {
    /// The descriptor on which the worker receives requests.
    public static let requestDescriptor: Int32 = 3
    /// The descriptor on which the worker sends replies.
    public static let replyDescriptor: Int32 = 4
}

/// A request from the REPL to the worker.
public enum WorkerRequest: Equatable, Sendable {
    /// Load the shared library at `library` and call its entry point `symbol`.
    ///
    /// With `quiet`, the cell's output is discarded (used when a new worker replays the
    /// cells an earlier one had run). The worker answers ``WorkerReply/finished(cell:)``
    /// once the cell, and the main-queue work it scheduled so far, has run.
    case run(cell: Int, library: String, symbol: String, quiet: Bool)
    /// Ask for a ``WorkerReply/pong`` (a liveness check).
    case ping

    /// The request as one protocol line, without the newline.
    public var line: String {
        switch self {
        case .run(let cell, let library, let symbol, let quiet):
            return ["run", String(cell), library, symbol, quiet ? "1" : "0"].joined(separator: "\t")
        case .ping:
            return "ping"
        }
    }

    /// Parses a protocol line; `nil` when it is not a request.
    public init?(line: Substring) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        switch (fields.first, fields.count) {
        case ("run", 5):
            guard let cell = Int(fields[1]) else { return nil }
            self = .run(cell: cell, library: String(fields[2]), symbol: String(fields[3]), quiet: fields[4] == "1")
        case ("ping", 1):
            self = .ping
        default:
            return nil
        }
    }
}

/// A reply from the worker to the REPL.
public enum WorkerReply: Equatable, Sendable {
    /// The worker has started and waits for requests.
    case ready
    /// The cell showed result `$R<number>`, whose static type Swift source names as
    /// `type`; sent before ``finished(cell:)``, so that later inputs can use the result.
    case result(cell: Int, number: Int, type: String)
    /// The cell ran to its end.
    case finished(cell: Int)
    /// The cell could not be loaded (the message is the dynamic loader's).
    case failed(cell: Int, message: String)
    /// The cell trapped with `signal` in its synchronous code and was left there; the
    /// worker, and everything earlier cells made, goes on. The runtime's message and the
    /// cell's stack frames were written to stderr before this reply.
    case trapped(cell: Int, signal: Int32)
    /// The cell was stopped by SIGINT (Ctrl-C, or the timeout) in its synchronous code;
    /// the worker goes on.
    case interrupted(cell: Int)
    /// The answer to ``WorkerRequest/ping``.
    case pong

    /// The reply as one protocol line, without the newline.
    public var line: String {
        switch self {
        case .ready:
            return "ready"
        case .result(let cell, let number, let type):
            return "result\t\(cell)\t\(number)\t\(type)"
        case .finished(let cell):
            return "finished\t\(cell)"
        case .failed(let cell, let message):
            let flat = message.map { $0 == "\n" || $0 == "\t" ? " " : $0 }
            return "failed\t\(cell)\t\(String(flat))"
        case .trapped(let cell, let signal):
            return "trapped\t\(cell)\t\(signal)"
        case .interrupted(let cell):
            return "interrupted\t\(cell)"
        case .pong:
            return "pong"
        }
    }

    /// Parses a protocol line; `nil` when it is not a reply.
    public init?(line: Substring) {
        if line.hasPrefix("result\t") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let cell = Int(fields[1]), let number = Int(fields[2]) else { return nil }
            self = .result(cell: cell, number: number, type: String(fields[3]))
            return
        }
        let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        switch (fields.first, fields.count) {
        case ("ready", 1):
            self = .ready
        case ("pong", 1):
            self = .pong
        case ("finished", 2):
            guard let cell = Int(fields[1]) else { return nil }
            self = .finished(cell: cell)
        case ("failed", 3):
            guard let cell = Int(fields[1]) else { return nil }
            self = .failed(cell: cell, message: String(fields[2]))
        case ("trapped", 3):
            guard let cell = Int(fields[1]), let signal = Int32(fields[2]) else { return nil }
            self = .trapped(cell: cell, signal: signal)
        case ("interrupted", 2):
            guard let cell = Int(fields[1]) else { return nil }
            self = .interrupted(cell: cell)
        default:
            return nil
        }
    }
}

/// The C signature of a cell's entry point.
///
/// The worker passes a completion callback; the cell calls it on the main thread when
/// its code has finished, which for a cell with top-level `await` is after the worker's
/// main run loop has run the cell's task.
public typealias CellEntryPoint = @convention(c) (@convention(c) () -> Void) -> Void
