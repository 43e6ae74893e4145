import Foundation
import SourceKitInProcess
import SwiftLabWorkerProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A REPL session: evaluates inputs as compiled cells in a worker process and keeps
/// their state, `$R` numbering and declared names; survives traps by restarting the
/// worker and re-running the accepted inputs with their output discarded.
///
/// Methods are meant to be called from one thread at a time (the REPL loop);
/// ``interrupt()`` may be called from any thread (the REPL calls it on Ctrl-C).
public final class Session: @unchecked Sendable {
    private let configuration: Configuration
    private let cache: CacheDirectory
    private let builder: CellBuilder
    private let supervisor: WorkerSupervisor
    /// The compiler's completion, in its own process (nil without a toolchain).
    let completionHelper: CompletionHelper?
    private let libraryNames = LibraryNameCompletionProvider.forPackageSources()
    /// Whether completion is in use (``startCompletion()``), so worth preparing after inputs.
    private var keepsCompletionWarm = false
    private var accepted: [AcceptedCell] = []
    private var inputTexts: [Int: String] = [:]
    private var nextNumber = 1

    /// Whether each evaluation ends with a line giving its compile and run times (`:time`).
    public var reportsTiming = false

    /// The language mode later inputs are compiled in (`:set swift-version`); earlier
    /// inputs keep theirs.
    public var swiftVersion: String {
        get { builder.compiler.options.swiftVersion }
        set { builder.compiler.options.swiftVersion = newValue }
    }

    /// Sets up the cache directory and the compiler, warms the module cache on the first
    /// start (saying so through ``Configuration/notice``), and starts the worker.
    public init(configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        supervisor = WorkerSupervisor(
            executable: configuration.library.worker, timeout: configuration.timeout,
            asynchronousOutput: configuration.asynchronousOutput)
        // A worker that dies just as a request is written to it must not take the REPL
        // with it: writes fail with EPIPE instead (children get the default back on spawn).
        signal(SIGPIPE, SIG_IGN)
        if let problem = configuration.library.problem {
            throw SessionError.setup(problem)
        }
        guard let toolchain = Toolchain.locate() else {
            throw SessionError.setup("no Swift toolchain found: put swiftc on PATH or set SWIFTLAB_TOOLCHAIN")
        }
        completionHelper = CompletionHelper(
            executable: configuration.completionHelper ?? configuration.library.completer,
            libraryPath: configuration.sourceKitLibrary
                ?? SourceKitLibrary.path(toolchainBinDirectory: toolchain.binDirectory))
        cache = try CacheDirectory(root: configuration.cacheRoot)
        let compiler = CellCompiler(
            toolchain: toolchain, library: configuration.library, cache: cache,
            path: configuration.compilePath.flatMap(CellCompiler.Path.init(rawValue:)))
        compiler.options = configuration.compilerOptions
        builder = CellBuilder(compiler: compiler, notice: configuration.notice)
        try builder.warmUp(cache: cache, toolchain: toolchain, library: configuration.library)
        try supervisor.start()
    }

    /// Starts the compiler's completion in the background (a person is at a terminal):
    /// loading sourcekitd and the modules cells import takes a while, and the first Tab
    /// then finds them loaded; from now on, each input that declares or imports something
    /// has it load the new module at once too. Without this call (piped input, `check`)
    /// no helper runs until a completion is asked for.
    public func startCompletion() {
        keepsCompletionWarm = true
        completionHelper?.start(warmingUpWith: compilerCompletionRequest(Self.warmUpCompletion))
    }

    deinit { close() }

    /// Stops the worker and removes this session's files.
    public func close() {
        completionHelper?.shutDown()
        supervisor.shutDown()
        cache.removeSession()
    }

    /// The inputs accepted so far, in order.
    public var acceptedInputs: [String] { accepted.map(\.input) }

    /// The names the accepted inputs declared (types, functions, constants, variables),
    /// newest first, each once: what completion offers.
    public var declaredNames: [String] {
        var seen = Set<String>()
        var names: [String] = []
        for cell in accepted.reversed() {
            for declaration in cell.generated.declarations.reversed() where seen.insert(declaration.name).inserted {
                names.append(declaration.name)
            }
        }
        return names
    }

