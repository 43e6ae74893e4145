/// Checks that a lesson's text and behaviour agree (`swiftlab verify`): every example
/// prints what its `output` block says, and every exercise's check passes after the
/// reference solution and fails after the starter code.
public struct LessonVerifier {
    /// One disagreement between a lesson's text and what swiftlab does.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The lesson's file.
        public var path: String
        /// The line of the example or the exercise's check block.
        public var line: Int
        /// What disagreed: `example 2`, `exercise 'Double every number' (solution)`.
        public var subject: String
        /// How, with the expected and actual text.
        public var message: String

        /// `Lessons/02-map.md:14: example 2: ...`.
        public var description: String { "\(path):\(line): \(subject): \(message)" }
    }

    /// The evaluator to run everything in; it is reset before each lesson and exercise.
    public let evaluator: any LessonEvaluator

    /// Creates a verifier using `evaluator`.
    public init(evaluator: any LessonEvaluator) { self.evaluator = evaluator }

    /// Every problem in `lesson` (none when text and behaviour agree).
    public func verify(_ lesson: Lesson) -> [Problem] {
        var problems: [Problem] = []
        // Examples run in order in one fresh session, as a learner running them all would.
        evaluator.reset()
        for example in lesson.examples {
            var printed = ""
            _ = evaluator.evaluate(example.code) { printed += $0 }
            if let difference = Self.difference(expected: example.expectedOutput, actual: printed) {
                problems.append(
                    Problem(
                        path: lesson.path, line: example.line,
                        subject: "\(example.isPrediction ? "predict example" : "example") \(example.number)",
                        message: difference))
            }
        }
        for exercise in lesson.exercises {
            let subject = "exercise '\(exercise.title)'"
            evaluator.reset()
            var solutionOutput = ""
            let solution = evaluator.evaluate(exercise.solution) { solutionOutput += $0 }
            if solution.status != .succeeded {
                problems.append(
                    Problem(
                        path: lesson.path, line: exercise.line, subject: subject + " (solution)",
                        message: "the reference solution does not run:\n"
                            + indented(solution.diagnostics.isEmpty ? solutionOutput : solution.diagnostics)))
            } else {
                let outcome = ExerciseChecker.check(exercise, with: evaluator)
                if !outcome.passed {
                    problems.append(
                        Problem(
                            path: lesson.path, line: exercise.checkLine, subject: subject + " (solution)",
                            message: "the check fails with the reference solution:\n"
                                + indented(outcome.message(style: .plain))))
                }
            }
            evaluator.reset()
            if let starter = exercise.starter {
                _ = evaluator.evaluate(starter) { _ in }
            }
            let outcome = ExerciseChecker.check(exercise, with: evaluator)
            if outcome.passed {
                problems.append(
                    Problem(
                        path: lesson.path, line: exercise.checkLine, subject: subject + " (starter)",
                        message: exercise.starter == nil
                            ? "the check passes with no code at all; it must fail until the learner solves the exercise"
                            : "the check passes with the starter code; it must fail until the learner solves the exercise"
                    ))
            }
        }
        return problems
    }

    /// Nil when `actual` matches `expected` line by line (ignoring trailing white space
    /// and trailing blank lines); otherwise a message showing both.
    public static func difference(expected: String, actual: String) -> String? {
        let expectedLines = normalizedLines(expected)
        let actualLines = normalizedLines(actual)
        guard expectedLines != actualLines else { return nil }
        let firstDifference =
            zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        let expectedLine = firstDifference < expectedLines.count ? expectedLines[firstDifference] : "(nothing)"
        let actualLine = firstDifference < actualLines.count ? actualLines[firstDifference] : "(nothing)"
        return """
            output differs at line \(firstDifference + 1): expected \(quoted(expectedLine)), got \(quoted(actualLine))
              expected output:
            \(indented(expectedLines.joined(separator: "\n"), by: "    "))
              actual output:
            \(indented(actualLines.joined(separator: "\n"), by: "    "))
            """
    }

    static func normalizedLines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}

/// `text` with `prefix` before every line.
func indented(_ text: String, by prefix: String = "  ") -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
}

/// `text` in double quotes, as written (no escaping), for messages about output lines.
private func quoted(_ text: String) -> String { "\"" + text + "\"" }
