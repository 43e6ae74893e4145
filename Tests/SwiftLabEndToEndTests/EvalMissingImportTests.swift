import Foundation
import Testing

@testable import SwiftLabCore

/// A well-known name from a module the learner has not imported gets a note saying which
/// import brings it in; once imported, every later input can use it.
@Suite struct EvalMissingImportTests {
    @Test func aFoundationNameWithoutTheImportSaysWhichImportToEnter() throws {
        let run = try EvalHarness.runREPL([
            "let queue = DispatchQueue(label: \"work\")",
            "import Foundation",
            "DispatchQueue(label: \"work\").sync { print(\"ran\") }",
        ])
        #expect(run.output.contains("error: cannot find 'DispatchQueue' in scope"))
        #expect(
            run.output.contains(
                "note: 'DispatchQueue' comes from Foundation: enter `import Foundation` once, and every later input can use it.\n"
            ))
        #expect(run.output.hasSuffix("ran\n"))
    }

    @Test func anUnknownNameOfTheLearnersOwnGetsNoImportNote() throws {
        let run = try EvalHarness.runREPL(["totl + 1"])
        #expect(run.output.contains("error: cannot find 'totl' in scope"))
        #expect(!run.output.contains("comes from"))
    }

    @Test func theNoteNamesEachMissingNameOnce() {
        let diagnostic = { (message: String) in
            Diagnostic(severity: .error, message: message, input: 1, line: 1, column: 1)
        }
        let notes = MissingImportAdvice.notes(for: [
            diagnostic("cannot find 'Date' in scope"), diagnostic("cannot find 'Date' in scope"),
            diagnostic("cannot find 'JSONDecoder' in scope"), diagnostic("cannot find 'mystery' in scope"),
        ])
        #expect(notes.count == 2)
        #expect(notes.first?.contains("'Date' comes from Foundation") == true)
    }
}
