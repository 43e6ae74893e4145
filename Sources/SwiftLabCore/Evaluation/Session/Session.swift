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
    let configuration: Configuration
    let cache: CacheDirectory
    let builder: CellBuilder
    let supervisor: WorkerSupervisor
    /// The compiler's completion, in its own process (nil without a toolchain).
    let completionHelper: CompletionHelper?
    let libraryNames = LibraryNameCompletionProvider.forPackageSources()
    /// Whether completion is in use (``startCompletion()``), so worth preparing after inputs.
    var keepsCompletionWarm = false
    var accepted: [AcceptedCell] = []
    var inputTexts: [Int: String] = [:]
    /// The number the learner knows each input by, by session number (see ``promptLine``).
    var inputLabels: [Int: Int] = [:]
    var nextNumber = 1
    /// Changes whenever what the next input would be built against changes (an input ran,
    /// `:reset`, the language mode): a speculative build is used only for the same state.
    var stateGeneration = 0
    /// Builds the input being typed ahead of Enter (nil when turned off: see
    /// ``Configuration/speculates``).
    let speculation: SpeculativeBuild<SpeculationKey, CellBuilder.Build>?

    /// The prompt number of the line the code evaluated next was entered on (the REPL sets
    /// it as an input or command starts): messages name earlier inputs by it (`input 4`),
    /// as the learner saw them. Without it, inputs are named by their session number.
    public var promptLine: Int?

    /// Whether each evaluation ends with a line giving its compile and run times (`:time`).
    public var reportsTiming = false

    /// The language mode later inputs are compiled in (`:set swift-version`); earlier
    /// inputs keep theirs.
    public var swiftVersion: String {
        get { builder.compiler.options.swiftVersion }
        set {
            speculation?.cancel()
            stateGeneration += 1
            builder.compiler.options.swiftVersion = newValue
        }
    }

    /// Sets up the cache directory and the compiler, warms the module cache on the first
    /// start (saying so through ``Configuration/notice``), and starts the worker.
    public init(configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        // A worker that dies just as a request is written to it must not take the REPL
        // with it: writes fail with EPIPE instead (children get the default back on spawn).
        signal(SIGPIPE, SIG_IGN)
        if let problem = configuration.library.problem {
            throw SessionError.setup(problem)
        }
        guard let toolchain = Toolchain.locate() else {
            throw SessionError.setup("no Swift toolchain found: put swiftc on PATH or set SWIFTLAB_TOOLCHAIN")
        }
        supervisor = WorkerSupervisor(
            executable: configuration.library.worker, timeout: configuration.timeout,
            trapLocator: TrapLocator(toolchain: toolchain), asynchronousOutput: configuration.asynchronousOutput)
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
        speculation = configuration.speculates ? SpeculativeBuild() : nil
        try builder.warmUp(cache: cache, toolchain: toolchain, library: configuration.library)
        try supervisor.start()
    }

    deinit { close() }

    /// The command that compiles a learner's exercise `file` as cells are compiled, for an
    /// editor's language server (the exercise workspace's `compile_commands.json`).
    public func editorCompileCommand(for file: URL) -> [String] {
        builder.compiler.editorCommand(file: file)
    }

    /// Stops the worker and removes this session's files.
    public func close() {
        speculation?.cancel()
        completionHelper?.shutDown()
        supervisor.shutDown()
        builder.compiler.shutDown()
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

    /// How cells are compiled now (`fast` or `driver`).
    public var compilePath: String { builder.compiler.path.rawValue }

    /// Evaluates one input as the REPL does, streaming what the REPL prints to `output`.
    ///
    /// When the input compiles and runs to its end, its declarations and state are kept;
    /// otherwise nothing changes (no `$R` number is used).
    public func evaluate(_ input: ParsedInput, output: (String) -> Void) -> EvaluationResult {
        run(input, mode: .recorded, output: output)
    }

    /// Evaluates one input as ``evaluate(_:output:)`` does, with what the code prints
    /// going to `output` and the session's own messages (diagnostics, advice, trap and
    /// interrupt messages) to `messages`: for front ends that show them apart (the
    /// machine interface, `swiftlab serve`).
    public func evaluate(
        _ input: ParsedInput, output: (String) -> Void, messages: @escaping (String) -> Void
    ) -> EvaluationResult {
        run(input, mode: .recorded, output: output, messages: messages)
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
    enum Mode {
        /// Kept in the session when it succeeds.
        case recorded
        /// Run against the session, then forgotten.
        case transient
        /// Only the static types of its expressions are printed; nothing is kept.
        case typeQuery
    }

    /// Forgets every input and starts a fresh worker.
    public func reset() {
        // A build made ahead against the old state is not used: the state has changed.
        stateGeneration += 1
        accepted.removeAll()
        inputTexts.removeAll()
        inputLabels.removeAll()
        supervisor.restart()
    }

    /// Stops the code that runs now (Ctrl-C); safe to call from any thread.
    public func interrupt() {
        supervisor.interrupt()
    }
}
