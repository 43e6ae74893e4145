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
import SwiftLabDescriptorIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let libraryPath = HelperProcessSetup.libraryArgument(processName: "swiftlab-complete")
// Frames go to a descriptor of their own; what the library prints goes to stderr.
let replies = HelperProcessSetup.takeStandardOutputForReplies()
let library: SourceKitLibrary
do {
    library = try SourceKitLibrary.load(path: libraryPath)
} catch let error as SourceKitError {
    FileDescriptorWriter.write(error.value.framed(), to: replies)
    exit(3)
}

/// A request, or why its frame holds none.
func takeRequest(_ bytes: inout [UInt8]) -> Result<SourceKitValue, SourceKitError>? {
    do {
        return try SourceKitValue.takeFrame(from: &bytes).map { .success($0) }
    } catch {
        return .failure(error as? SourceKitError ?? .invalidRequest("\(error)"))
    }
}

var requests = FileDescriptorReader(STDIN_FILENO)
while case .success(let request) = requests.next(takeRequest) {
    let reply: SourceKitValue
    switch request {
    case .failure(let error):
        reply = error.value
    case .success(let request):
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
    }
    guard FileDescriptorWriter.write(reply.framed(), to: replies) else { break }
}
// swiftlab has closed the requests' pipe (or gone).
exit(0)
