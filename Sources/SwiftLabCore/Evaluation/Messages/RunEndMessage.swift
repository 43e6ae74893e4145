#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the learner is told when an input's run, or the worker, ends other than normally,
/// and the `:time` line.
enum RunEndMessage {
    /// Why the input's run, or the worker, ended, for the learner; `whileIdle` when no
    /// input was running. With `keptState`, the worker left the input at the trap and
    /// earlier state is as it was; with `restoredInputs`, a new worker restored it by
    /// running those inputs (by prompt label) again.
    static func describeEnd(
        status: Int32, sawRuntimeMessage: Bool, whileIdle: Bool = false,
        restoredInputs: [Int]? = nil, keptState: Bool = false
    ) -> String {
        var restored = whileIdle ? "earlier state comes back with the next input." : "earlier state is restored."
        if keptState {
            restored = "earlier state is unchanged."
        } else if let labels = restoredInputs, !labels.isEmpty {
            restored =
                "earlier state is restored by running \(inputList(labels)) again (values they computed may differ)."
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

    /// The input trapped and the worker left it at the trap (`SIGILL`, `SIGTRAP` ... by
    /// `signal`): earlier state is as it was.
    static func trapLeft(signal: Int32, sawRuntimeMessage: Bool) -> String {
        "error: \(describeEnd(status: 128 + signal, sawRuntimeMessage: sawRuntimeMessage, keptState: true))\n"
    }

    /// The input ended the worker (`status`: its exit status, or 128 + signal); a new one
    /// restored earlier state by running the inputs labelled `restoredInputs` again.
    static func crashed(status: Int32, sawRuntimeMessage: Bool, restoredInputs: [Int]) -> String {
        "error: \(describeEnd(status: status, sawRuntimeMessage: sawRuntimeMessage, restoredInputs: restoredInputs))\n"
    }

    /// No worker process could be started (`reason`: why).
    static func workerStartFailed(_ reason: String) -> String {
        "error: \(reason)\n"
    }

    /// `(state restored by running inputs 1, 2 and 4 again: ...)`; nothing when there were none.
    static func restored(_ labels: [Int]) -> String {
        labels.isEmpty
            ? "" : "(state restored by running \(inputList(labels)) again: values they computed may differ)\n"
    }

    /// Ctrl-C stopped the input (or the compiler, before it ran).
    static let interrupted = "Interrupted.\n"

    /// The worker could not load the cell's library (`message` is the loader's).
    static func loadFailed(_ message: String) -> String {
        "error: the worker could not load the cell: \(message)\n"
    }

    /// Code input `label` scheduled ended the worker, so the new one does not run it.
    static func notRunAgain(_ label: Int) -> String {
        "(input \(label) is not run again: code it scheduled stopped the program)\n"
    }

    /// A restored input could not be loaded again.
    static func restoreFailed(_ loaderMessage: String) -> String {
        "error: restoring the session failed: \(loaderMessage)\n"
    }

    /// A restored input did not run to its end again (its result depended on chance).
    static func restoreFailed(_ labels: [Int]) -> String {
        "error: input \(labels[0]) did not run again the same way; the state of \(inputList(labels)) is lost.\n"
    }

    /// `input 3`, `inputs 1 and 2`, `inputs 1, 2 and 4`.
    static func inputList(_ labels: [Int]) -> String {
        let names = labels.map(String.init)
        guard let last = names.last, names.count > 1 else { return "input \(names.first ?? "")" }
        return "inputs \(names.dropLast().joined(separator: ", ")) and \(last)"
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
