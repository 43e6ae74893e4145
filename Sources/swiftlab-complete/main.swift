// swiftlab-complete: the toolchain's sourcekitd in a process of its own, so that a crash
// in the library (Benchmarks/History.md, "The warm-compiler lead") costs one completion and not
// the REPL. swiftlab starts it in the background when a session starts and again after
// it dies (Sources/SwiftLabCore/Evaluation/Completion/CompletionHelper.swift).
//
// Usage: swiftlab-complete LIBRARY (the path of libsourcekitdInProc.so).
// Standard input: requests, each a frame (SourceKitValue.framed()) holding a sourcekitd
// request dictionary, optionally with a SourceKitResultFilter under
// SourceKitResultFilter.requestKey. Standard output: one frame per request, the response
// (filtered) or a SourceKitError.value. When the library cannot be loaded, one error
// frame is written at once and the process exits with status 3.
import Foundation
import SourceKitInProcess

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of `bytes` to `descriptor`; false when the reader has gone.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return false }
        offset += written
    }
    return true
}

// Frames go to a descriptor of their own; what the library prints goes to stderr.
let replies = dup(STDOUT_FILENO)
dup2(STDERR_FILENO, STDOUT_FILENO)
signal(SIGPIPE, SIG_IGN)

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: swiftlab-complete LIBRARY\n".utf8))
    exit(2)
}
let library: SourceKitLibrary
do {
    library = try SourceKitLibrary.load(path: CommandLine.arguments[1])
} catch let error as SourceKitError {
    _ = writeAll(error.value.framed(), to: replies)
    exit(3)
}

var reader = SourceKitFrameReader()
var chunk = [UInt8](repeating: 0, count: 65_536)
while true {
    let count = read(STDIN_FILENO, &chunk, chunk.count)
    if count < 0, errno == EINTR { continue }
    if count <= 0 { exit(0) }
    reader.append(chunk[0..<count])
    while true {
        let request: SourceKitValue
        do {
            guard let next = try reader.next() else { break }
            request = next
        } catch {
            guard writeAll((error as? SourceKitError ?? .invalidRequest("\(error)")).value.framed(), to: replies)
            else { exit(0) }
            continue
        }
        let reply: SourceKitValue
        var entries = request.dictionary ?? [:]
        let filter = entries.removeValue(forKey: SourceKitResultFilter.requestKey).flatMap(SourceKitResultFilter.init)
        do {
            let response = try library.send(.dictionary(entries))
            reply = filter?.apply(to: response) ?? response
        } catch let error as SourceKitError {
            reply = error.value
        } catch {
            reply = SourceKitError.requestFailed(kind: "failed", message: "\(error)").value
        }
        guard writeAll(reply.framed(), to: replies) else { exit(0) }
    }
}
