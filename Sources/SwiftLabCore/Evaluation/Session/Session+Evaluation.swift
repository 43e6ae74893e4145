import Foundation

// One input's way through the session: build the cell (generate, compile, retry), map
// its diagnostics and advice, run it in the worker, and record it when it succeeded.
extension Session {
    /// Runs `input`; what it prints goes to `output`, and the session's own messages
    /// (diagnostics, advice, trap and interrupt messages, timing) to `messages` when
    /// given, else to `output` too.
    func run(
        _ input: ParsedInput, mode: Mode, output: (String) -> Void, messages: ((String) -> Void)? = nil
    ) -> EvaluationResult {
        let transient = mode != .recorded
        var transcript = ""
        func write(_ text: String, isMessage: Bool) {
            if isMessage, let messages {
                transcript += text
                messages(text)
                return
            }
            // The REPL's own messages start on a line of their own, even after a partial
            // line of program output.
            if isMessage, !transcript.isEmpty, !transcript.hasSuffix("\n"), !text.isEmpty {
                transcript += "\n"
                output("\n")
            }
            transcript += text
            output(text)
        }
        func emit(_ text: String) { write(text, isMessage: true) }
        func emitProgramOutput(_ text: String) { write(text, isMessage: false) }
        if !input.hasCode {
            return EvaluationResult(status: .succeeded)
        }
        supervisor.clearInterrupt()
        let clock = ContinuousClock()
        // Waiting for a build made while the input was typed counts as compiling.
        let compileStart = clock.now
        // Before anything changes: a build made while the input was typed, if it was made
        // of this text against this state (and otherwise none runs any more).
        let speculativeBuild = takeSpeculativeBuild(of: input, mode: mode)
        let number = nextNumber
        nextNumber += 1
        stateGeneration += 1
        inputTexts[number] = input.text
        inputLabels[number] = promptLine ?? number

        let build = speculativeBuild ?? builder.build(number: number, input: input, context: context(mode))
        let (cell, outcome) = (build.cell, build.outcome)
        if outcome.interrupted {
            // Ctrl-C while compiling: the input never ran, and nothing changed.
            emit("Interrupted.\n")
            inputTexts[number] = nil
            return finish(
                EvaluationResult(
                    status: .interrupted, transcript: transcript,
                    compileTime: clock.now - compileStart), emit)
        }
        let mapper = DiagnosticMapper(
            input: number, texts: inputTexts, shifts: cell.columnShifts, labels: inputLabels)
        let diagnostics = mapper.diagnostics(inCompilerOutput: outcome.output)
        for diagnostic in diagnostics {
            emit(mapper.render(diagnostic))
        }
        let compileTime = clock.now - compileStart
        guard let library = outcome.library else {
            if diagnostics.isEmpty {
                emit("error: the cell could not be compiled:\n\(outcome.output)")
            }
            AwaitInBindingAdvice.notes(for: diagnostics).forEach(emit)
            RedeclarationAdvice.notes(for: diagnostics, of: cell, after: accepted.map(\.generated)).forEach(emit)
            MissingImportAdvice.notes(for: diagnostics).forEach(emit)
            let staleNotes = StaleDeclarationAdvice.notes(
                forCompilerOutput: outcome.output, currentText: input.text, accepted: accepted,
                mapper: mapper)
            staleNotes.forEach(emit)
            inputTexts[number] = nil
            var result = EvaluationResult(
                status: .compileError, diagnostics: diagnostics, transcript: transcript, compileTime: compileTime)
            if !staleNotes.isEmpty { result.staleDeclarationAdvice = staleNotes.joined() }
            return finish(result, emit)
        }

        let runStart = clock.now
        // A lesson's check (transient) has a time limit even in a shell that sets none.
        let limit =
            mode == .transient
            ? min(supervisor.timeout ?? Configuration.checkTimeLimit, Configuration.checkTimeLimit) : supervisor.timeout
        let report = supervisor.execute(
            cell: cell, library: library, timeout: limit, mapper: mapper, accepted: accepted,
            emit: emit, emitProgramOutput: emitProgramOutput)
        accepted.removeAll { report.droppedCells.contains($0.number) }
        let status = report.outcome
        let runTime = clock.now - runStart
        if status == .succeeded, !transient {
            accepted.append(
                AcceptedCell(
                    number: number, input: input.text, library: library,
                    symbol: cell.entrySymbol, generated: cell, results: report.results))
            if keepsCompletionWarm, cell.exportsDeclarations || !cell.imports.isEmpty {
                // A new module for completion to see (a cell, or an import): loaded now,
                // in the background, rather than at the next Tab.
                completionHelper?.start(
                    warmingUpWith: compilerCompletionRequest(Self.warmUpCompletion))
            }
        } else {
            inputTexts[number] = nil
        }
        supervisor.update(texts: inputTexts, labels: inputLabels)
        var result = EvaluationResult(
            status: status, diagnostics: diagnostics, transcript: transcript,
            compileTime: compileTime, runTime: runTime)
        // The outermost place in this input's own code: the line of it that was running.
        result.trapLine = report.trapLocations.last { $0.input == number }?.line
        return finish(result, emit)
    }

    private func finish(_ result: EvaluationResult, _ emit: (String) -> Void) -> EvaluationResult {
        guard reportsTiming else { return result }
        var result = result
        let line = RunEndMessage.timing(compile: result.compileTime, run: result.runTime)
        emit(line)
        result.transcript += line
        return result
    }

    /// What the generator needs to know about the accepted cells.
    func context(_ mode: Mode) -> CellGenerator.Context {
        var context = CellGenerator.Context()
        context.transient = mode != .recorded
        context.showsTypesOnly = mode == .typeQuery
        context.isolatesGlobals = builder.compiler.options.swiftVersion == "6"
        for cell in accepted {
            context.imports += cell.generated.imports.filter { !context.imports.contains($0) }
        }
        context.earlierCells = accepted.map(\.generated)
        context.results = accepted.reduce(into: [:]) { $0.merge($1.results) { _, newer in newer } }
        return context
    }
}
