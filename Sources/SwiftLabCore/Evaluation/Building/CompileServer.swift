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
    var pid: pid_t { channel.pid }
    private let channel: HelperChannel
    private var waitingForWarmUp = true

    /// Starts `executable` on `library` and sends it `warmUp` (a compile whose answer only
    /// says the server is ready).
    init(executable: URL, library: URL, warmUp: CompileServerRequest) throws {
        channel = try HelperChannel(arguments: [executable.path, library.path])
        if !send(warmUp) { _ = finish() }
    }

    deinit { shutDown() }

    /// Whether the server has answered its warm-up compile (without waiting for it).
    var isWarm: Bool {
        guard waitingForWarmUp, endStatus == nil else { return !waitingForWarmUp && endStatus == nil }
        guard channel.hasOutputWaiting() else { return false }
        switch readReply() {
        case .compiled?: waitingForWarmUp = false
        default: _ = finish()
        }
        return !waitingForWarmUp && endStatus == nil
    }

    /// The server's exit status once it has ended and been reaped (128 + signal).
    var endStatus: Int32? { channel.endStatus }
    /// The exit status of a server that cannot load the library (`unavailable`).
    static let unavailableStatus: Int32 = 3

    /// Compiles with driver-style `arguments` (`-c FILE -o OBJECT ...`) in a compile
    /// session `name`; waits for the warm-up first if it is still under way.
    func compile(name: String, arguments: [String]) -> Answer {
        if let endStatus { return .ended(status: endStatus) }
        if waitingForWarmUp {
            guard case .compiled? = readReply() else { return .ended(status: finish()) }
            waitingForWarmUp = false
        }
        guard send(.compile(name: name, arguments: arguments)), case .compiled(let succeeded, let output)? = readReply()
        else { return .ended(status: finish()) }
        return .compiled(succeeded: succeeded, output: output)
    }

    /// Ends the server at once (it holds nothing worth keeping) and reaps it.
    func shutDown() {
        channel.end()
    }

    private func send(_ request: CompileServerRequest) -> Bool {
        channel.write(Array((request.line + "\n").utf8))
    }

    /// Reads one reply: its header line, then its payload; `nil` when the server has gone
    /// or the reply cannot be read.
    private func readReply() -> CompileServerReply? {
        // A frame is a reply, or nil for a header that cannot be read (which ends the read).
        let reply = channel.read { pending -> CompileServerReply?? in
            guard let newline = pending.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let header = String(decoding: pending[..<newline], as: UTF8.self)
            guard let length = CompileServerReply.payloadLength(header: Substring(header)) else {
                return .some(nil)
            }
            let end = newline + 1 + length
            guard pending.count >= end else { return nil }
            defer { pending.removeSubrange(..<end) }
            return CompileServerReply(header: Substring(header), payload: Array(pending[(newline + 1)..<end]))
        }
        guard case .success(let value?) = reply else { return nil }
        return value
    }

    /// Closes the pipes and reaps the server; its exit status.
    private func finish() -> Int32 {
        channel.end(killing: false)
    }
}
