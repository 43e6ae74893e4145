import Foundation
import PTYTestSupport
import Testing

/// `:marbles EXPR` and `:help marbles`, through the swiftlab executable.
@Suite(.serialized) struct MarblesCommandTests {
    @Test func drawsInputsAndOutputAlignedByFrame() throws {
        let run = try EvalHarness.runREPL([
            #":marbles scheduler.cold("-a-b|", values: ["a": 1, "b": 2]).delay(for: .seconds(2), scheduler: scheduler)"#,
            ":marbles [1, 2, 3].publisher",
            #"let numbers = ["10", "20"]"#,
            #":marbles scheduler.cold("a----b|").merge(with: numbers.publisher.delay(for: 1, scheduler: scheduler))"#,
        ])
        #expect(
            run.output == """
                input   -1-2|
                output  ---1-2|
                output  (123|)
                numbers: [String] = ["10", "20"]
                input   a----b|
                output  a(cd)b|
                        c = 10
                        d = 20

                """)
    }

    @Test func saysWhatIsWrongAndTheSessionGoesOn() throws {
        let run = try EvalHarness.runREPL([":marbles", ":marbles 42", #":marbles scheduler.cold("a-(b")"#, "1 + 1"])
        #expect(run.output.contains("':marbles' needs a publisher"), "\(run.output)")
        #expect(run.output.contains("':marbles' draws a publisher, and `42` is not one."), "\(run.output)")
        #expect((run.output + run.errors).contains("a '(' is never closed"), "\(run.output)\(run.errors)")
        #expect(run.output.hasSuffix("$R0: Int = 2\n"), "\(run.output)")
    }

    /// Each used to end in `execution stopped (SIGILL): it trapped`, the reason dropped.
    @Test func mistakesInMarblesAreShownAndNothingStops() throws {
        let run = try EvalHarness.runREPL([
            #":marbles scheduler.cold("-a-#")"#,
            #":marbles scheduler.cold("-a-b|", values: ["a": 1])"#,
            #":marbles scheduler.cold("-a-(b|")"#,
            "1 + 1",
        ])
        let shown = run.output + run.errors
        #expect(shown.contains(#"error: '#' in "-a-#" needs an error: argument"#), "\(shown)")
        #expect(shown.contains(#"error: 'b' in "-a-b|" has no entry in values:"#), "\(shown)")
        #expect(shown.contains("error: invalid marbles: a '(' is never closed"), "\(shown)")
        #expect(!shown.contains("execution stopped"), "\(shown)")
        #expect(run.output.hasSuffix("$R0: Int = 2\n"), "\(run.output)")
    }

    /// `:marbles` took one line, and its errors named the wrapper (`has no member
    /// 'rendered'`, `'_cdecl'`) one line below where the learner's mistake was.
    @Test func anExpressionGoesOnOverLinesAndItsErrorsPointIntoItAlone() throws {
        let run = try EvalHarness.runREPL([
            #":marbles scheduler.cold("-a-b|").map {"#,
            "$0.uppercased()",
            "}",
            #":marbles scheduler.cold("-a|").dely(for: 1, scheduler: scheduler)"#,
            #":marbles scheduler.cold("-a|").map {"#,
            "$0.count + nope",
            "}",
        ])
        let shown = run.output + run.errors
        #expect(run.output.contains("output  -A-B|"), "\(shown)")
        #expect(shown.contains("1:23: error: value of type"), "\(shown)")
        #expect(shown.contains("2:12: error: cannot find 'nope' in scope"), "\(shown)")
        for wrapper in ["rendered", "_cdecl", "MarbleDiagram", "2:23:"] {
            #expect(!shown.contains(wrapper), "\(wrapper): \(shown)")
        }
    }

    @Test func helpExplainsTheNotationWithAnExample() throws {
        let run = try EvalHarness.runREPL([":help marbles"])
        #expect(run.output.contains(":marbles expression"))
        #expect(run.output.contains("| finished"))
        #expect(run.output.contains(#":marbles scheduler.cold("-a-b|").delay(for: 2, scheduler: scheduler)"#))
        #expect(run.output.contains("output  ---a-b|"))
    }

    @Test func coloursTheDiagramAtATerminalUnlessNoColorIsSet() throws {
        let expression = #":marbles scheduler.cold("-a|").delay(for: 1, scheduler: scheduler)"#
        let coloured = try Self.diagram(of: expression, noColor: false)
        #expect(coloured.contains("\u{1B}[2m--\u{1B}[0m\u{1B}[36ma\u{1B}[0m\u{1B}[32m|\u{1B}[0m"), "\(coloured)")
        let plain = try Self.diagram(of: expression, noColor: true)
        #expect(plain.contains("output  --a|"), "\(plain)")
        #expect(!plain.contains("\u{1B}[36m"), "\(plain)")
    }

    /// What the terminal shows after entering `line`, up to the next prompt.
    private static func diagram(of line: String, noColor: Bool) throws -> String {
        _ = EvalHarness.prepared
        let path = try #require(ProductLocator.path(of: "swiftlab"), "build swiftlab first (swift build)")
        var environment = EvalHarness.terminalEnvironment()
        if !noColor { environment["NO_COLOR"] = nil }
        let terminal = try PseudoTerminalProcess(executable: path, environment: environment, columns: 200)
        defer { terminal.terminate() }
        try terminal.waitForOutput(containing: "1> ")
        try terminal.waitForRawMode()
        terminal.send(line)
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "2> ")
        let output = terminal.output
        terminal.send(.ctrlD)
        _ = try? terminal.waitForExit()
        return output
    }
}
