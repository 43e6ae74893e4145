import SwiftLabDescriptorIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a file descriptor without line editing: piped input
/// (`printf '1 + 1\n' | swiftlab`, `swiftlab < script.swift`), or a terminal on which
/// the line editor cannot work (`TERM=dumb`), where the terminal's own line discipline
/// does the editing and a prompt is still shown.
///
/// Lines of any content are read without loss: bytes that are not UTF-8 are decoded as
/// U+FFFD, a trailing CR is dropped, and a line longer than ``maximumLineLength`` is
/// skipped with a message instead of exhausting memory.
public final class StreamLineReader: LineReader {
    /// The longest line accepted, in bytes (16 MiB).
    public let maximumLineLength: Int
    /// Whether prompts are shown (standard input is a terminal).
    public let isInteractive: Bool
    private let input: Int32
    private let output: Int32
    private let wakePipe = WakePipe()
    private let interruptRequested = Locked(false)
    private var buffer: [UInt8] = []
    private var lineStart = 0
    /// Bytes before this index (from `lineStart`) hold no line break: search after it.
    private var searchedUpTo = 0
    private var reachedEnd = false
    private var discardingLongLine = false

    /// Creates a reader of `input`; with `prompting`, prompts are written to `output`.
    public init(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, prompting: Bool,
        maximumLineLength: Int = 16 << 20
    ) {
        self.input = input
        self.output = output
        self.isInteractive = prompting
        self.maximumLineLength = maximumLineLength
    }

    /// Makes a pending read return ``LineReadResult/interrupted``; safe from any thread.
    public var interruptReading: @Sendable () -> Void {
        { [wakePipe, interruptRequested] in
            interruptRequested.withLock { $0 = true }
            wakePipe.wake()
        }
    }

    /// Reads the next line, after `prompt` when prompting; see ``LineReader/readLine(prompt:)``.
    public func readLine(prompt: String) -> LineReadResult {
        if isInteractive { FileDescriptorWriter.write(prompt, to: output) }
        while true {
            if takeInterruptRequest() {
                // The terminal already dropped what was typed; end the line it was on.
                if isInteractive { FileDescriptorWriter.write("\n", to: output) }
                return .interrupted
            }
            if let newline = buffer[max(lineStart, searchedUpTo)...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[lineStart..<newline]
                lineStart = newline + 1
                searchedUpTo = lineStart
                if discardingLongLine || line.count > maximumLineLength {
                    discardingLongLine = false
                    return .refused(tooLongMessage)
                }
                return .line(decode(line))
            }
            searchedUpTo = buffer.count
            if buffer.count - lineStart > maximumLineLength {
                // Keep reading until the line ends, but stop storing it.
                discardingLongLine = true
                buffer.removeAll(keepingCapacity: true)
                lineStart = 0
                searchedUpTo = 0
            }
            if reachedEnd {
                if discardingLongLine {
                    discardingLongLine = false
                    return .refused(tooLongMessage)
                }
                guard lineStart < buffer.count else { return .endOfInput }
                let line = buffer[lineStart...]
                lineStart = buffer.count
                return .line(decode(line))
            }
            fill()
        }
    }

    /// Does nothing: without line editing nothing can be recalled.
    public func addHistoryEntry(_ entry: String) {}

    /// Writes `text` as is; see ``LineReader/write(_:)``.
    public func write(_ text: String) {
        FileDescriptorWriter.write(text, to: output)
    }

    /// Prints `text` (with a final line break); see ``LineReader/printAbovePrompt(_:)``.
    public func printAbovePrompt(_ text: String) {
        FileDescriptorWriter.write(text.hasSuffix("\n") ? text : text + "\n", to: output)
    }

    private var tooLongMessage: String {
        let limit = maximumLineLength >= 1 << 20 ? "\(maximumLineLength >> 20) MiB" : "\(maximumLineLength) bytes"
        return "A line longer than \(limit) was skipped."
    }

    private func takeInterruptRequest() -> Bool {
        interruptRequested.withLock { requested in
            defer { requested = false }
            return requested
        }
    }

    private func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var line = bytes
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        return String(decoding: line, as: UTF8.self)
    }

    /// Reads what is available (waiting for it, or for an interrupt).
    private func fill() {
        if lineStart > 0 && lineStart >= buffer.count / 2 {
            buffer.removeSubrange(0..<lineStart)
            searchedUpTo -= lineStart
            lineStart = 0
        }
        var fds = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakePipe.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, 2, -1)
        if ready < 0 {
            if errno != EINTR { reachedEnd = true }
            return
        }
        if fds[1].revents != 0 { wakePipe.drain() }
        guard fds[0].revents != 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = chunk.withUnsafeMutableBytes { systemRead(input, $0.baseAddress!, $0.count) }
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            reachedEnd = true
        }
    }
}
