import Foundation
import Testing

@testable import SwiftLabCore

/// `:type`, `:save`, `:load`, `:reset`, `:time`, and the cache directory.
@Suite(.serialized) struct EvalCommandTests {
    @Test func typeShowsTheStaticTypeWithoutRunning() throws {
        let run = try EvalHarness.runREPL([
            "var xs = [1, 2, 3]", ":type xs.map { \"\\($0)\" }", ":type xs.removeLast()", "xs",
        ])
        #expect(run.output == "xs: [Int] = [1, 2, 3]\n[String]\nInt\n$R0: [Int] = [1, 2, 3]\n")
    }

    @Test func savedSessionCompilesOnItsOwnAndLoadsBack() throws {
        let file = EvalHarness.cacheHome.appendingPathComponent("saved-\(UUID().uuidString).swift")
        let inputs = [
            "var total = 0", "for i in 1...4 { total += i }", "let broken: Int = \"x\"",
            "print(\"total\", total)", ":save \(file.path)",
        ]
        let run = try EvalHarness.runREPL(inputs)
        #expect(run.output.contains("Saved 3 inputs to \(file.path)."))
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(!saved.contains("broken"))
        let compiled = try EvalHarness.compile(saved)
        let executable = try #require(compiled.executable, "\(compiled.output)")
        #expect(try EvalHarness.run([executable.path]).output == "total 10\n")
        let loaded = try EvalHarness.runREPL([":load \(file.path)", "total"])
        #expect(loaded.output.contains("total 10\n"))
        #expect(loaded.output.hasSuffix("$R0: Int = 10\n"))
    }

    @Test func resetForgetsEverything() throws {
        let run = try EvalHarness.runREPL(["let kept = 1", ":reset", "kept"])
        #expect(run.output.contains("The session was reset"))
        #expect(run.output.contains("error: cannot find 'kept' in scope"))
    }

    @Test func timeReportsEachInput() throws {
        let run = try EvalHarness.runREPL([":time", "1 + 1"])
        #expect(run.output.contains("Timing is on.\n$R0: Int = 2\n[compile "))
    }

    @Test func firstStartWarmsTheCacheAndSaysSoAndExitCleansUp() throws {
        let home = EvalHarness.cacheHome.appendingPathComponent("fresh-\(UUID().uuidString)")
        // A stale session directory from a crashed run (no lock held) is removed.
        let stale = home.appendingPathComponent("swiftlab/sessions/999999999")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: stale.appendingPathComponent("lock").path, contents: nil)
        let first = try EvalHarness.runREPL(["1"], environment: ["XDG_CACHE_HOME": home.path])
        #expect(first.errors.hasPrefix("swiftlab: preparing the Swift module cache"))
        #expect(first.output == "$R0: Int = 1\n")
        let second = try EvalHarness.runREPL(["1"], environment: ["XDG_CACHE_HOME": home.path])
        #expect(second.output == "$R0: Int = 1\n")
        #expect(second.errors.isEmpty)
        let root = home.appendingPathComponent("swiftlab")
        let attributes = try FileManager.default.attributesOfItem(atPath: root.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        let sessions = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("sessions").path)
        #expect(sessions.isEmpty)
    }
}
