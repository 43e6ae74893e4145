import SwiftLabRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `:display lldb|compact`: how results are shown from now on (`swiftlab --display`).
enum DisplayCommand {
    static func command(_ session: Session) -> Command {
        Command(
            name: "display",
            summary: "Show results in LLDB's format (lldb) or Swift's one-line spelling (compact, the default).",
            usage: ":display lldb|compact"
        ) { invocation in
            guard let style = DisplayStyle(rawValue: invocation.arguments) else {
                invocation.print(invocation.style.error("':display' needs 'lldb' or 'compact', as in ':display lldb'."))
                return .continue
            }
            // A worker started later (after a trap or :reset) reads the style from its
            // environment; the running one is told directly, without recording an input.
            setenv(DisplayStyle.environmentVariable, style.rawValue, 1)
            var failure = ""
            let result = session.evaluateTransient("SwiftLabRuntime.displayStyle = .\(style.rawValue)") {
                failure += $0
            }
            if result.status != .ok {
                invocation.print(invocation.style.error("The display style could not be changed: \(failure)"))
            } else {
                invocation.print(invocation.style.secondary("Results are shown in the \(style.rawValue) style."))
            }
            return .continue
        }
    }
}
