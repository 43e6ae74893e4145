import Foundation
import SwiftLabWorkerProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// swiftlab's side of one `swiftlab-compile-server` process: the toolchain's compiler kept
/// loaded (`libsourcekitdInProc.so`), compiling a cell to an object file in about half the
/// CPU time of a `swift-frontend` process (see BENCHMARKS.md).
///
/// The server starts in the background: the first request is a warm-up compile, and
/// ``isWarm`` turns true once it has been answered, so a session never waits for the
/// library to load. The server stays in swiftlab's process group, so Ctrl-C at a shell
/// ends a compile under way as it ends `swift-frontend` (the server ignores it while idle).
final class CompileServer {
    /// How one compile through the server ended.
    enum Answer: Equatable {
        /// The compiler answered: whether the object file was written, and the diagnostics.
        case compiled(succeeded: Bool, output: String)
        /// The server has ended (crashed, was interrupted, or could not load the library):
        /// its exit status, or 128 + the signal that ended it.
        case ended(status: Int32)
    }

    /// The server's process id.
    let pid: pid_t
    private let requests: Int32
    private let replies: Int32
    private var pending: [UInt8] = []
    private var waitingForWarmUp = true

    /// Starts `executable` on `library` and sends it `warmUp` (a compile whose answer only
    /// says the server is ready).
    init(executable: URL, library: URL, warmUp: CompileServerRequest) throws {
        let requestPipe = ChildProcess.makePipe()
        let replyPipe = ChildProcess.makePipe()
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(null) }
        do {
            pid = try ChildProcess.spawn(
                [executable.path, library.path], environment: ProcessInfo.processInfo.environment,
                descriptors: [(0, requestPipe.read), (1, replyPipe.write), (2, null)])
        } catch {
            for fd in [requestPipe.read, requestPipe.write, replyPipe.read, replyPipe.write] { close(fd) }
            throw error
        }
        close(requestPipe.read)
        close(replyPipe.write)
        requests = requestPipe.write
        replies = replyPipe.read
        if !send(warmUp) { _ = finish() }
    }

    deinit { shutDown() }

    /// Whether the server has answered its warm-up compile (without waiting for it).
    var isWarm: Bool {
        guard waitingForWarmUp, endStatus == nil else { return !waitingForWarmUp && endStatus == nil }
        var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        switch readReply() {
        case .compiled?: waitingForWarmUp = false
        default: _ = finish()
        }
        return !waitingForWarmUp && endStatus == nil
    }

    /// The server's exit status once it has ended and been reaped (128 + signal).
    private(set) var endStatus: Int32?
    /// The exit status of a server that cannot load the library (`unavailable`).
    static let unavailableStatus: Int32 = 3

    /// Compiles with driver-style `arguments` (`-c FILE -o OBJECT ...`) in a compile
    /// session `name`; waits for the warm-up first if it is still under way. With
    /// `keepingSession`, the server keeps the session open for the next compile of the same
    /// file (see ``BodyGeneration``).
    func compile(name: String, arguments: [String], keepingSession: Bool = false) -> Answer {
        if let endStatus { return .ended(status: endStatus) }
        if waitingForWarmUp {
            guard case .compiled? = readReply() else { return .ended(status: finish()) }
            waitingForWarmUp = false
        }
        let request: CompileServerRequest =
            keepingSession
            ? .compileKeepingSession(name: name, arguments: arguments) : .compile(name: name, arguments: arguments)
        guard send(request), case .compiled(let succeeded, let output)? = readReply()
        else { return .ended(status: finish()) }
        return .compiled(succeeded: succeeded, output: output)
    }

    /// Ends the server at once (it holds nothing worth keeping) and reaps it.
    func shutDown() {
        guard endStatus == nil else { return }
        kill(pid, SIGKILL)
        _ = finish()
    }

    private func send(_ request: CompileServerRequest) -> Bool {
        let bytes = Array((request.line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(requests, $0.baseAddress!, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Reads one reply: its header line, then its payload; `nil` when the server has gone.
    private func readReply() -> CompileServerReply? {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        func fill() -> Bool {
            while true {
                let count = read(replies, &chunk, chunk.count)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return false }
                pending += chunk[0..<count]
                return true
            }
        }
        var newline = pending.firstIndex(of: UInt8(ascii: "\n"))
        while newline == nil {
            guard fill() else { return nil }
            newline = pending.firstIndex(of: UInt8(ascii: "\n"))
        }
        let header = String(decoding: pending[..<newline!], as: UTF8.self)
        guard let length = CompileServerReply.payloadLength(header: Substring(header)) else { return nil }
        let end = newline! + 1 + length
        while pending.count < end {
            guard fill() else { return nil }
        }
        let reply = CompileServerReply(header: Substring(header), payload: Array(pending[(newline! + 1)..<end]))
        pending.removeSubrange(..<end)
        return reply
    }

    /// Closes the pipes and reaps the server; its exit status.
    private func finish() -> Int32 {
        if let endStatus { return endStatus }
        close(requests)
        close(replies)
        let status = ChildProcess.wait(for: pid)
        endStatus = status
        return status
    }
}
