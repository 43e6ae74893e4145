import Testing

@testable import SwiftLabCore

/// A line reader standing for a person at a terminal: before each line it tells the
/// REPL's observer the pauses of a script (a text the keys paused on, or nil for a key
/// that changed the line), then returns the line.
private final class TypingReader: LineReader {
    var script: [(pauses: [String?], line: String)]
    var typingPauseObserver: TypingPauseObserver?
    var isInteractive: Bool { true }

    init(_ script: [(pauses: [String?], line: String)]) { self.script = script }

    func readLine(prompt: String) -> LineReadResult {
        guard !script.isEmpty else { return .endOfInput }
        let step = script.removeFirst()
        for pause in step.pauses {
            if let pause { typingPauseObserver?.paused(pause) } else { typingPauseObserver?.changed() }
        }
        return .line(step.line)
    }

    func addHistoryEntry(_ entry: String) {}
    func printAbovePrompt(_ text: String) {}
    func write(_ text: String) {}
    var interruptReading: @Sendable () -> Void { {} }
}

/// Records what the REPL asks to be compiled ahead, and the inputs it evaluates.
private final class SpeculationRecorder: REPLEvaluator {
    var events: [String] = []

    func evaluate(_ input: ParsedInput, output: (String) -> Void) -> InputOutcome {
        events.append("evaluate \(input.text)")
        return .succeeded
    }

    func speculate(on input: String) { events.append("speculate \(input)") }
    func supersedeSpeculation() { events.append("supersede") }
    var interruptHandler: (@Sendable () -> Void)? { nil }
}

private func events(_ script: [(pauses: [String?], line: String)]) -> [String] {
    let evaluator = SpeculationRecorder()
    _ = REPL(reader: TypingReader(script), evaluator: evaluator, commands: .standard, style: .plain).run()
    return evaluator.events
}

/// What the REPL hands the evaluator while a person types (issue 31): a complete input,
/// with the lines above it, when the keys pause; nothing for an unfinished input or a command.
struct REPLSpeculationTests {
    @Test func aPauseOnACompleteInputSpeculatesOnIt() {
        #expect(
            events([(["1 +", "1 + 1"], "1 + 1")]) == [
                "supersede", "speculate 1 + 1", "evaluate 1 + 1", "supersede",
            ])
    }

    @Test func aKeyThatChangesTheLineSupersedesIt() {
        #expect(
            events([(["print(1)", nil, "print(2)"], "print(2)")]) == [
                "speculate print(1)", "supersede", "speculate print(2)", "evaluate print(2)", "supersede",
            ])
    }

    @Test func aContinuationLineIsSpeculatedOnWithTheLinesAboveIt() {
        #expect(
            events([([], "func f() {"), (["  1", "}"], "}")]) == [
                "supersede", "speculate func f() {\n}", "evaluate func f() {\n}", "supersede",
            ])
    }

    @Test func commandsAreNeverSpeculatedOn() {
        #expect(events([([":help", "< file.swift"], ":help")]) == ["supersede", "supersede", "supersede"])
    }
}
