import Foundation
import TestWaiting
import Testing

@testable import SwiftLabCore

#if canImport(Glibc)
import Glibc
#endif

/// The warm compiler (`swiftlab-compile-server`, the toolchain's libsourcekitdInProc.so kept
/// loaded) and its fallbacks: where the library is missing or does not load, or the server
/// dies, cells are compiled by `swift-frontend` as before, and nothing is said.
@Suite(.serialized) struct WarmCompilerTests {
    /// A fast-path compiler with a cache directory of its own; `compilerLibrary` replaces
    /// the toolchain's libsourcekitdInProc.so when given.
    func makeCompiler(compilerLibrary: URL? = nil, environment: [String: String] = [:]) throws -> CellCompiler {
        // A server that has died must not take the test process with it on the next write.
        signal(SIGPIPE, SIG_IGN)
        var toolchain = try #require(Toolchain.locate())
        if let compilerLibrary { toolchain.inProcessCompilerLibrary = compilerLibrary }
        let cache = try CacheDirectory(root: EvalHarness.cacheHome.appendingPathComponent("warm-\(UUID().uuidString)"))
        let compiler = CellCompiler(
            toolchain: toolchain, library: EvalHarness.products, cache: cache, path: .fast, environment: environment)
        compiler.startWarmCompiler()
        return compiler
    }

    /// `inputs` generated as cells one after another, each seeing the earlier ones.
    func cells(_ inputs: [String]) -> [GeneratedCell] {
        var context = CellGenerator.Context()
        var cells: [GeneratedCell] = []
        for (index, input) in inputs.enumerated() {
            cells.append(CellGenerator.generate(number: index + 1, input: ParsedInput(input), context: context))
            context.earlierCells = cells
        }
        return cells
    }

    /// Waits until the compiler's server has answered its warm-up or ended.
    func waitForServer(of compiler: CellCompiler) -> Bool {
        waitUntil {
            guard let server = compiler.server else { return true }
            return server.isWarm || server.endStatus != nil
        }
    }

    /// A session that ends after one input (`swiftlab check`, a piped snippet) must not pay
    /// for loading the warm compiler: it starts after the first compile, for the next ones.
    @Test func theServerStartsAfterTheFirstCompile() throws {
        var toolchain = try #require(Toolchain.locate())
        let library = try #require(toolchain.inProcessCompilerLibrary)
        toolchain.inProcessCompilerLibrary = library
        let cache = try CacheDirectory(root: EvalHarness.cacheHome.appendingPathComponent("warm-\(UUID().uuidString)"))
        let compiler = CellCompiler(toolchain: toolchain, library: EvalHarness.products, cache: cache, path: .fast)
        #expect(compiler.server == nil, "no server before the first compile")
        let cells = cells(["let a = 1", "a + 1"])
        let first = compiler.compile(cells[0])
        #expect(first.library != nil, "\(first.output)")
        #expect(!first.compiledWarm)
        let server = try #require(compiler.server, "the first compile starts the server")
        #expect(waitUntil { server.isWarm })
        let second = compiler.compile(cells[1])
        #expect(second.library != nil, "\(second.output)")
        #expect(second.compiledWarm)
        compiler.shutDown()
    }

    @Test func withoutTheLibraryCellsGoToSwiftFrontend() throws {
        let missing = try makeCompiler(compilerLibrary: URL(fileURLWithPath: "/nonexistent/libsourcekitdInProc.so"))
        #expect(missing.server == nil)
        let outcome = missing.compile(cells(["let a = 1"])[0])
        #expect(outcome.library != nil)
        #expect(!outcome.compiledWarm)

        // A file that is no library: the server says so and ends, and is not started again.
        let notALibrary = EvalHarness.cacheHome.appendingPathComponent("not-a-library.so")
        try Data("not a library".utf8).write(to: notALibrary)
        let broken = try makeCompiler(compilerLibrary: notALibrary)
        #expect(waitForServer(of: broken))
        let cells = cells(["let a = 1", "a + 1"])
        for cell in cells {
            let outcome = broken.compile(cell)
            #expect(outcome.library != nil, "\(outcome.output)")
            #expect(!outcome.compiledWarm)
        }
        #expect(broken.server == nil)
    }

