import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A REPL started on a pseudo-terminal of its own (as the leader of a new session, the
/// terminal its controlling one), so that it runs its line editor as for a person, and
/// keys can be typed into it at a person's pace while everything it writes is read.
public final class TypingTerminal {
    /// The REPL's process id.
    public let processID: pid_t
    private let primary: Int32
    private var pending: [UInt8] = []
    /// Everything read, for the message when the REPL does not answer.
    private var transcript: [UInt8] = []

    /// Starts `executable` with `arguments` and exactly `environment` on a terminal.
    public init(executable: URL, arguments: [String], environment: [String: String]) throws {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        // No size (0x0), as a plain terminal emulator reports none: LLDB then shows no status
        // line, which it redraws on every key (and with which it stopped reading keys here).
        guard openpty(&primary, &secondary, nil, nil, nil) == 0, let name = ttyname(secondary) else {
            throw POSIXError(.ENOTTY)
        }
        _ = fcntl(primary, F_SETFD, FD_CLOEXEC)
        let secondaryPath = String(cString: name)
        close(secondary)
        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        posix_spawnattr_init(&attributes)
        posix_spawn_file_actions_init(&actions)
        defer {
            posix_spawnattr_destroy(&attributes)
            posix_spawn_file_actions_destroy(&actions)
        }
        // POSIX_SPAWN_SETSID (glibc's 0x80, not imported): a new session, in which opening
        // the terminal makes it the controlling one.
        posix_spawnattr_setflags(&attributes, 0x80)
        posix_spawn_file_actions_addopen(&actions, 0, secondaryPath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(primary)
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
        }
        processID = pid
        self.primary = primary
    }

    deinit { close(primary) }

    /// Types `text` as it is (`"\r"` is Enter).
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(primary, $0.baseAddress!, $0.count) }
    }

    /// Reads what the REPL writes for `milliseconds` (a typist's pause).
    public func pause(milliseconds: Double) {
        let end = ContinuousClock.now + .microseconds(Int64(milliseconds * 1000))
        while ContinuousClock.now < end {
            let left = end - ContinuousClock.now
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
            _ = read(upTo: Int32(max(0, milliseconds)))
        }
    }

    /// Reads until a line (escape sequences removed, after its last carriage return)
    /// satisfies `isWanted`, which is returned; stops the benchmark at an error, or when the
    /// REPL ends.
    public func waitForLine(_ name: String, where isWanted: (String) -> Bool) -> String {
        while true {
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Self.visibleText(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
                if line.contains("error:") { fatalError("\(name) printed an error: \(line)") }
                if isWanted(line) { return line }
            }
            guard read(upTo: 60_000) else {
                let shown = String(decoding: transcript, as: UTF8.self).debugDescription
                fatalError("\(name) wrote nothing for a minute, or ended: \(shown)")
            }
        }
    }

    /// Reads until the REPL shows its prompt (`> ` after what it wrote last), as a person
    /// waits for it before typing the next input.
    public func waitForPrompt(_ name: String) {
        while !Self.visibleText(String(decoding: pending, as: UTF8.self)).contains("> ") {
            guard read(upTo: 60_000) else {
                let shown = String(decoding: transcript, as: UTF8.self).debugDescription
                fatalError("\(name) showed no prompt for a minute, or ended: \(shown)")
            }
        }
        pending = []
    }

    /// Ends the REPL with Ctrl-D and returns the user + system time of it and every process
    /// it waited for (its own children's, from `wait4`), in ms.
    public func finish() -> Double {
        type("\u{04}")
        var status: Int32 = 0
        var usage = rusage()
        while true {
            if wait4(processID, &status, WNOHANG, &usage) == processID { break }
            _ = read(upTo: 50)
        }
        return milliseconds(of: usage)
    }

    /// Whether anything came within `timeout` ms (false too when the terminal closed).
    private func read(upTo timeout: Int32) -> Bool {
        var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, timeout) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = Glibc.read(primary, &buffer, buffer.count)
        guard count > 0 else { return false }
        pending += buffer[0..<count]
        transcript += buffer[0..<count]
        return true
    }

    /// `line` as it shows: escape sequences dropped, and only what follows its last `\r`.
    static func visibleText(_ line: String) -> String {
        var text = line
        while let start = text.range(of: "\u{1B}[") {
            var end = start.upperBound
            while end < text.endIndex, !(text[end].isLetter || text[end] == "~") { end = text.index(after: end) }
            text.removeSubrange(start.lowerBound..<(end < text.endIndex ? text.index(after: end) : end))
        }
        if text.hasSuffix("\r") { text.removeLast() }
        return String(text.split(separator: "\r", omittingEmptySubsequences: false).last ?? "")
    }
}

/// The CPU time (user + system, ms) of `root` and every live process below it, with what
/// each has collected from its waited-for children, from `/proc` (Linux).
public func processTreeCPU(root: pid_t) -> Double {
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    var parents: [pid_t: pid_t] = [:]
    var times: [pid_t: Double] = [:]
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { continue }
        // After the command: state (3), parent (4), ... utime (14), stime, cutime, cstime (17).
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 14, let parent = pid_t(fields[1]) else { continue }
        parents[pid] = parent
        times[pid] = fields[11...14].compactMap { Double($0) }.reduce(0, +) / ticks * 1000
    }
    var tree = [root]
    var index = 0
    while index < tree.count {
        tree += parents.filter { $0.value == tree[index] }.map(\.key)
        index += 1
    }
    return tree.compactMap { times[$0] }.reduce(0, +)
}
