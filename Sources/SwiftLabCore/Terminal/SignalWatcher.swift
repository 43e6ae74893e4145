import Foundation
import SwiftLabDescriptorIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGINT (Ctrl-C) and SIGWINCH (window resized) into calls of ordinary Swift
/// closures on a background thread, so the REPL can decide what Ctrl-C means at the
/// moment it arrives: clear the line being edited, or interrupt running code. The
/// process itself is never killed by Ctrl-C.
///
/// The signal handler only writes the signal number to a pipe (all a handler may safely
/// do); a thread reads the pipe and calls the current handler. Handlers installed with
/// `sigaction` (unlike ignored signals) are reset to the default in child processes.
public final class SignalWatcher: Sendable {
    /// The process-wide watcher; created (and the signal handlers installed) on first use.
    public static let shared = SignalWatcher()

    private let handlers = Locked<(interrupt: (@Sendable () -> Void)?, resize: (@Sendable () -> Void)?)>((nil, nil))
    private let pipe = WakePipe()

    private init() {
        let readEnd = pipe.readEnd
        // The handler's write end must be blocking-free and reachable from C: a global.
        signalPipeWriteEnd = pipe.writeEnd
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) & ~O_NONBLOCK)
        install(SIGINT)
        install(SIGWINCH)
        // A parent may have started us with these blocked (threads of test runners and
        // IDEs often block signals, and the mask is inherited).
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        let thread = Thread { [handlers] in
            var byte: UInt8 = 0
            while true {
                let count = systemRead(readEnd, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1 else { return }
                let current = handlers.withLock { $0 }
                if Int32(byte) == SIGINT { current.interrupt?() } else { current.resize?() }
            }
        }
        thread.name = "swiftlab-signals"
        thread.start()
    }

    /// Sets what Ctrl-C does from now on; `nil` makes it do nothing.
    public func onInterrupt(_ handler: (@Sendable () -> Void)?) {
        handlers.withLock { $0.interrupt = handler }
    }

    /// Does what Ctrl-C does now, for a Ctrl-C read as a key rather than sent as SIGINT;
    /// returns whether anything handles it.
    public func raiseInterrupt() -> Bool {
        guard let handler = handlers.withLock({ $0.interrupt }) else { return false }
        handler()
        return true
    }

    /// Sets what a change of the terminal's size does from now on.
    public func onResize(_ handler: (@Sendable () -> Void)?) {
        handlers.withLock { $0.resize = handler }
    }

    private func install(_ signal: Int32) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = forwardSignalToPipe
        #else
        action.__sigaction_u.__sa_handler = forwardSignalToPipe
        #endif
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }
}

/// Written once, before the handlers are installed; read only by the handler.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

private func forwardSignalToPipe(_ signal: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = systemWrite(signalPipeWriteEnd, &byte, 1)
    errno = savedErrno
}
