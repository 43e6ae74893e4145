import Foundation
import SwiftLabDescriptorIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the keys a person types while no line is being edited (an input or a command is
/// running), so that none is lost and Ctrl-C still interrupts at once.
///
/// Meanwhile the terminal is in non-canonical mode without echo and without signals:
/// Ctrl-C is a byte read in order with the others, never a SIGINT that would make the
/// terminal discard what was typed after it. When Ctrl-C stops something running
/// (`interrupt` returns `true`) the keys typed before it are dropped, as a terminal drops
/// them, and the keys after it are kept; when nothing was running it stays a key, for the
/// line editor to handle in its place. ``stop()`` hands the kept keys to the next line.
final class TypeaheadReader: @unchecked Sendable {
    private let input: Int32
    /// The keys read so far, and whether the thread should end.
    private let state = Locked((keys: [UInt8](), stopping: false))
    private let wakePipe = WakePipe()
    private var thread: Thread?
    private var finished: DispatchSemaphore?
    private var savedAttributes: termios?

    init(input: Int32) {
        self.input = input
    }

    /// Starts reading (on a thread of its own) until ``stop()``; `interrupt` is called for
    /// each Ctrl-C and returns whether it stopped something.
    func start(interrupt: @escaping @Sendable () -> Bool) {
        guard thread == nil else { return }
        var attributes = termios()
        guard tcgetattr(input, &attributes) == 0 else { return }
        savedAttributes = attributes
        var reading = attributes
        reading.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &reading.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(input, TCSANOW, &reading)
        state.withLock { $0.stopping = false }
        let finished = DispatchSemaphore(value: 0)
        self.finished = finished
        let thread = Thread { [self] in
            readKeys(interrupt: interrupt)
            finished.signal()
        }
        thread.name = "swiftlab-typeahead"
        self.thread = thread
        thread.start()
    }

    /// Stops reading, puts the terminal back as ``start(interrupt:)`` found it, and
    /// returns the keys kept, oldest first.
    func stop() -> [UInt8] {
        guard thread != nil, let finished else { return [] }
        state.withLock { $0.stopping = true }
        wakePipe.wake()
        finished.wait()
        wakePipe.drain()
        thread = nil
        self.finished = nil
        if var attributes = savedAttributes { _ = tcsetattr(input, TCSANOW, &attributes) }
        savedAttributes = nil
        return state.withLock { state in
            defer { state.keys = [] }
            return state.keys
        }
    }

    private func readKeys(interrupt: @Sendable () -> Bool) {
        var buffer = [UInt8](repeating: 0, count: 256)
        while !state.withLock({ $0.stopping }) {
            var fds = [
                pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakePipe.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                return
            }
            guard fds[0].revents & Int16(POLLIN) != 0 else {
                if fds[0].revents != 0 { return }  // hung up: nothing more will come
                continue
            }
            let count = buffer.withUnsafeMutableBytes { systemRead(input, $0.baseAddress!, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return }
            for byte in buffer[0..<count] {
                if byte == 0x03, interrupt() {
                    state.withLock { $0.keys = [] }
                } else {
                    state.withLock { $0.keys.append(byte) }
                }
            }
        }
    }
}
