#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops a cell's compile from another thread: what a speculative build
/// (``SpeculativeBuild``) carries, so that a key that changes the input, or an input that
/// is not the one built, ends it.
///
/// ``CellCompiler`` tells it which process works for the compile at each moment (a
/// `swift-frontend` or linker process, or the warm compiler), and checks it between steps;
/// ``CellBuilder`` tries no retry once it is cancelled.
final class CompileCancellation: @unchecked Sendable {
    private struct State {
        var cancelled = false
        var stopped = false
        /// The compiler or linker process running for the compile.
        var process: pid_t?
        /// The warm compiler, while it compiles for this compile.
        var server: pid_t?
    }

    private let state = Locked(State())

    /// Creates a cancellation that nothing has used yet.
    init() {}

    /// Whether the compile's result is no longer wanted.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Whether ``stop()`` was called: the compile must end now, whatever runs it.
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// The result is no longer wanted (a key changed the input): a compiler or linker
    /// process is killed at once; a compile in the warm compiler is left to finish (about
    /// 0.1 s), since stopping it ends that process, and loading a new one costs about a
    /// second of CPU. Nothing is retried after it.
    func supersede() {
        state.withLock { state in
            state.cancelled = true
            if let process = state.process { kill(process, SIGKILL) }
        }
    }

    /// Stops the compile now, in the warm compiler too (SIGINT ends a compile there, and
    /// the compiler starts a new one): an input is about to be compiled, and must not wait.
    func stop() {
        state.withLock { state in
            state.cancelled = true
            state.stopped = true
            if let process = state.process { kill(process, SIGKILL) }
            if let server = state.server { kill(server, SIGINT) }
        }
    }

    /// Records that `process` runs for the compile (killed at once when already cancelled).
    func processStarted(_ process: pid_t) {
        state.withLock { state in
            state.process = process
            if state.cancelled { kill(process, SIGKILL) }
        }
    }

    /// Records that the compile's process has ended (it is reaped: its id may be reused).
    func processEnded() {
        state.withLock { $0.process = nil }
    }

    /// Records that the warm compiler `server` starts compiling for the compile; false when
    /// it is already cancelled (then nothing should be sent to it).
    func serverCompileStarts(_ server: pid_t) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.server = server
            return true
        }
    }

    /// Records that the warm compiler has answered (it ignores SIGINT while idle anyway).
    func serverCompileEnded() {
        state.withLock { $0.server = nil }
    }
}