    /// The accepted inputs as one Swift program (`:save`): the modules cells import
    /// without saying so, then the inputs in order. Names declared more than once (which
    /// the REPL allows and a single file does not) are listed.
    public func savedProgram() -> (text: String, redeclaredNames: [String]) {
        var header = CellGenerator.implicitImports.filter { $0 != "SwiftLabRuntime" }.map { "import \($0)" }
        if accepted.contains(where: { $0.generated.imports.contains(where: CellGenerator.importsFoundation) }) {
            header.append("import StreamsFoundation")
        }
        var counts: [String: Int] = [:]
        for cell in accepted {
            for declaration in Set(cell.generated.declarations.map(\.name)) { counts[declaration, default: 0] += 1 }
        }
        let text = (["// Saved by swiftlab."] + header + [""] + accepted.map(\.input)).joined(separator: "\n") + "\n"
        return (text, counts.filter { $0.value > 1 }.keys.sorted())
    }

    /// Tab completion of Swift in this session: the compiler's (members of the value's
    /// type after a dot, names in scope), else keywords, the libraries' public names and
    /// the names the session declared.
    public var completionProvider: SessionCompletionProvider {
        SessionCompletionProvider(
            compilerCandidates: { [weak self] in self?.compilerCandidates(for: $0) },
            fallback: [
                KeywordCompletionProvider(), libraryNames,
                NameCompletionProvider { [weak self] in self?.declaredNames ?? [] },
            ])
    }

    /// The compiler's candidates for `context`, or nil when it is unavailable or did not
    /// answer within ``Configuration/completionWait``.
    func compilerCandidates(for context: CompletionContext) -> [CompletionCandidate]? {
        guard let completionHelper,
            let response = completionHelper.send(
                compilerCompletionRequest(context), waitingAtMost: configuration.completionWait)
        else { return nil }
        return CompilerCompletion.candidates(in: response)
    }

    /// What the helper completes to get ready: a name, so that sourcekitd also fills its
    /// cache of every name the imported modules have (the first completion of a name
    /// after `import Foundation` took about 2 s, the next ones 0.1 to 0.3 s).
    private static let warmUpCompletion = CompletionContext(textBeforeCursor: "_ = a")

    /// The sourcekitd request completing `context` as the next input would see it.
    private func compilerCompletionRequest(_ original: CompletionContext) -> SourceKitValue {
        let cells = self.context(.recorded)
        var context = original
        var imports =
            CellGenerator.moduleImports(context: cells)
            + CellImports.lines(earlier: cells.earlierCells, declarations: [], extensions: [])
        // `$R3` cannot be declared: as in the next cell, it becomes `_R3` (as many bytes,
        // so the completion point stays) and is declared with the result's type.
        let typed = context.precedingLines + context.textBeforeCursor
        let references = ResultReferences(
            in: CellItem(TopLevelItem(text: typed, line: 1, column: 1)), known: cells.results)
        if !references.numbers.isEmpty {
            let renamed = Array(references.cellItem.item.text.utf8)
            let split = context.precedingLines.utf8.count
            context.precedingLines = String(decoding: renamed[..<split], as: UTF8.self)
            context.textBeforeCursor = String(decoding: renamed[split...], as: UTF8.self)
            let wholeImports = Set(
                cells.earlierCells.map(\.moduleName).filter { imports.contains("@testable import \($0)") })
            let names = Set(references.cellItem.tokens.filter { $0.kind == .identifier }.map(\.text))
            for number in references.numbers.sorted() {
                let accessor = ResultReferences.accessor(
                    of: number, type: cells.results[number]!, wholeImports: wholeImports,
                    earlierCells: cells.earlierCells, namesInInput: names)
                imports += accessor.imports.filter { !imports.contains($0) } + [accessor.declaration]
            }
        }
        let file = cache.session.appendingPathComponent("completion.swift")
        let newestCell = accepted.last(where: \.generated.exportsDeclarations)?.number ?? 0
        return CompilerCompletion(context: context, imports: imports)
            .request(file: file, arguments: builder.compiler.completionArguments(file: file, newestCell: newestCell))
    }

    /// How cells are compiled now (`fast` or `driver`).
    public var compilePath: String { builder.compiler.path.rawValue }

