import SwiftLabRuntime

/// The result of running an exercise's check against the learner's code.
public struct CheckOutcome: Sendable, Equatable {
    /// Why the check passed or did not.
    public enum Verdict: Sendable, Equatable {
        /// It compiled, ran, and every expectation held.
        case passed
        /// At least one expectation did not hold (see ``CheckOutcome/reports``).
        case failedExpectations
        /// The check uses names the learner has not defined yet.
        case missingDefinitions([String])
        /// The check does not compile against the learner's code for another reason.
        case doesNotCompile(String)
        /// The check does not compile because the learner entered a declaration again
        /// after code that uses it (the diagnostics, with a note naming what to enter
        /// again): the answer may be right, and no hint helps.
        case staleDefinitions(String)
        /// The learner's code trapped, was interrupted or timed out during the check.
        case stopped(InputOutcome, String)
    }

    /// Why the check passed or did not.
    public var verdict: Verdict
    /// Every expectation's result, in order.
    public var reports: [CheckReport]
    /// Lines the check printed that are not reports (the learner's own `print`s).
    public var otherOutput: [String]
    /// When the learner's code crashed during the check: the line of the check that was
    /// running (`expectEqual(unpacked([("fig", -1)]), [], ...)`), if known.
    public var stoppedCase: String?

    /// Creates an outcome.
    public init(verdict: Verdict, reports: [CheckReport] = [], otherOutput: [String] = []) {
        self.verdict = verdict
        self.reports = reports
        self.otherOutput = otherOutput
    }

    /// Whether the exercise is solved.
    public var passed: Bool { verdict == .passed }

    /// What to tell the learner, one line per point, styled with `style`.
    public func message(style: TerminalStyle) -> String {
        let failed = reports.filter { !$0.passed }
        switch verdict {
        case .passed:
            let count = reports.count
            let held: String
            switch count {
            case 0: held = "."
            case 1: held = ": its check holds."
            default: held = ": all \(count) checks hold."
            }
            return style.apply(.green, .bold, to: "✓ Passed") + held
        case .failedExpectations:
            let passed = reports.count - failed.count
            let held =
                reports.count == 1
                ? "its check does not hold." : "\(passed) of \(reports.count) checks hold."
            var lines = [style.apply(.red, .bold, to: "✗ Not yet") + ": " + held]
            for report in failed {
                lines.append("  " + style.apply(.red, to: "✗") + " " + report.description)
                if let expected = report.expected, let actual = report.actual {
                    lines.append("      expected: " + expected)
                    lines.append("      actual:   " + actual)
                }
            }
            return lines.joined(separator: "\n")
        case .missingDefinitions(let names):
            let list = names.map { "`\($0)`" }.joined(separator: ", ")
            return style.apply(.yellow, .bold, to: "✗ Not yet")
                + ": the check uses \(list), which you have not defined yet."
        case .doesNotCompile(let diagnostics):
            return style.apply(.red, .bold, to: "✗ Not yet") + ": the check does not compile against your code:\n"
                + diagnostics.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(
                    separator: "\n")
        case .staleDefinitions(let diagnostics):
            return style.apply(.yellow, .bold, to: "✗ Not yet")
                + ": the check mixes a declaration you entered again with code entered before it:\n"
                + diagnostics.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(
                    separator: "\n")
        case .stopped(let status, let message):
            let how: String
            switch status {
            case .timedOut: how = "took too long and was stopped"
            case .interrupted: how = "was interrupted"
            default: how = "stopped with a runtime error"
            }
            var lines = [style.apply(.red, .bold, to: "✗ Not yet") + ": your code \(how) during the check."]
            if let stoppedCase { lines.append("  while checking: " + stoppedCase) }
            if !message.isEmpty { lines.append("  " + message) }
            for report in failed { lines.append("  " + style.apply(.red, to: "✗") + " " + report.description) }
            return lines.joined(separator: "\n")
        }
    }
}
