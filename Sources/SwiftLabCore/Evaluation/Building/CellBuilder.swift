import Foundation

/// Turns one input into a library the worker can load: generates the cell, compiles it,
/// and, when the compiler's answer calls for it, tries again in a different way.
///
/// Every retry is decided in ``build(number:input:context:)``, each at most once and in
/// the order of ``Retry/allCases``; each names the compiler output it answers.
final class CellBuilder {
    /// A way to compile an input again after the compiler refused it.
    enum Retry: CaseIterable {
        /// The fast path's linker failed (a problem of the set-up, not of the learner):
        /// the `swiftc` driver compiles this cell and every later one.
        case driverAfterFastPathLinkFailure
        /// An `async` call without `await` in a bare expression, which the synchronous
        /// display call receives as an autoclosure: the cell is generated again with
        /// awaiting displays, so the compiler says that `await` is missing.
        case awaitingDisplays
        /// `extension S: P` with `S` and `P` from earlier cells: conformance witnesses
        /// must be public across modules, but cells are one program to the learner, so
        /// access control is turned off for this cell.
        case withoutAccessControl
        /// A bare expression calls a throwing function without `try`: as in LLDB, the cell
        /// is generated again showing a thrown error as a result (`$E0: Problem = broken`).
        case thrownErrorsShown
        /// The cell imported only the earlier cells that declare a name the input mentions
        /// (``NarrowImports``) and did not compile: it is generated again importing every
        /// earlier declaring cell, so that what the learner sees is the whole program's
        /// answer (the error, or the cell compiling after all). Tried after the others, so
        /// that a retry they answer does not also pay for a compile of the wide cell.
        case everyEarlierCellImported

        /// The diagnostic for an `async` call in a bare expression's display.
        static let asyncInSynchronousDisplayDiagnostic =
            "'async' call in an autoclosure that does not support concurrency"

        /// The diagnostic that a conformance declared in a later cell than its type and
        /// protocol produces under `@testable import`.
        static let crossCellConformanceDiagnostic =
            "must be declared public because it matches a requirement in public protocol"

        /// The diagnostic for a throwing call without `try`.
        static let callWithoutTryDiagnostic = "call can throw but is not marked with 'try'"

        /// Whether this retry answers what compiling `cell` produced.
        func answers(_ outcome: CellCompiler.Outcome, of cell: GeneratedCell) -> Bool {
            // An interrupted compile says nothing about the input or the set-up.
            guard outcome.library == nil, !outcome.interrupted else { return false }
            switch self {
            case .driverAfterFastPathLinkFailure: return outcome.linkFailed
            case .awaitingDisplays: return outcome.output.contains(Self.asyncInSynchronousDisplayDiagnostic)
            case .withoutAccessControl: return outcome.output.contains(Self.crossCellConformanceDiagnostic)
            case .thrownErrorsShown: return outcome.output.contains(Self.callWithoutTryDiagnostic)
            case .everyEarlierCellImported: return !outcome.linkFailed && cell.leavesOutEarlierCells
            }
        }
    }

    /// A generated cell and what compiling it produced.
    struct Build {
        /// The cell as last generated.
        var cell: GeneratedCell
        /// The last compiler run's outcome.
        var outcome: CellCompiler.Outcome
    }

    /// The compiler cells go through.
    let compiler: CellCompiler
    /// Receives the one notice a retry gives (the fast path abandoned).
    private let notice: (String) -> Void

    /// Creates a builder compiling with `compiler`, telling `notice` when it abandons the fast path.
    init(compiler: CellCompiler, notice: @escaping (String) -> Void) {
        self.compiler = compiler
        self.notice = notice
    }

    /// Generates input `number` as a cell in `context` and compiles it, retrying as
    /// ``Retry`` describes; `cancellation` stops it from another thread (a speculative
    /// build: ``SpeculativeBuild``), and then nothing more is tried.
    func build(
        number: Int, input: ParsedInput, context: CellGenerator.Context, cancellation: CompileCancellation? = nil
    ) -> Build {
        var context = context
        var disableAccessControl = false
        var cell = CellGenerator.generate(number: number, input: input, context: context)
        var outcome = compiler.compile(cell, cancellation: cancellation)
        var untried = Retry.allCases
        while cancellation?.isCancelled != true,
            let index = untried.firstIndex(where: { $0.answers(outcome, of: cell) })
        {
            switch untried.remove(at: index) {
            case .driverAfterFastPathLinkFailure:
                notice("swiftlab: the fast compile path failed; using the swiftc driver from now on")
                compiler.fallBackToDriver()
            case .awaitingDisplays:
                context.awaitsDisplays = true
                cell = CellGenerator.generate(number: number, input: input, context: context)
            case .withoutAccessControl:
                disableAccessControl = true
            case .thrownErrorsShown:
                context.showsThrownErrors = true
                cell = CellGenerator.generate(number: number, input: input, context: context)
            case .everyEarlierCellImported:
                context.importsEveryEarlierCell = true
                cell = CellGenerator.generate(number: number, input: input, context: context)
            }
            outcome = compiler.compile(cell, disableAccessControl: disableAccessControl, cancellation: cancellation)
        }
        return Build(cell: cell, outcome: outcome)
    }

    /// On the first start with this compiler, compiles a cell that imports everything
    /// learners use (Foundation included) so the module cache is warm, and says so.
    func warmUp(cache: CacheDirectory, toolchain: Toolchain, library: CellLibrary) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: toolchain.frontend.path)
        let identity =
            "\(toolchain.frontend.path) \(attributes?[.size] ?? 0) \(attributes?[.modificationDate] ?? "")"
            + " \(library.directory.path)"
        guard !cache.isWarm(for: identity) else { return }
        notice("swiftlab: preparing the Swift module cache (first start only, this takes a few seconds)...")
        let outcome = build(number: 0, input: ParsedInput("import Foundation"), context: .init()).outcome
        guard outcome.library != nil else {
            throw SessionError.setup("compiling a first test cell failed:\n\(outcome.output)")
        }
        cache.markWarm(for: identity)
    }
}
