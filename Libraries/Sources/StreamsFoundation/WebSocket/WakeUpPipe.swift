import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe whose read end a connection's thread polls beside its socket, so that `send` and
/// `close()` from other threads wake it at once, even while it connects or waits to write.
final class WakeUpPipe: @unchecked Sendable {
    /// The end to poll for reading.
    let readEnd: Int32
    private let writeEnd: Int32
    private let lock = NSLock()
    private var isClosed = false

    init() throws(WebSocketError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw .connectionFailed("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Wakes the poller; does nothing once closed (the numbers may belong to other files then).
    func wake() {
        lock.withLock {
            guard !isClosed else { return }
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)  // a full pipe is already a pending wake-up
        }
    }

    /// Empties the pipe after a wake-up.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }

    /// Releases both ends (once).
    func close() {
        lock.withLock {
            guard !isClosed else { return }
            isClosed = true
            _ = closeDescriptor(readEnd)
            _ = closeDescriptor(writeEnd)
        }
    }

    deinit { close() }
}