    /// Evaluates one input as the REPL does, streaming what the REPL prints to `output`.
    ///
    /// When the input compiles and runs to its end, its declarations and state are kept;
    /// otherwise nothing changes (no `$R` number is used).
    public func evaluate(_ input: ParsedInput, output: (String) -> Void) -> EvaluationResult {
        run(input, mode: .recorded, output: output)
    }

    /// Lexes `input`, then evaluates it as the `ParsedInput` overload does.
    public func evaluate(_ input: String, output: (String) -> Void) -> EvaluationResult {
        evaluate(ParsedInput(input), output: output)
    }

    /// Compiles and runs `code` against the session's current state without recording
    /// it: later inputs do not see its declarations and it uses no `$R` number. Lesson
    /// checks use this. (Changes it makes to existing variables do stay in the worker
    /// until the next restart, so checks should only read state.)
    public func evaluateTransient(_ code: String, output: (String) -> Void) -> EvaluationResult {
        run(ParsedInput(code), mode: .transient, output: output)
    }

    /// Prints the static type of an expression, without evaluating it (`:type`).
    public func typeOf(_ expression: String, output: (String) -> Void) -> EvaluationResult {
        run(ParsedInput(expression), mode: .typeQuery, output: output)
    }

    /// How an input is run.
    private enum Mode {
        /// Kept in the session when it succeeds.
        case recorded
        /// Run against the session, then forgotten.
        case transient
        /// Only the static types of its expressions are printed; nothing is kept.
        case typeQuery
    }

    /// Forgets every input and starts a fresh worker.
    public func reset() {
        accepted.removeAll()
        inputTexts.removeAll()
        supervisor.restart()
    }

    /// Stops the code that runs now (Ctrl-C); safe to call from any thread.
    public func interrupt() {
        supervisor.interrupt()
    }

    // MARK: - Evaluation

    private func run(_ input: ParsedInput, mode: Mode, output: (String) -> Void) -> EvaluationResult {
        let transient = mode != .recorded
        var transcript = ""
        func write(_ text: String, isMessage: Bool) {
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
        let number = nextNumber
        nextNumber += 1
        inputTexts[number] = input.text
        let clock = ContinuousClock()
        let compileStart = clock.now

        let build = builder.build(number: number, input: input, context: context(mode))
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
        let mapper = DiagnosticMapper(input: number, texts: inputTexts, shifts: cell.columnShifts)
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
            inputTexts[number] = nil
            return finish(
                EvaluationResult(
                    status: .compileError, diagnostics: diagnostics, transcript: transcript,
                    compileTime: compileTime), emit)
        }

        let runStart = clock.now
        var results: [Int: String] = [:]
        let status = supervisor.execute(
            cell: cell, library: library, mapper: mapper, accepted: &accepted,
            results: &results, emit: emit, emitProgramOutput: emitProgramOutput)
        let runTime = clock.now - runStart
        if status == .succeeded, !transient {
            accepted.append(
                AcceptedCell(
                    number: number, input: input.text, library: library,
                    symbol: cell.entrySymbol, generated: cell, results: results))
            if keepsCompletionWarm, cell.exportsDeclarations || !cell.imports.isEmpty {
                // A new module for completion to see (a cell, or an import): loaded now,
                // in the background, rather than at the next Tab.
                completionHelper?.start(
                    warmingUpWith: compilerCompletionRequest(Self.warmUpCompletion))
            }
        } else {
            inputTexts[number] = nil
        }
        supervisor.update(texts: inputTexts)
        return finish(
            EvaluationResult(
                status: status, diagnostics: diagnostics, transcript: transcript,
                compileTime: compileTime, runTime: runTime), emit)
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
    private func context(_ mode: Mode) -> CellGenerator.Context {
        var context = CellGenerator.Context()
        context.transient = mode != .recorded
        context.showsTypesOnly = mode == .typeQuery
        for cell in accepted {
            context.imports += cell.generated.imports.filter { !context.imports.contains($0) }
        }
        context.earlierCells = accepted.map(\.generated)
        context.results = accepted.reduce(into: [:]) { $0.merge($1.results) { _, newer in newer } }
        return context
    }
}
