import Foundation
import SwiftLabRuntime

/// Runs an exercise's check as one more cell after the learner's code and reads the
/// ``CheckReport`` lines it prints.
public enum ExerciseChecker {
    /// Checks `exercise` against what `evaluator`'s session holds now.
    public static func check(_ exercise: Exercise, with evaluator: any LessonEvaluator) -> CheckOutcome {
        var printed = ""
        let evaluation = evaluator.evaluateTransient(exercise.check) { printed += $0 }
        var reports: [CheckReport] = []
        var other: [String] = []
        for line in printed.split(separator: "\n", omittingEmptySubsequences: false) {
            if let report = CheckReport(line: line) {
                reports.append(report)
            } else if !line.isEmpty {
                other.append(String(line))
            }
        }
        switch evaluation.status {
        case .succeeded:
            let verdict: CheckOutcome.Verdict = reports.allSatisfy(\.passed) ? .passed : .failedExpectations
            return CheckOutcome(verdict: verdict, reports: reports, otherOutput: other)
        case .compileError:
            let text = evaluation.diagnostics.isEmpty ? other.joined(separator: "\n") : evaluation.diagnostics
            let missing = missingNames(in: text)
            let verdict: CheckOutcome.Verdict =
                evaluation.usesStaleDefinitions
                ? .staleDefinitions(text) : missing.isEmpty ? .doesNotCompile(text) : .missingDefinitions(missing)
            return CheckOutcome(verdict: verdict, reports: reports, otherOutput: other)
        case .crashed, .interrupted, .timedOut:
            let message = evaluation.diagnostics.isEmpty ? (other.last ?? "") : evaluation.diagnostics
            var outcome = CheckOutcome(
                verdict: .stopped(evaluation.status, message), reports: reports, otherOutput: other)
            // The check's line that was running: the case that crashed, with its input and
            // expected value as the lesson wrote them.
            let checkLines = exercise.check.split(separator: "\n", omittingEmptySubsequences: false)
            if let line = evaluation.trapLine, line >= 1, line <= checkLines.count {
                outcome.stoppedCase = checkLines[line - 1].trimmingCharacters(in: .whitespaces)
            }
            return outcome
        }
    }

    /// The names in `cannot find 'X' in scope` / `cannot find type 'X' in scope`
    /// diagnostics, in order of first appearance.
    static func missingNames(in diagnostics: String) -> [String] {
        var names: [String] = []
        for match in diagnostics.matches(of: /cannot find (?:type )?'([^']+)' in scope/) {
            let name = String(match.output.1)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }
}
