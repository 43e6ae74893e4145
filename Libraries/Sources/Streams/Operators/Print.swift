extension Publishers {
    /// A publisher that logs every event to standard output or a stream.
    public struct Print<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// Written before every line, followed by `": "` unless empty.
        public let prefix: String
        /// The observed publisher.
        public let upstream: Upstream
        /// Where lines go; `nil` means standard output.
        public let stream: (any TextOutputStream)?

        /// Makes the publisher; usually written `upstream.print(prefix)`.
        @inlinable
        public init(upstream: Upstream, prefix: String, to stream: (any TextOutputStream)? = nil) {
            self.upstream = upstream
            self.prefix = prefix
            self.stream = stream
        }

        /// Attaches `subscriber` behind the logging.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let log = PrintLog(prefix: prefix, stream: stream)
            upstream.receive(
                subscriber: EventTap(
                    downstream: subscriber,
                    hooks: EventHooks(
                        isPrint: true,
                        subscription: { log.write("receive subscription: (\($0))") },
                        output: { log.write("receive value: (\($0))") },
                        completion: { completion in
                            switch completion {
                            case .finished: log.write("receive finished")
                            case .failure(let error): log.write("receive error: (\(error))")
                            }
                        },
                        cancel: { log.write("receive cancel") },
                        request: { log.write("request \(PrintLog.describe($0))") },
                        synchronousRequest: { log.write("request \(PrintLog.describe($0)) (synchronous)") })))
        }
    }
}

extension Publisher {
    /// Logs every event (subscription, requests, values, completion, cancel), one line
    /// each, to standard output or `stream`.
    ///
    /// ```swift
    /// let cancellable = [1, 2].publisher.print("numbers").sink { _ in }
    /// // numbers: receive subscription: (Sequence)
    /// // numbers: request unlimited
    /// // numbers: receive value: (1)
    /// // numbers: receive value: (2)
    /// // numbers: receive finished
    /// ```
    @inlinable
    public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil) -> Publishers.Print<Self> {
        Publishers.Print(upstream: self, prefix: prefix, to: stream)
    }
}

/// The destination of one `print` subscription. Lines from several threads are written
/// one at a time by whichever thread holds the writer role, without the lock held while
/// the (user-supplied) stream runs.
@usableFromInline
final class PrintLog: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @usableFromInline let prefix: String
    /// Touched only by the thread holding the writer role.
    @usableFromInline @exclusivity(unchecked) var stream: (any TextOutputStream)?
    @usableFromInline @exclusivity(unchecked) var queued: [String] = []
    @usableFromInline @exclusivity(unchecked) var isWriting = false

    @inlinable
    init(prefix: String, stream: (any TextOutputStream)?) {
        self.prefix = prefix.isEmpty ? "" : prefix + ": "
        self.stream = stream
    }

    @usableFromInline
    func write(_ line: String) {
        lock.lock()
        queued.append(prefix + line)
        guard !isWriting else {
            lock.unlock()
            return
        }
        isWriting = true
        while !queued.isEmpty {
            let lines = queued
            queued = []
            lock.unlock()
            for line in lines {
                if stream != nil {
                    // As Combine's, which writes with Swift's `print(_:to:)`: the
                    // separator before the first item (empty), the line, the newline.
                    stream!.write("")
                    stream!.write(line)
                    stream!.write("\n")
                } else {
                    Swift.print(line)
                }
            }
            lock.lock()
        }
        isWriting = false
        lock.unlock()
    }

    @usableFromInline
    static func describe(_ demand: Subscribers.Demand) -> String {
        demand.max.map { "max: (\($0))" } ?? "unlimited"
    }
}
