#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the learner is told when an input's run, or the worker, ends other than normally,
/// and the `:time` line.
enum RunEndMessage {
    /// Why the worker ended, for the learner; `whileIdle` when no input was running.
    /// With `restoredInputs`, the state was restored by running that many inputs again.
    static func describeEnd(
        status: Int32, sawRuntimeMessage: Bool, whileIdle: Bool = false,
        restoredInputs: Int? = nil
    ) -> String {
        var restored = whileIdle ? "earlier state comes back with the next input." : "earlier state is restored."
        if let count = restoredInputs, count > 0 {
            restored = "earlier state is restored (\(count) earlier input\(count == 1 ? "" : "s") run again)."
        }
        if status < 128 {
            let who = whileIdle ? "code scheduled by an earlier input" : "the input"
            return "\(who) ended the program with exit(\(status)); \(restored)"
        }
        let signal = status - 128
        let names: [Int32: String] = [
            SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS",
            SIGFPE: "SIGFPE", SIGABRT: "SIGABRT", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM",
        ]
        let name = names[signal] ?? "signal \(signal)"
        let when = whileIdle ? " while no input was running" : ""
        // The runtime said why (a trap, a failed precondition, an exclusivity
        // violation): like LLDB, only that the input was interrupted.
        if sawRuntimeMessage, [SIGILL, SIGTRAP, SIGABRT].contains(signal) {
            return "execution interrupted\(when) (\(name)); \(restored)"
        }
        var reason: String
        switch signal {
        case SIGILL, SIGTRAP:
            reason = sawRuntimeMessage ? "it trapped" : "it trapped (for example an arithmetic overflow)"
        case SIGSEGV, SIGBUS:
            reason = "it crashed (a bad memory access, for example a stack overflow from endless recursion)"
        case SIGKILL:
            reason = "the worker process was killed"
        case SIGABRT:
            reason = "it aborted"
        default:
            reason = "the worker process stopped"
        }
        return "execution stopped\(when) (\(name)): \(reason); \(restored)"
    }

    /// `(state restored: 3 earlier inputs run again)`; nothing when there were none.
    static func restored(_ count: Int) -> String {
        count == 0 ? "" : "(state restored: \(count) earlier input\(count == 1 ? "" : "s") run again)\n"
    }

    /// The message for an input stopped by the timeout.
    static func timedOut(limit: Duration?) -> String {
        let seconds = limit.map(Self.seconds) ?? 0
        let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return "error: the input ran longer than the \(shown) s timeout and was stopped.\n"
    }

    /// The line `:time` adds after each evaluation.
    static func timing(compile: Duration, run: Duration) -> String {
        "[compile \(milliseconds(compile)) ms, run \(milliseconds(run)) ms]\n"
    }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
