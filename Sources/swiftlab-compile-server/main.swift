// swiftlab-compile-server: the toolchain's compiler (libsourcekitdInProc.so) loaded once
// and kept warm, so that swiftlab compiles a cell without starting swift-frontend and
// loading the standard library again for each input (issue 15; BENCHMARKS.md). It runs in
// a process of its own because the library can crash on ordinary inputs: a crash then
// costs swiftlab one compile, which it does again with swift-frontend, and a restart.
//
// Usage: swiftlab-compile-server LIBRARY (the path of libsourcekitdInProc.so).
// Standard input: CompileServerRequest lines; standard output: one CompileServerReply per
// request (SwiftLabWorkerProtocol/CompileServerMessage.swift). When the library cannot be
// loaded, the server replies `unavailable` at once and exits with status 3.
//
// Ctrl-C at a shell reaches the server with swiftlab's process group, as it reaches
// swift-frontend: while it compiles, the server ends by SIGINT, so swiftlab knows the
// input was interrupted; while it waits for a request, it ignores it. The process is
// named after what it does (`starting`, `compiling Cell3`, `idle`), for `ps` and tests.
import Foundation
import SourceKitInProcess
import SwiftLabDescriptorIO
import SwiftLabWorkerProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a compile is under way (read by the SIGINT handler).
nonisolated(unsafe) var compiling: sig_atomic_t = 0

signal(SIGINT) { _ in
    guard compiling != 0 else { return }
    signal(SIGINT, SIG_DFL)
    raise(SIGINT)
}

let libraryPath = HelperProcessSetup.libraryArgument(processName: "swiftlab-compile-server")
// Replies go to a descriptor of their own; anything the library prints goes to stderr.
let replies = HelperProcessSetup.takeStandardOutputForReplies()

/// Writes a reply; exits when swiftlab has gone.
func send(_ reply: CompileServerReply) {
    let (header, payload) = reply.encoded
    guard FileDescriptorWriter.write(Array((header + "\n").utf8) + payload, to: replies) else { exit(0) }
}

let library: SourceKitLibrary
do {
    library = try SourceKitLibrary.load(path: libraryPath)
} catch {
    send(.unavailable(reason: "\(error)"))
    exit(3)
}

/// Compiles with driver-style `arguments` in compile session `name`, then closes the
/// session (its compiler instance and AST would otherwise stay: memory grows per cell).
func compile(name: String, arguments: [String]) -> CompileServerReply {
    compiling = 1
    showActivity("compiling \(name)")
    defer {
        showActivity("idle")
        compiling = 0
    }
    let request: SourceKitValue = [
        "key.request": .uid("source.request.compile"), "key.name": .string(name),
        "key.compilerargs": .array(arguments.map { .string($0) }),
    ]
    let reply: CompileServerReply
    do {
        let response = try library.send(request)
        let diagnostics = response["key.diagnostics"]?.array ?? []
        let failed =
            (response["key.value"]?.int ?? 0) != 0
            || diagnostics.contains { $0["key.severity"]?.string == "source.diagnostic.severity.error" }
        reply = .compiled(succeeded: !failed, output: diagnostics.map(DiagnosticText.lines).joined())
    } catch {
        reply = .compiled(succeeded: false, output: "error: \(error)\n")
    }
    _ = try? library.send(["key.request": .uid("source.request.compile.close"), "key.name": .string(name)])
    return reply
}

/// Names the process after what it does, as `ps` and /proc/PID/comm show it (15 bytes at
/// most): `starting` until the first compile, `compiling Cell12` while it compiles that
/// cell, `idle` after.
func showActivity(_ activity: String) {
    #if os(Linux)
    let descriptor = open("/proc/self/comm", O_WRONLY)
    guard descriptor >= 0 else { return }
    FileDescriptorWriter.write(Array(activity.utf8.prefix(15)), to: descriptor)
    close(descriptor)
    #endif
}

showActivity("starting")
var requests = FileDescriptorReader(STDIN_FILENO)
while case .success(let line) = requests.next(FileDescriptorReader.line) {
    guard case .compile(let name, let arguments)? = CompileServerRequest(line: Substring(line)) else {
        send(.compiled(succeeded: false, output: "error: swiftlab-compile-server: unknown request\n"))
        continue
    }
    send(compile(name: name, arguments: arguments))
}
// swiftlab has closed the requests' pipe (or gone).
exit(0)
