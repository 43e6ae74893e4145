import Testing

@testable import SwiftLabCore

@Suite("DiagnosticMapper") struct DiagnosticMapperTests {
    let mapper = DiagnosticMapper(input: 2, texts: [1: "let n = 5", 2: "let s: String = n"])

    @Test func errorsPointAtTheInputWithACaret() {
        let output = """
            /cache/Cell2.swift:5:1: warning: something about generated code
            input 2.1:2:17: error: cannot convert value of type 'Int' to specified type 'String'
            input 1.1:2:5: note: 'n' declared here
            """
        let diagnostics = mapper.diagnostics(inCompilerOutput: output)
        #expect(
            diagnostics == [
                Diagnostic(
                    severity: .error, message: "cannot convert value of type 'Int' to specified type 'String'",
                    input: 2, line: 1, column: 17),
                Diagnostic(severity: .note, message: "'n' declared here", input: 1, line: 1, column: 5),
            ])
        #expect(
            mapper.render(diagnostics[0]) == """
                1:17: error: cannot convert value of type 'Int' to specified type 'String'
                let s: String = n
                                ^

                """)
        #expect(mapper.render(diagnostics[1]).hasPrefix("input 1, 1:5: note: 'n' declared here\n"))
    }

    @Test func diagnosticsOnGeneratedLinesAreDroppedOrKeptOnlyWithoutOthers() {
        let warning = mapper.diagnostics(inCompilerOutput: "input 2.1:1:1: warning: will never be executed")
        #expect(warning.isEmpty)
        let error = mapper.diagnostics(inCompilerOutput: "input 2.1:1:1: error: something generated")
        #expect(error == [Diagnostic(severity: .error, message: "something generated", input: nil, line: 0, column: 0)])
    }

    @Test func runtimeMessagesAreMappedToTheInput() {
        #expect(
            mapper.renderRuntimeMessage("Cell2/input 2.1:2: Fatal error: Index out of range")
                == "1: Fatal error: Index out of range\nlet s: String = n\n")
        #expect(
            mapper.renderRuntimeMessage("Cell1/input 1:1: Fatal error: boom")
                == "input 1, 1: Fatal error: boom\nlet n = 5\n")
        #expect(mapper.renderRuntimeMessage("Streams/Subject.swift:3: Fatal error: x") == nil)
    }

    @Test func columnsCountCharactersNotBytes() {
        let mapper = DiagnosticMapper(input: 1, texts: [1: "let é = \"ü\" + 1"])
        let diagnostics = mapper.diagnostics(inCompilerOutput: "input 1:1:16: error: no")
        #expect(diagnostics.first?.column == 14)
    }

    /// `CellN.` never shows; two copies of one name are told apart by the inputs the
    /// learner knows them by (prompt numbers), a qualifier inside a longer name is left alone.
    @Test func cellQualifiersGiveWayToInputNumbers() {
        let mapper = DiagnosticMapper(input: 4, texts: [:], labels: [1: 1, 3: 7, 4: 9])
        #expect(
            mapper.readable("cannot convert value of type 'Cell3.Box' to expected argument type '[Cell1.Box]'")
                == "cannot convert value of type 'Box' (input 7) to expected argument type '[Box]' (input 1)")
        #expect(
            mapper.readable("value of type 'Cell3.Box' has no member 'MyCell1.x'")
                == "value of type 'Box' has no member 'MyCell1.x'")
        #expect(mapper.readable("'Cell4.P' and 'Cell1.P'") == "'P' (this input) and 'P' (input 1)")
    }
}
