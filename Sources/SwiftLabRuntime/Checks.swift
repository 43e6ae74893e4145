#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The helpers a lesson's `swift check` block calls. Each expectation prints one
// `CheckReport` line that swiftlab reads to tell the learner what passed and what did not;
// a failed expectation does not stop the check, so the learner sees every problem at once.

/// Checks that `condition` holds; `description` says what was checked, in the learner's terms.
public func expect(_ condition: @autoclosure () -> Bool, _ description: String) {
    report(CheckReport(passed: condition(), description: description))
}

/// Checks that `actual` equals `expected`, reporting both values when they differ.
public func expectEqual<T: Equatable>(_ actual: T, _ expected: T, _ description: String) {
    report(equalityReport(actual, expected, description))
}

/// The report of ``expectEqual(_:_:_:)``: both values spelled as the REPL shows values
/// (`Result<Int, OddNumberError>.failure(OddNumberError.odd(3))`), never with the module
/// names `String(reflecting:)` gives (`Swift.Result<Swift.Int, Cell7.OddNumberError>...`).
func equalityReport<T: Equatable>(_ actual: T, _ expected: T, _ description: String) -> CheckReport {
    var renderer = CompactValueRenderer()
    return CheckReport(
        passed: actual == expected, description: description,
        expected: renderer.render(expected), actual: renderer.render(actual))
}

private func report(_ report: CheckReport) {
    print(report.line)
    // Flushed at once so that a trap later in the check cannot lose the report.
    fflush(nil)
}
