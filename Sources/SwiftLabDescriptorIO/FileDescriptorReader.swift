#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file descriptor (a pipe, most often) one frame at a time: a line, a
/// length-prefixed message, whatever the `frame` function given to ``next(until:_:)``
/// takes from the front of the bytes read so far. Bytes beyond a frame stay for the next.
///
/// swiftlab reads its helper processes' replies with it (with a deadline, so that a hung
/// helper costs one request), and the helpers read their requests with it.
public struct FileDescriptorReader: Sendable {
    /// How a read ended without a frame.
    public enum Failure: Error, Equatable, Sendable {
        /// The descriptor reached its end (the writer closed it, or ended) or failed.
        case closed
        /// The deadline passed first.
        case timedOut
    }

    /// The descriptor read from.
    public let descriptor: Int32
    /// Bytes read and not yet taken as a frame.
    public private(set) var pending: [UInt8] = []
    /// Whether the descriptor has reached its end (or failed): nothing more will arrive.
    public private(set) var isAtEnd = false

    /// A reader of `descriptor`, which stays the caller's to close.
    public init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Reads what the descriptor has (waiting until it has something) and keeps it in
    /// ``pending``; false once the descriptor is at its end.
    @discardableResult
    public mutating func fill() -> Bool {
        guard !isAtEnd else { return false }
        while true {
            let count = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65_536) { chunk in
                let count = systemRead(descriptor, chunk.baseAddress!, chunk.count)
                if count > 0 { pending += chunk[..<count] }
                return count
            }
            if count > 0 { return true }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN { return true }
            isAtEnd = true
            return false
        }
    }

    /// A frame from the bytes read so far, without reading: `frame` takes it from the front
    /// of them (removing what it took), or returns nil while it is incomplete.
    public mutating func take<Frame>(_ frame: (inout [UInt8]) throws -> Frame?) rethrows -> Frame? {
        try frame(&pending)
    }

    /// Reads until `frame` takes a whole frame (see ``take(_:)``), the descriptor ends, or
    /// `deadline` passes (`nil`: no deadline).
    public mutating func next<Frame>(
        until deadline: ContinuousClock.Instant? = nil, _ frame: (inout [UInt8]) -> Frame?
    ) -> Result<Frame, Failure> {
        while true {
            if let taken = frame(&pending) { return .success(taken) }
            guard !isAtEnd else { return .failure(.closed) }
            if let deadline {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return .failure(.timedOut) }
                let milliseconds = Int32(min(left.components.seconds * 1000 + 1, 60_000))
                // EINTR or nothing yet: the deadline is checked again.
                guard Self.poll([descriptor], milliseconds: milliseconds) == [true] else { continue }
            }
            fill()
        }
    }

    /// Everything up to the descriptor's end (with what was read and not taken before).
    public mutating func readToEnd() -> [UInt8] {
        while fill() {}
        defer { pending = [] }
        return pending
    }

    /// Whether a frame has started to arrive, or the end has, without waiting.
    public var hasInputWaiting: Bool {
        isAtEnd || !pending.isEmpty || Self.poll([descriptor], milliseconds: 0) == [true]
    }

    /// Which of `descriptors` can be read without waiting (or are at their end), after
    /// waiting at most `milliseconds` (-1: until one can); all false on EINTR. Should
    /// `poll` itself fail, all true: a read then says what is wrong, instead of a caller
    /// polling again and again.
    public static func poll(_ descriptors: [Int32], milliseconds: Int32) -> [Bool] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = systemPoll(&entries, nfds_t(entries.count), milliseconds)
        if ready < 0 { return Array(repeating: errno != EINTR, count: entries.count) }
        return entries.map { $0.revents != 0 }
    }

    /// A frame that is one line: the text before the first newline, which it removes with
    /// the newline (the line protocols of the worker and the compile server).
    public static func line(_ bytes: inout [UInt8]) -> String? {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        defer { bytes.removeSubrange(...newline) }
        return String(decoding: bytes[..<newline], as: UTF8.self)
    }
}
