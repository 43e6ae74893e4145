import Foundation
import TestWaiting
import Testing

@testable import SwiftLabCore

#if canImport(Glibc)
import Glibc
#endif

/// Inputs that declare nothing compiled as bodies in a file the warm compiler keeps
/// (`BodyGeneration`), reusing its compiler instance: the same outputs, diagnostics and
/// traps as cells compiled as modules of their own, which take over wherever the body
/// path does not apply or fails.
@Suite(.serialized) struct BodyGenerationTests {
    /// A session whose warm compiler has warmed up (after its first input, `let xs`); with
    /// `bodies` false, every cell is compiled as a module of its own (the reference).
    func makeSession(bodies: Bool = true) throws -> Session {
        signal(SIGPIPE, SIG_IGN)
        var configuration = Session.Configuration()
        configuration.cacheRoot = EvalHarness.cacheHome
        configuration.notice = { _ in }
        configuration.asynchronousOutput = { _ in }
        let session = try Session(configuration: configuration)
        session.builder.compiler.compilesBodies = bodies
        let first = session.evaluate("let xs = [1, 2, 3]") { _ in }
        #expect(first.status == .succeeded, "\(first.transcript)")
        let compiler = session.builder.compiler
        #expect(waitUntil { compiler.server?.isWarm == true || compiler.server?.endStatus != nil })
        try #require(compiler.server?.isWarm == true, "the warm compiler is needed for these tests")
        return session
    }

    /// The module the session's last accepted input was compiled in.
    func lastModule(of session: Session) -> String? { session.accepted.last?.generated.moduleName }

    /// The text of the session's current body generation file, if any.
    func generationFile(of session: Session, number: Int) -> String? {
        let url = session.builder.compiler.cache.session.appendingPathComponent("SwiftLabBodies\(number).swift")
        return try? String(contentsOf: url, encoding: .utf8)
    }

    static let closureInputs = [
        "xs.filter { $0 > 1 }.count",
        "xs.map { $0 * 2 }.reduce(0, +)",
        "xs.flatMap { [$0, $0 * 10] }.filter { $0 % 2 == 0 }.map { \"\\($0)\" }",
        "print(\"first \\(xs.first ?? 0), tags \\(xs.map { \"<\\($0)>\" })\")",
        "Dictionary(grouping: xs) { $0 % 2 }.count",
        "xs.sorted { $0 > $1 }",
        "xs.lazy.map { $0 * 2 }.filter { $0 > 2 }.reduce(0, +)",
        "xs.contains { xs.contains($0 + 1) }",
        "xs.map(String.init)",
        "xs.map { x0 in x0 }.count",  // a closure parameter: a module of its own
    ]

    @Test func aClosureHeavySessionRunsInBodyGenerationsWithTheSameOutput() throws {
        let fast = try makeSession()
        let reference = try makeSession(bodies: false)
        defer {
            fast.close()
            reference.close()
        }
        // 30 inputs: more than a generation's 25 slots.
        let inputs = (0..<30).map { Self.closureInputs[$0 % Self.closureInputs.count] }
        var modules: [String] = []
        for input in inputs {
            let result = fast.evaluate(input) { _ in }
            let expected = reference.evaluate(input) { _ in }
            #expect(result.status == .succeeded, "\(input): \(result.transcript)")
            #expect(result.transcript == expected.transcript, "\(input)")
            modules.append(lastModule(of: fast) ?? "")
            #expect(lastModule(of: reference)?.hasPrefix("Cell") == true)
        }
        for (input, module) in zip(inputs, modules) {
            #expect(module.hasPrefix(input.contains(" in ") ? "Cell" : "SwiftLabBodies"), "\(input): \(module)")
        }
        #expect(Set(modules.filter { $0.hasPrefix("SwiftLabBodies") }).count == 2, "\(modules)")
    }

    @Test func aBrokenInputHasTheModulePathsDiagnosticsAndTheNextInputStillRunsAsABody() throws {
        let fast = try makeSession()
        let reference = try makeSession(bodies: false)
        defer {
            fast.close()
            reference.close()
        }
        for broken in ["xs.filter { $0 > \"a\" }.count", "undefinedName + xs.count"] {
            let result = fast.evaluate(broken) { _ in }
            let expected = reference.evaluate(broken) { _ in }
            #expect(result.status == .compileError)
            #expect(result.diagnostics == expected.diagnostics)
            #expect(result.transcript == expected.transcript)
            #expect(!result.diagnostics.isEmpty)
            let next = fast.evaluate("xs.map { $0 + 1 }") { _ in }
            #expect(next.transcript == reference.evaluate("xs.map { $0 + 1 }") { _ in }.transcript)
            #expect(lastModule(of: fast)?.hasPrefix("SwiftLabBodies") == true, "\(lastModule(of: fast) ?? "")")
        }
    }

