import Foundation

/// `:run`: running a lesson's examples in the session, and predictions.
extension LessonGuide {
    /// `:run N`: runs example N of the open lesson in the session, so its names stay. A
    /// prediction first asks for a guess, compares it with the values printed, then shows
    /// the explanation that follows it in the lesson. A `:` command typed at the guess
    /// prompt is returned, for the REPL to run instead.
    @discardableResult
    public func run(_ argument: String) -> String? {
        guard let lesson else {
            noLessonOpen()
            return nil
        }
        let examples = lesson.examples
        guard !examples.isEmpty else {
            say("Lesson \(lesson.number) has no examples to run.")
            return nil
        }
        let argument = argument.trimmingSpaces()
        let chosen: LessonExample?
        if argument.isEmpty {
            chosen =
                lesson.sections[sectionIndex].items.lazy.compactMap { item -> LessonExample? in
                    if case .example(let example) = item { return example }
                    return nil
                }.first
        } else {
            chosen = Int(argument).flatMap { number in examples.first { $0.number == number } }
        }
        guard let example = chosen else {
            say("Lesson \(lesson.number) has examples 1 to \(examples.count): :run N runs one.")
            return nil
        }
        guard canEvaluate(":run") else {
            say("Example \(example.number):")
            say(renderer.codeBlock(example.code, language: "swift").joined(separator: "\n"))
            say("What it prints, according to the lesson:")
            say(renderer.codeBlock(example.expectedOutput, language: "output").joined(separator: "\n"))
            return nil
        }
        runExamples(neededBy: example, in: lesson)
        say(renderer.codeBlock(example.code, language: "swift").joined(separator: "\n"))
        var guess: String?
        if example.isPrediction {
            guess = console.ask(
                "What will it print? Type your guess, lines separated by ; (Return to skip): ")?.trimmingSpaces()
            if let command = guess, command.hasPrefix(":") {
                say(style.apply(.dim, to: "(Not run: \(command) is a command. :run \(example.number) asks again.)"))
                return command
            }
        }
        var printed = ""
        _ = evaluator.evaluate(example.code) { chunk in
            printed += chunk
            console.write(chunk)
        }
        if !printed.isEmpty && !printed.hasSuffix("\n") { say() }
        if let guess, !guess.isEmpty {
            if PredictionComparison.matches(guess: guess, printed: printed) {
                say(style.apply(.green, to: "✓ You predicted it."))
            } else {
                say(style.apply(.yellow, to: "Not what you guessed") + " (\(guess)).")
            }
        }
        if example.isPrediction { revealExplanation(of: example, in: lesson) }
        return nil
    }

    /// Runs, in order, the earlier examples of `lesson` that declare names `example` uses
    /// and the session does not have yet (and those they need in turn), saying so; their
    /// output is shown only when one fails.
    private func runExamples(neededBy example: LessonExample, in lesson: Lesson) {
        let known = Set(evaluator.declaredNames)
        var needed: [LessonExample] = []
        var wanted = usedNames(in: example.code).subtracting(known).subtracting(
            LearnerCode.declaredNames(in: example.code))
        for earlier in lesson.examples.filter({ $0.number < example.number }).reversed() {
            let provides = LearnerCode.declaredNames(in: earlier.code).intersection(wanted)
            guard !provides.isEmpty else { continue }
            needed.insert(earlier, at: 0)
            wanted.subtract(provides)
            wanted.formUnion(usedNames(in: earlier.code).subtracting(known))
        }
        guard !needed.isEmpty else { return }
        let listed = needed.map { String($0.number) }
        let numbers = listed.count == 1 ? listed[0] : listed.dropLast().joined(separator: ", ") + " and " + listed.last!
        say(
            style.apply(
                .dim,
                to:
                    "Example \(example.number) uses what example\(needed.count == 1 ? "" : "s") \(numbers) define\(needed.count == 1 ? "s" : ""): running \(needed.count == 1 ? "it" : "them") first."
            ))
        for earlier in needed {
            var printed = ""
            let result = evaluator.evaluate(earlier.code) { printed += $0 }
            if result.status != .succeeded {
                say("Example \(earlier.number) did not run:")
                console.write(printed.hasSuffix("\n") || printed.isEmpty ? printed : printed + "\n")
            }
        }
    }

    /// The identifiers `code` mentions.
    private func usedNames(in code: String) -> Set<String> {
        Set(SwiftLexer.tokenize(code).filter { $0.kind == .identifier }.map(\.text))
    }

    func predictionKey(_ lesson: Lesson, _ example: LessonExample) -> String {
        "\(lesson.id)#\(example.number)"
    }

    /// Shows what follows `example` in its section (the explanation it hid, with the
    /// examples the explanation goes on to), once.
    private func revealExplanation(of example: LessonExample, in lesson: Lesson) {
        guard revealedPredictions.insert(predictionKey(lesson, example)).inserted else { return }
        func isThisExample(_ item: SectionItem) -> Bool {
            if case .example(let other) = item { return other.number == example.number }
            return false
        }
        guard let section = lesson.sections.first(where: { $0.items.contains(where: isThisExample) }),
            let index = section.items.firstIndex(where: isThisExample)
        else { return }
        // Up to the next prediction, which has an explanation of its own.
        let explanation = section.items[(index + 1)...].prefix { item in
            if case .example(let next) = item { return !next.isPrediction }
            return true
        }
        guard explanation.contains(where: { if case .markdown = $0 { return true } else { return false } }) else {
            return
        }
        say()
        say(style.apply(.bold, to: "Why:"))
        for item in explanation {
            switch item {
            case .markdown(let text): say(renderer.render(text))
            case .example(let example): showExample(example, in: lesson)
            case .starter(let code): say(renderer.codeBlock(code, language: "swift").joined(separator: "\n"))
            }
        }
    }
}
