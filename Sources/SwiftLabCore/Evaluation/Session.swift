import Foundation
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
    /// How a session is set up.
    public struct Configuration: Sendable {
        /// Where swiftlab keeps its files (default `$XDG_CACHE_HOME/swiftlab`).
        public var cacheRoot: URL = CacheDirectory.defaultRoot()
        /// The longest an input may run before it is stopped (`nil`: no limit).
        public var timeout: Duration?
        /// Forces the way cells are compiled (`nil`: the fast path when available).
        public var compilePath: String?
        /// Receives output that cells produce while no input runs (a timer, a task);
        /// the REPL prints it above the prompt.
        public var asynchronousOutput: @Sendable (String) -> Void = { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        /// Receives one-off notices, such as the module cache being prepared on first start.
        public var notice: @Sendable (String) -> Void = { text in
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
        /// The library cells link against (default: next to the running executable).
        public var library: CellLibrary = .besideExecutable()
        /// The user's language mode, module and library paths, libraries and compiler flags.
        public var compilerOptions = CompilerOptions()

        /// The default configuration.
        public init() {}
    }

    /// An input that ran to its end.
    private struct AcceptedCell {
        var number: Int
        var input: String
        var library: URL
        var symbol: String
        var generated: GeneratedCell
    }

    private let configuration: Configuration
    private let cache: CacheDirectory
    private let compiler: CellCompiler
    private var worker: WorkerProcess?
    private var accepted: [AcceptedCell] = []
    private var inputTexts: [Int: String] = [:]
    private var nextNumber = 1
    private let interruptLock = NSLock()
    private var interruptRequested = false
    /// The worker while it runs an input (guarded by `interruptLock`).
    private var runningWorker: WorkerProcess?

    private let idleMonitor: IdleWorkerMonitor

    /// Whether each evaluation ends with a line giving its compile and run times (`:time`).
    public var reportsTiming = false

    /// The language mode later inputs are compiled in (`:set swift-version`); earlier
    /// inputs keep theirs.
    public var swiftVersion: String {
        get { compiler.options.swiftVersion }
        set { compiler.options.swiftVersion = newValue }
    }

    /// Sets up the cache directory and the compiler, warms the module cache on the first
    /// start (saying so through ``Configuration/notice``), and starts the worker.
    public init(configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        idleMonitor = IdleWorkerMonitor(output: configuration.asynchronousOutput)
        // A worker that dies just as a request is written to it must not take the REPL
        // with it: writes fail with EPIPE instead (children get the default back on spawn).
        signal(SIGPIPE, SIG_IGN)
        if let problem = configuration.library.problem {
            throw SessionError.setup(problem)
        }
        guard let toolchain = Toolchain.locate() else {
            throw SessionError.setup("no Swift toolchain found: put swiftc on PATH or set SWIFTLAB_TOOLCHAIN")
        }
        cache = try CacheDirectory(root: configuration.cacheRoot)
        compiler = CellCompiler(toolchain: toolchain, library: configuration.library, cache: cache,
                                path: configuration.compilePath.flatMap(CellCompiler.Path.init(rawValue:)))
        compiler.options = configuration.compilerOptions
        try warmUp(toolchain: toolchain)
        worker = try startWorker()
    }

    deinit { close() }

    /// Stops the worker and removes this session's files.
    public func close() {
        worker?.shutDown()
        worker = nil
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

    /// A completion provider offering the names the session declared.
    public var completionProvider: NameCompletionProvider {
        NameCompletionProvider { [weak self] in self?.declaredNames ?? [] }
    }

    /// How cells are compiled now (`fast` or `driver`).
    public var compilePath: String { compiler.path.rawValue }

    /// Evaluates one input as the REPL does, streaming what the REPL prints to `output`.
    ///
    /// When the input compiles and runs to its end, its declarations and state are kept;
    /// otherwise nothing changes (no `$R` number is used).
    public func evaluate(_ input: String, output: (String) -> Void) -> EvaluationResult {
        run(input, mode: .recorded, output: output)
    }

    /// Compiles and runs `code` against the session's current state without recording
    /// it: later inputs do not see its declarations and it uses no `$R` number. Lesson
    /// checks use this. (Changes it makes to existing variables do stay in the worker
    /// until the next restart, so checks should only read state.)
    public func evaluateTransient(_ code: String, output: (String) -> Void) -> EvaluationResult {
        run(code, mode: .transient, output: output)
    }

    /// Prints the static type of an expression, without evaluating it (`:type`).
    public func typeOf(_ expression: String, output: (String) -> Void) -> EvaluationResult {
        run(expression, mode: .typeQuery, output: output)
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
        worker?.shutDown()
        worker = nil
        accepted.removeAll()
        inputTexts.removeAll()
        idleMonitor.update(texts: [:])
        worker = try? startWorker()
    }

    /// Stops the code that runs now (Ctrl-C); safe to call from any thread.
    public func interrupt() {
        interruptLock.lock()
        interruptRequested = true
        // Only a worker running an input is stopped: one restoring state is left alone
        // (the input it restores for then does not run).
        let current = runningWorker
        interruptLock.unlock()
        current?.terminate()
    }

    // MARK: - Evaluation

    private func run(_ input: String, mode: Mode, output: (String) -> Void) -> EvaluationResult {
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
        if SwiftLexer.topLevelItems(in: input).isEmpty {
            return EvaluationResult(status: .ok)
        }
        interruptLock.lock()
        interruptRequested = false
        interruptLock.unlock()
        let number = nextNumber
        nextNumber += 1
        inputTexts[number] = input
        let clock = ContinuousClock()
        let compileStart = clock.now

        var cell = CellGenerator.generate(number: number, input: input, context: context(mode))
        var outcome = compiler.compile(cell)
        if outcome.library == nil, outcome.linkFailed {
            configuration.notice("swiftlab: the fast compile path failed; using the swiftc driver from now on")
            compiler.fallBackToDriver()
            outcome = compiler.compile(cell)
        }
        if outcome.library == nil, outcome.output.contains(Self.asyncInSynchronousDisplayDiagnostic) {
            // An `async` call without `await`: generated again so the compiler says that.
            var context = context(mode)
            context.awaitsDisplays = true
            cell = CellGenerator.generate(number: number, input: input, context: context)
            outcome = compiler.compile(cell)
        }
        if outcome.library == nil, outcome.output.contains(Self.crossCellConformanceDiagnostic) {
            // `extension S: P` with S and P from earlier cells: conformance witnesses must
            // be public across modules; cells are one program to the learner.
            outcome = compiler.compile(cell, disableAccessControl: true)
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
            if diagnostics.contains(where: { $0.message.hasPrefix(Self.awaitInBindingDiagnostic) }) {
                // Bindings become globals of the input's module, and a global's
                // initializer cannot await (in a script's top-level code it could).
                emit("note: swiftlab runs `await` in expressions and statements, not in `let`/`var` "
                     + "initializers; declare the variable first (`var x = 0`), then assign `x = await f()`.\n")
            }
            RedeclarationAdvice.notes(for: diagnostics, of: cell, after: accepted.map(\.generated)).forEach(emit)
            MissingImportAdvice.notes(for: diagnostics).forEach(emit)
            inputTexts[number] = nil
            return finish(EvaluationResult(status: .compileError, diagnostics: diagnostics, transcript: transcript,
                                           compileTime: compileTime), emit)
        }

        let runStart = clock.now
        let status = execute(cell: cell, library: library, mapper: mapper, emit: emit,
                             emitProgramOutput: emitProgramOutput)
        let runTime = clock.now - runStart
        if status == .ok, !transient {
            accepted.append(AcceptedCell(number: number, input: input, library: library,
                                         symbol: cell.entrySymbol, generated: cell))
        } else {
            inputTexts[number] = nil
        }
        idleMonitor.update(texts: inputTexts)
        return finish(EvaluationResult(status: status, diagnostics: diagnostics, transcript: transcript,
                                       compileTime: compileTime, runTime: runTime), emit)
    }

    private func finish(_ result: EvaluationResult, _ emit: (String) -> Void) -> EvaluationResult {
        guard reportsTiming else { return result }
        var result = result
        let line = "[compile \(Self.milliseconds(result.compileTime)) ms, run \(Self.milliseconds(result.runTime)) ms]\n"
        emit(line)
        result.transcript += line
        return result
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// The diagnostic that a conformance declared in a later cell than its type and
    /// protocol produces under `@testable import`.
    static let crossCellConformanceDiagnostic = "must be declared public because it matches a requirement in public protocol"

    /// The diagnostic for an `async` call without `await` in a bare expression, which the
    /// synchronous display call receives as an autoclosure.
    static let asyncInSynchronousDisplayDiagnostic = "'async' call in an autoclosure that does not support concurrency"

    /// The diagnostic for `let x = await f()`, which top-level code in a script allows.
    static let awaitInBindingDiagnostic = "'async' call cannot occur in a global variable initializer"

    /// What the generator needs to know about the accepted cells.
    private func context(_ mode: Mode) -> CellGenerator.Context {
        var context = CellGenerator.Context()
        context.transient = mode != .recorded
        context.showsTypesOnly = mode == .typeQuery
        for cell in accepted {
            context.imports += cell.generated.imports.filter { !context.imports.contains($0) }
        }
        context.earlierCells = accepted.map(\.generated)
        return context
    }

    /// Runs a compiled cell in the worker, streaming its output; restarts the worker
    /// and restores the state when the cell does not finish.
    private func execute(cell: GeneratedCell, library: URL, mapper: DiagnosticMapper,
                         emit: (String) -> Void, emitProgramOutput: (String) -> Void) -> EvaluationResult.Status {
        guard let worker = liveWorker(emit: emit) else { return .crashed }
        interruptLock.lock()
        let interruptedBeforeRunning = interruptRequested
        if !interruptedBeforeRunning { runningWorker = worker }
        interruptLock.unlock()
        // Ctrl-C while the compiler ran: the input does not run at all.
        if interruptedBeforeRunning {
            emit("Interrupted.\n")
            return .interrupted
        }
        defer {
            interruptLock.lock()
            runningWorker = nil
            interruptLock.unlock()
        }
        var deadline = configuration.timeout.map { Date().addingTimeInterval(Self.seconds($0)) } ?? .distantFuture
        var errors = RuntimeErrorFilter(mapper: mapper)
        var timedOut = false
        var exitStatus: Int32?
        var runtimeMessages: [String] = []
        worker.send(.run(cell: cell.number, library: library.path, symbol: cell.entrySymbol, quiet: false))
        loop: while true {
            guard let event = worker.next(until: deadline) else {
                timedOut = true
                worker.terminate()
                deadline = .distantFuture  // the exit follows at once
                continue
            }
            switch event {
            case let .standardOutput(text):
                emitProgramOutput(text)
            case let .standardError(text):
                for piece in errors.consume(text) {
                    // The runtime's message comes last: output the cell wrote before the
                    // trap may still be on its way through the other pipe.
                    if piece.isRuntimeMessage { runtimeMessages.append(piece.text) } else { emitProgramOutput(piece.text) }
                }
            case .reply(.finished(cell.number)):
                break loop
            case let .reply(.failed(_, message)):
                errors.finish().forEach { emit($0.text) }
                emit("error: the worker could not load the cell: \(message)\n")
                worker.stopWaiting()
                return .crashed
            case .reply:
                continue
            case let .exited(status):
                exitStatus = status
                break loop
            }
        }
        errors.finish().forEach { emit($0.text) }
        runtimeMessages.forEach(emit)
        guard let status = exitStatus else {
            worker.stopWaiting()
            return .ok
        }
        interruptLock.lock()
        let interrupted = interruptRequested
        interruptLock.unlock()
        let result: EvaluationResult.Status
        if timedOut {
            let limit = configuration.timeout.map { Self.seconds($0) } ?? 0
            emit("error: the input ran longer than the \(Self.format(limit)) s timeout and was stopped.\n")
            result = .timedOut
        } else if interrupted {
            emit("Interrupted.\n")
            result = .interrupted
        } else {
            // As in LLDB: the runtime's message, then one line saying the input was
            // interrupted and the earlier state is back (written once it is).
            let sawRuntimeMessage = errors.sawRuntimeMessage
            self.worker = nil
            restore(emit: emit) { count in
                "error: \(Self.describeEnd(status: status, sawRuntimeMessage: sawRuntimeMessage, restoredInputs: count))\n"
            }
            return .crashed
        }
        self.worker = nil
        restore(emit: emit)
        return result
    }

    /// The worker, started (and restored) if the last one has ended.
    private func liveWorker(emit: (String) -> Void) -> WorkerProcess? {
        if let worker, !worker.hasExited { return worker }
        worker = nil
        // Code an earlier input scheduled trapped between inputs: that input is not run
        // again (it would schedule the same trap), unless later inputs use what it declared.
        // It is the input the runtime's message points into, or else the latest one.
        // A worker killed from outside (SIGKILL) blames no input.
        if let exit = idleMonitor.takeExit(), exit.status != 128 + SIGKILL,
           let culprit = exit.culprit ?? accepted.last?.number,
           let index = accepted.firstIndex(where: { $0.number == culprit }), !accepted[index].generated.exportsDeclarations {
            accepted.remove(at: index)
            emit("(input \(culprit) is not run again: code it scheduled stopped the program)\n")
        }
        restore(emit: emit)
        return worker
    }

    /// Starts a new worker and re-runs the accepted cells in it with their output
    /// discarded. A cell that fails on the re-run (its result depended on chance) is
    /// dropped with those after it, and the learner is told.
    ///
    /// `announce` gives the line that says so, from the number of inputs run again.
    private func restore(emit: (String) -> Void, announce: (Int) -> String = Session.restoredLine) {
        do {
            worker = try startWorker()
        } catch {
            emit("error: \(error)\n")
            return
        }
        guard let worker, !accepted.isEmpty else {
            if self.worker != nil { emit(announce(0)) }
            return
        }
        for cell in accepted {
            worker.send(.run(cell: cell.number, library: cell.library.path, symbol: cell.symbol, quiet: true))
        }
        var restored = 0
        var deadline = Date().addingTimeInterval(configuration.timeout.map { Self.seconds($0) * 2 } ?? 60)
        while restored < accepted.count {
            guard let event = worker.next(until: deadline) else {
                worker.terminate()
                deadline = .distantFuture
                continue
            }
            switch event {
            case .reply(.finished):
                restored += 1
            case let .reply(.failed(_, message)):
                emit("error: restoring the session failed: \(message)\n")
                restored = accepted.count
            case .exited:
                let lost = accepted[restored...].map { String($0.number) }.joined(separator: ", ")
                emit("error: input \(accepted[restored].number) did not run again the same way; "
                     + "the state of inputs \(lost) is lost.\n")
                accepted.removeSubrange(restored...)
                self.worker = nil
                restore(emit: emit, announce: announce)
                return
            default:
                continue
            }
        }
        worker.stopWaiting()
        emit(announce(accepted.count))
    }

    /// `(state restored: 3 earlier inputs run again)`; nothing when there were none.
    private static func restoredLine(_ count: Int) -> String {
        count == 0 ? "" : "(state restored: \(count) earlier input\(count == 1 ? "" : "s") run again)\n"
    }

    private func startWorker() throws -> WorkerProcess {
        let monitor = idleMonitor
        return try WorkerProcess(
            executable: configuration.library.worker,
            asynchronousOutput: { text, isError in monitor.handle(text, isError: isError) },
            idleExit: { status in monitor.workerExited(status: status) })
    }

    /// On the first start with this compiler, compiles a cell that imports everything
    /// learners use (Foundation included) so the module cache is warm, and says so.
    private func warmUp(toolchain: Toolchain) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: toolchain.frontend.path)
        let identity = "\(toolchain.frontend.path) \(attributes?[.size] ?? 0) \(attributes?[.modificationDate] ?? "")"
            + " \(configuration.library.directory.path)"
        guard !cache.isWarm(for: identity) else { return }
        configuration.notice("swiftlab: preparing the Swift module cache (first start only, this takes a few seconds)...")
        let cell = CellGenerator.generate(number: 0, input: "import Foundation", context: .init())
        var outcome = compiler.compile(cell)
        if outcome.library == nil, outcome.linkFailed {
            compiler.fallBackToDriver()
            outcome = compiler.compile(cell)
        }
        guard outcome.library != nil else {
            throw SessionError.setup("compiling a first test cell failed:\n\(outcome.output)")
        }
        cache.markWarm(for: identity)
    }

    // MARK: - Messages

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// Why the worker ended, for the learner; `whileIdle` when no input was running.
    /// With `restoredInputs`, the state was restored by running that many inputs again.
    static func describeEnd(status: Int32, sawRuntimeMessage: Bool, whileIdle: Bool = false,
                            restoredInputs: Int? = nil) -> String {
        var restored = whileIdle ? "earlier state comes back with the next input." : "earlier state is restored."
        if let count = restoredInputs, count > 0 {
            restored = "earlier state is restored (\(count) earlier input\(count == 1 ? "" : "s") run again)."
        }
        if status < 128 {
            let who = whileIdle ? "code scheduled by an earlier input" : "the input"
            return "\(who) ended the program with exit(\(status)); \(restored)"
        }
        let signal = status - 128
        let names: [Int32: String] = [
            SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS",
            SIGFPE: "SIGFPE", SIGABRT: "SIGABRT", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM",
        ]
        let name = names[signal] ?? "signal \(signal)"
        let when = whileIdle ? " while no input was running" : ""
        // The runtime said why (a trap, a failed precondition, an exclusivity
        // violation): like LLDB, only that the input was interrupted.
        if sawRuntimeMessage, [SIGILL, SIGTRAP, SIGABRT].contains(signal) {
            return "execution interrupted\(when) (\(name)); \(restored)"
        }
        var reason: String
        switch signal {
        case SIGILL, SIGTRAP:
            reason = sawRuntimeMessage ? "it trapped" : "it trapped (for example an arithmetic overflow)"
        case SIGSEGV, SIGBUS:
            reason = "it crashed (a bad memory access, for example a stack overflow from endless recursion)"
        case SIGKILL:
            reason = "the worker process was killed"
        case SIGABRT:
            reason = "it aborted"
        default:
            reason = "the worker process stopped"
        }
        return "execution stopped\(when) (\(name)): \(reason); \(restored)"
    }
}

/// Failures setting a session up.
public enum SessionError: Error, CustomStringConvertible {
    /// Something the session needs is missing or unusable.
    case setup(String)

    /// A message for the learner.
    public var description: String {
        switch self {
        case let .setup(reason): return "swiftlab cannot evaluate Swift: \(reason)"
        }
    }
}