    @Test func aTrapInABodyIsSurvivedAndLocatedOnItsLine() throws {
        let fast = try makeSession()
        let reference = try makeSession(bodies: false)
        defer {
            fast.close()
            reference.close()
        }
        let input = "xs.count + 1\nxs.map { $0 * 2 }[5]"
        let result = fast.evaluate(input) { _ in }
        let expected = reference.evaluate(input) { _ in }
        #expect(generationFile(of: fast, number: 1)?.contains("xs.map { $0 * 2 }[5]") == true)
        #expect(result.status == .crashed)
        #expect(result.transcript.contains("Index out of range"), "\(result.transcript)")
        #expect(result.trapLine == 2)
        #expect(result.trapLine == expected.trapLine)
        let after = fast.evaluate("xs.filter { $0 < 3 }") { _ in }
        #expect(after.status == .succeeded, "\(after.transcript)")
        #expect(after.transcript == reference.evaluate("xs.filter { $0 < 3 }") { _ in }.transcript)
        #expect(lastModule(of: fast)?.hasPrefix("SwiftLabBodies") == true)
    }

    @Test func inputsThatDeclareOrNeedALocationAreModulesOfTheirOwn() throws {
        let session = try makeSession()
        defer { session.close() }
        for input in [
            "let ys = xs.map { $0 * 2 }", "xs.map { a in a * 3 }", "var total = 0", "Int(\"7\")! + xs.count",
            "precondition(xs.count == 3)", "for x in xs { print(x) }", "xs.isEmpty ? 0 : xs.count!",
        ] {
            let result = session.evaluate(input) { _ in }
            #expect(
                result.status == (input.hasSuffix("!") ? .compileError : .succeeded), "\(input): \(result.transcript)")
            if result.status == .succeeded {
                #expect(lastModule(of: session)?.hasPrefix("Cell") == true, "\(input)")
            }
        }
        #expect(session.builder.compiler.compilesBodies, "no crash turned the body path off")
        #expect(session.evaluate("ys.map { $0 + 1 }") { _ in }.transcript.contains("[3, 5, 7]"))
        #expect(lastModule(of: session)?.hasPrefix("SwiftLabBodies") == true)
    }

    /// Ctrl-C reaches the server with swiftlab's process group: it interrupts the input, as
    /// it does a module compile, and leaves the body path on.
    @Test func ctrlCDuringABodyCompileInterruptsTheInputOnly() throws {
        let session = try makeSession()
        defer { session.close() }
        let compiler = session.builder.compiler
        let pid = try #require(compiler.server).pid
        // The process names itself after what it compiles (15 bytes: "compiling Swift").
        let interrupter = Thread {
            let comm = "/proc/\(pid)/comm"
            _ = waitUntil { (try? String(contentsOfFile: comm, encoding: .utf8))?.hasPrefix("compiling Swift") == true }
            kill(pid, SIGINT)
        }
        interrupter.start()
        // An array literal of 40,000 numbers keeps the compiler busy for seconds.
        let slow = "[" + (0..<40_000).map(String.init).joined(separator: ", ") + "].count + xs.count"
        let result = session.evaluate(slow) { _ in }
        #expect(result.status == .interrupted, "\(result.transcript)")
        #expect(compiler.compilesBodies)
        #expect(waitUntil { compiler.server?.isWarm == true })
        let next = session.evaluate("xs.map { $0 * 5 }") { _ in }
        #expect(next.transcript.contains("[5, 10, 15]"), "\(next.transcript)")
        #expect(lastModule(of: session)?.hasPrefix("SwiftLabBodies") == true)
    }

    @Test func aServerThatDiesDuringABodyCompileCostsOnlyThatCompile() throws {
        let session = try makeSession()
        defer { session.close() }
        let compiler = session.builder.compiler
        #expect(session.evaluate("xs.map { $0 * 2 }") { _ in }.status == .succeeded)
        #expect(lastModule(of: session)?.hasPrefix("SwiftLabBodies") == true)
        let server = try #require(compiler.server)
        kill(server.pid, SIGKILL)
        let result = session.evaluate("xs.map { $0 * 3 }") { _ in }
        #expect(result.status == .succeeded, "\(result.transcript)")
        #expect(result.transcript.contains("[3, 6, 9]"), "\(result.transcript)")
        #expect(lastModule(of: session)?.hasPrefix("Cell") == true)
        #expect(!compiler.compilesBodies, "a crash turns the body path off for the session")
        let replacement = try #require(compiler.server, "a new server warms up for module compiles")
        #expect(replacement.pid != server.pid)
        #expect(waitUntil { replacement.isWarm })
        let later = session.evaluate("xs.map { $0 * 4 }") { _ in }
        #expect(later.transcript.contains("[4, 8, 12]"), "\(later.transcript)")
    }
}
