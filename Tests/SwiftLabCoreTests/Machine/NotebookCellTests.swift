import Testing

@testable import SwiftLabCore

/// A cell cut into the REPL's commands and inputs, and the completeness a front end asks for.
@Suite struct NotebookCellTests {
    @Test func swiftBetweenCommandsIsOneInputEachKeepingItsFirstLine() {
        let cell = NotebookCell("let a = 1\nlet b = 2\n:type a\n\n\nfunc f() {\n:not a command\n}\n  :help marbles ")
        #expect(
            cell.parts == [
                .swift("let a = 1\nlet b = 2", firstLine: 1),
                .command("type a", line: 3, column: 2),
                .swift("func f() {\n:not a command\n}", firstLine: 6),
                .command("help marbles", line: 9, column: 4),
            ])
    }

    @Test func blankAndEmptyCellsHaveNoParts() {
        #expect(NotebookCell("").parts.isEmpty)
        #expect(NotebookCell("\n  \n").parts.isEmpty)
    }

    @Test func completenessFollowsTheInputSplitter() {
        #expect(NotebookCell.completeness(of: "let x = 1") == (true, ""))
        #expect(NotebookCell.completeness(of: "func f() {") == (false, "    "))
        #expect(NotebookCell.completeness(of: "struct S {\n    func f() {") == (false, "        "))
        #expect(NotebookCell.completeness(of: "let s = \"\"\"\nabc") == (false, "    "))
        #expect(NotebookCell.completeness(of: "func f() {\n}\n:help") == (true, ""))
        #expect(NotebookCell.completeness(of: ":marbles scheduler.cold(\"-a|\")") == (true, ""))
    }
}