    @Test func aServerThatDiesIsReplacedAndItsCellCompiledBySwiftFrontend() throws {
        let compiler = try makeCompiler()
        #expect(waitForServer(of: compiler))
        let first = try #require(compiler.server)
        let cells = cells(["let a = 20", "let b = a + 1", "a + b"])
        let warm = compiler.compile(cells[0])
        #expect(warm.library != nil, "\(warm.output)")
        #expect(warm.compiledWarm)

        kill(first.pid, SIGKILL)
        let fallback = compiler.compile(cells[1])
        #expect(fallback.library != nil, "\(fallback.output)")
        #expect(!fallback.compiledWarm)
        let second = try #require(compiler.server)
        #expect(second.pid != first.pid)

        #expect(waitForServer(of: compiler))
        let again = compiler.compile(cells[2])
        #expect(again.library != nil, "\(again.output)")
        #expect(again.compiledWarm)
        compiler.shutDown()
    }

    /// After `compilesPerServer` compiles a fresh server warms up and takes over (the old
    /// one's CPU time per compile grows over a session).
    @Test func aFreshServerTakesOverAfterSomeCompiles() throws {
        let compiler = try makeCompiler()
        compiler.compilesPerServer = 2
        #expect(waitForServer(of: compiler))
        let first = try #require(compiler.server)
        let cells = cells(["let a = 1", "let b = a + 1", "a + b", "b * 2"])
        for cell in cells.prefix(3) {
            #expect(compiler.compile(cell).compiledWarm)
        }
        let successor = try #require(compiler.successor)
        #expect(compiler.server === first)
        #expect(waitUntil { successor.isWarm })
        let outcome = compiler.compile(cells[3])
        #expect(outcome.library != nil, "\(outcome.output)")
        #expect(outcome.compiledWarm)
        #expect(compiler.server === successor)
        #expect(compiler.successor == nil)
        #expect(first.endStatus != nil, "the old server has ended")
        compiler.shutDown()
    }

    /// The server reports diagnostics as `swift-frontend` prints them, so the learner sees
    /// the same messages, at the same places, notes included (in the order of their places).
    @Test func diagnosticsAreTheSameAsSwiftFrontends() throws {
        let warm = try makeCompiler()
        let cold = try makeCompiler(environment: ["SWIFTLAB_WARM_COMPILER": "0"])
        #expect(cold.server == nil)
        #expect(waitForServer(of: warm))
        let inputs = ["func g(_ v: Int) -> Int { v }", "let s: String = g()\nlet t = missing + 1"]
        let cells = cells(inputs)
        var outputs: [[Diagnostic]] = []
        for compiler in [warm, cold] {
            #expect(compiler.compile(cells[0]).library != nil)
            let outcome = compiler.compile(cells[1])
            #expect(outcome.library == nil)
            #expect(outcome.compiledWarm == (compiler === warm))
            let mapper = DiagnosticMapper(input: 2, texts: [1: inputs[0], 2: inputs[1]])
            outputs.append(mapper.diagnostics(inCompilerOutput: outcome.output))
        }
        // sourcekitd orders diagnostics by place, swift-frontend as it finds them; each
        // error keeps its notes after it either way.
        func grouped(_ diagnostics: [Diagnostic]) -> [[Diagnostic]] {
            var groups: [[Diagnostic]] = []
            for diagnostic in diagnostics {
                if diagnostic.severity == .note, !groups.isEmpty {
                    groups[groups.count - 1].append(diagnostic)
                } else {
                    groups.append([diagnostic])
                }
            }
            return groups.sorted { "\($0)" < "\($1)" }
        }
        #expect(grouped(outputs[0]) == grouped(outputs[1]))
        #expect(outputs[0].contains { $0.severity == .note && $0.input == 1 })
        #expect(outputs[0].filter { $0.severity == .error }.count == 3)
        warm.shutDown()
    }
}
