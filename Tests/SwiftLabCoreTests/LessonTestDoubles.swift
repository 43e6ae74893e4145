import Foundation
import SwiftLabRuntime

@testable import SwiftLabCore

/// A stand-in for the evaluator in unit tests: it compiles nothing. It records inputs and
/// answers checks from a rule, so that the guide's logic and messages can be tested alone.
/// The real `Session` is used by the end-to-end tests.
final class FakeEvaluator: LessonEvaluator {
    /// Inputs evaluated since the last reset, in order.
    var inputs: [String] = []
    var resets = 0
    /// What `evaluate` prints and returns for an input.
    var onEvaluate: (String) -> (LessonEvaluation, String) = { _ in (LessonEvaluation(status: .succeeded), "") }
    /// What `evaluateTransient` prints and returns, given the check code and the inputs so far.
    var onCheck: (String, [String]) -> (LessonEvaluation, String) = { _, _ in (LessonEvaluation(status: .succeeded), "")
    }

    func evaluate(_ input: String, output: (String) -> Void) -> LessonEvaluation {
        inputs.append(input)
        let (result, printed) = onEvaluate(input)
        if !printed.isEmpty { output(printed) }
        return result
    }

    func evaluateTransient(_ code: String, output: (String) -> Void) -> LessonEvaluation {
        let (result, printed) = onCheck(code, inputs)
        if !printed.isEmpty { output(printed) }
        return result
    }

    func reset() {
        inputs = []
        resets += 1
    }

    /// The names the inputs declare, as a session knows them.
    var declaredNames: [String] { inputs.flatMap { LearnerCode.declaredNames(in: $0).sorted() } }

    /// Report lines as the runtime's `expectEqual` prints them.
    static func reports(_ reports: CheckReport...) -> String {
        reports.map { $0.line + "\n" }.joined()
    }
}

/// A console that records everything written and answers questions from a list.
final class ScriptedConsole: LessonConsole {
    var text = ""
    var answers: [String]
    var questions: [String] = []

    init(answers: [String] = []) { self.answers = answers }

    func write(_ text: String) { self.text += text }

    func ask(_ prompt: String) -> String? {
        questions.append(prompt)
        return answers.isEmpty ? nil : answers.removeFirst()
    }

    /// What was written since the last call.
    func take() -> String {
        defer { text = "" }
        return text
    }
}
