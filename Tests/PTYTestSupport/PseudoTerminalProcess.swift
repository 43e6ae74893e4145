import Foundation
import TestWaiting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program on a pseudo-terminal, as if a person were typing at it, so tests can
/// drive interactive behaviour (line editing, history keys, Ctrl-C, Ctrl-D) without tmux
/// or expect.
///
/// The program is the leader of a new session with the terminal as its controlling
/// terminal, so Ctrl-C typed with ``send(_:)-(TerminalKey)`` raises SIGINT in it exactly as
/// at a real terminal.
///
/// ```swift
/// let terminal = try PseudoTerminalProcess(executable: path, environment: ["TERM": "xterm"])
/// try terminal.waitForOutput(containing: "> ")
/// terminal.send(":help")
/// terminal.send(.enter)
/// try terminal.waitForOutput(containing: "Commands")
/// terminal.send(.ctrlD)
/// #expect(try terminal.waitForExit() == 0)
/// ```
public final class PseudoTerminalProcess {
    /// Held while a terminal is opened and its program started (see `init`).
    private static let startLock = NSLock()
    /// The child's process id.
    public let processID: pid_t
    private let primary: Int32
    private var received: [UInt8] = []
    /// Where the next ``waitForOutput(containing:timeout:)`` starts looking.
    private var searchStart = 0
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments` and exactly `environment` (nothing is
    /// inherited) on a new terminal of `columns` x `rows`.
    public init(
        executable: String, arguments: [String] = [], environment: [String: String],
        columns: Int = 80, rows: Int = 24
    ) throws {
        // Tests start programs from several threads at once. A program must not inherit
        // another terminal's ends, or that terminal stays open after its own program
        // ended (and waiting on it lasts until the other program ends too): both ends are
        // made close-on-exec at once, and no program of this harness starts in between.
        Self.startLock.lock()
        defer { Self.startLock.unlock() }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        var primary: Int32 = -1
        var secondary: Int32 = -1
        guard openpty(&primary, &secondary, nil, nil, &size) == 0 else {
            throw PseudoTerminalError.cannotStart("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(primary, F_SETFD, FD_CLOEXEC)
        _ = fcntl(secondary, F_SETFD, FD_CLOEXEC)
        defer { close(secondary) }
        guard let namePointer = ttyname(secondary) else {
            close(primary)
            throw PseudoTerminalError.cannotStart("no pseudo-terminal name: \(String(cString: strerror(errno)))")
        }
        self.primary = primary
        // The child opens the terminal by name (below), as its controlling terminal.
        let secondaryPath = String(cString: namePointer)

        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        posix_spawnattr_init(&attributes)
        posix_spawn_file_actions_init(&actions)
        defer {
            posix_spawnattr_destroy(&attributes)
            posix_spawn_file_actions_destroy(&actions)
        }
        // A new session first; then opening the terminal (without O_NOCTTY) makes it the
        // controlling terminal, as login_tty does.
        #if canImport(Glibc)
        let newSession: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc), not imported into Swift
        #else
        let newSession = Int32(POSIX_SPAWN_SETSID)
        #endif
        // Test threads often block signals, and a child inherits the mask: start it with
        // none blocked and default actions, as a login shell would.
        posix_spawnattr_setflags(
            &attributes, Int16(newSession | Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)))
        var defaultSignals = sigset_t()
        sigfillset(&defaultSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawn_file_actions_addopen(&actions, 0, secondaryPath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(primary)
            throw PseudoTerminalError.cannotStart("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        processID = pid
    }

    deinit {
        terminate()
        close(primary)
    }

    /// Everything the program has written so far, decoded as UTF-8 (escape sequences
    /// included; invalid bytes as U+FFFD).
    public var output: String {
        String(decoding: received, as: UTF8.self)
    }

    /// Types `text` (bytes exactly as given; use `"\r"` or ``TerminalKey/enter`` for Return).
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(primary, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { if errno == EINTR { continue } else { return } }
                offset += written
            }
        }
    }

    /// Presses `key`.
    public func send(_ key: TerminalKey) {
        send(key.rawValue)
    }

    /// Waits until the program writes `text`, looking only at output that came after the
    /// previous successful wait; returns the output from that point through `text`.
    /// Throws ``PseudoTerminalError/timedOut(waitingFor:output:)`` (with all the output)
    /// after `timeout` seconds (by default TestWaiting's generous deadlock bound: a slow
    /// machine finishes, a hang does not), or if the program ends first.
    @discardableResult
    public func waitForOutput(containing text: String, timeout: Double = deadlockBound) throws -> String {
        let needle = Array(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let range = find(needle) {
                let chunk = String(decoding: received[searchStart..<range.upperBound], as: UTF8.self)
                searchStart = range.upperBound
                return chunk
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, read(waitingUpTo: remaining) != .closed else {
                throw PseudoTerminalError.timedOut(waitingFor: text, output: output)
            }
        }
    }

    /// Waits until the program has put the terminal in raw (non-canonical) mode, as a line
    /// editor does while it reads a line. Keys typed before that are cooked by the
    /// terminal's own line discipline (echoed, erased by byte), so send special keys only
    /// after this returns.
    public func waitForRawMode(timeout: Double = deadlockBound) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var attributes = termios()
        while tcgetattr(primary, &attributes) == 0, attributes.c_lflag & tcflag_t(ICANON) != 0 {
            guard deadline.timeIntervalSinceNow > 0 else {
                throw PseudoTerminalError.timedOut(waitingFor: "raw mode", output: output)
            }
            _ = read(waitingUpTo: 0.01)
        }
    }

    /// Waits for the program to end and returns its exit status (128 + the signal number
    /// if a signal ended it). Throws if it is still running after `timeout` seconds.
    public func waitForExit(timeout: Double = deadlockBound) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while exitStatus == nil {
            var status: Int32 = 0
            if waitpid(processID, &status, WNOHANG) == processID {
                let signal = status & 0x7F
                exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
                break
            }
            guard deadline.timeIntervalSinceNow > 0 else {
                throw PseudoTerminalError.timedOut(waitingFor: "the program to exit", output: output)
            }
            _ = read(waitingUpTo: 0.02)
        }
        while read(waitingUpTo: 0.05) == .received {}
        return exitStatus!
    }

    /// Kills the program if it is still running (done automatically when released).
    public func terminate() {
        guard exitStatus == nil else { return }
        kill(processID, SIGKILL)
        var status: Int32 = 0
        waitpid(processID, &status, 0)
        exitStatus = 128 + SIGKILL
    }

    private func find(_ needle: [UInt8]) -> Range<Int>? {
        guard !needle.isEmpty, received.count - searchStart >= needle.count else { return nil }
        for start in searchStart...(received.count - needle.count)
        where received[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }

    private enum ReadOutcome { case received, nothingYet, closed }

    /// Reads what the program wrote, waiting up to `seconds` (at most one) for something.
    /// `closed` when the terminal has no writer left: the program ended.
    private func read(waitingUpTo seconds: Double) -> ReadOutcome {
        var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(max(0, min(seconds, 1)) * 1000))
        guard ready > 0 else { return .nothingYet }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { readBytes(primary, $0) }
        guard count > 0 else { return count < 0 && errno == EINTR ? .nothingYet : .closed }
        received.append(contentsOf: buffer[0..<count])
        return .received
    }
}

/// The C library's `read`, named apart from ``PseudoTerminalProcess``'s own `read`.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, buffer.baseAddress!, buffer.count)
    #else
    return Darwin.read(fd, buffer.baseAddress!, buffer.count)
    #endif
}

/// Keys, as the bytes a terminal sends for them.
public enum TerminalKey: String, Sendable {
    case enter = "\r"
    case tab = "\t"
    case backspace = "\u{7F}"
    case escape = "\u{1B}"
    case up = "\u{1B}[A"
    case down = "\u{1B}[B"
    case right = "\u{1B}[C"
    case left = "\u{1B}[D"
    case ctrlA = "\u{01}"
    case ctrlC = "\u{03}"
    case ctrlD = "\u{04}"
    case ctrlE = "\u{05}"
    case ctrlK = "\u{0B}"
    case ctrlU = "\u{15}"
}

/// Why a ``PseudoTerminalProcess`` call failed.
public enum PseudoTerminalError: Error, CustomStringConvertible {
    /// The terminal or the program could not be started.
    case cannotStart(String)
    /// The awaited output or exit did not happen in time; `output` is everything the
    /// program wrote.
    case timedOut(waitingFor: String, output: String)

    /// A message saying what failed, with the output so far.
    public var description: String {
        switch self {
        case .cannotStart(let reason): return reason
        case .timedOut(let awaited, let output):
            return "timed out waiting for \(awaited.debugDescription); output so far: \(output.debugDescription)"
        }
    }
}
