import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// While code runs, turns Ctrl-C (SIGINT) into a call that stops that code, so the REPL
/// itself is not interrupted; the previous SIGINT handling comes back afterwards.
final class InterruptWatcher {
    private var previous = sigaction()
    private let source: DispatchSourceSignal

    /// Starts watching; `handler` runs on a background queue for each Ctrl-C.
    init(handler: @escaping @Sendable () -> Void) {
        var ignore = sigaction()
        #if canImport(Glibc)
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        #else
        ignore.__sigaction_u.__sa_handler = SIG_IGN
        #endif
        sigemptyset(&ignore.sa_mask)
        sigaction(SIGINT, &ignore, &previous)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: handler)
        source.resume()
    }

    /// Stops watching and restores the earlier SIGINT handling.
    func stop() {
        source.cancel()
        sigaction(SIGINT, &previous, nil)
    }
}
