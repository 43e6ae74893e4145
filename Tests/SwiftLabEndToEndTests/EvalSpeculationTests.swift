import Foundation
import PTYTestSupport
import TestWaiting
import Testing

@testable import SwiftLabCore

/// Compiling while the learner types (issue 31): a build made ahead of Enter never changes
/// what an input does. Each test waits for the speculative build to end (the line the
/// session writes to `SWIFTLAB_SPECULATION_LOG`), never for a time.
@Suite(.serialized) struct EvalSpeculationTests {
    /// A log file of the test's own.
    private func makeLog() -> URL {
        EvalHarness.cacheHome.appendingPathComponent("speculation-\(UUID().uuidString).log")
    }

    /// The log's lines so far.
    private func lines(of log: URL) -> [String] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits until the log holds `line` (`count` times).
    private func waitFor(_ line: String, count: Int = 1, in log: URL) -> Bool {
        waitUntil { lines(of: log).filter { $0 == line }.count >= count }
    }

    private func prompt(_ number: Int, _ terminal: PseudoTerminalProcess) throws {
        try terminal.waitForOutput(containing: String(repeating: " ", count: 3 - String(number).count) + "\(number)> ")
        try terminal.waitForRawMode()
    }

    @Test func anInputEditedAfterItWasBuiltRunsWhatWasSubmitted() throws {
        let log = makeLog()
        let terminal = try EvalHarness.startAtTerminal(environment: ["SWIFTLAB_SPECULATION_LOG": log.path])
        terminal.send(#"print("fir" + "st")"#)
        #expect(waitFor("Cell1 compiled", in: log))
        // Edited back to another input, and entered at once (no pause for a second build).
        terminal.send(String(repeating: TerminalKey.backspace.rawValue, count: 13) + #""sec" + "ond")"# + "\r")
        try terminal.waitForOutput(containing: "\r\nsecond\r\n")
        try prompt(2, terminal)
        #expect(!terminal.output.contains("\r\nfirst\r\n"))
        #expect(!lines(of: log).contains("Cell1 used"))
        // Typed and entered as built: the build is used, and runs what was typed.
        terminal.send(#"print("thi" + "rd")"#)
        #expect(waitFor("Cell2 compiled", in: log))
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "\r\nthird\r\n")
        try prompt(3, terminal)
        #expect(lines(of: log).contains("Cell2 used"))
        terminal.send(.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func aCompileErrorShowsOnlyAfterEnter() throws {
        let log = makeLog()
        let terminal = try EvalHarness.startAtTerminal(environment: ["SWIFTLAB_SPECULATION_LOG": log.path])
        terminal.send(#"let wrong: Int = "text""#)
        #expect(waitFor("Cell1 failed", in: log))
        // The build has failed and said nothing: Ctrl-L redraws the screen (the line does
        // not change), and everything written up to the redrawn line holds no error.
        terminal.send("\u{0C}")
        try terminal.waitForOutput(containing: "[2J")
        try terminal.waitForOutput(containing: #"let wrong: Int = "text""#)
        #expect(!terminal.output.contains("error"))
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "error: cannot convert value of type 'String' to specified type 'Int'")
        try prompt(2, terminal)
        #expect(lines(of: log).contains("Cell1 used"))
        terminal.send(.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func aBuildMadeBeforeTheStateChangedIsNotUsed() throws {
        let log = makeLog()
        var configuration = Session.Configuration()
        configuration.cacheRoot = EvalHarness.cacheHome
        configuration.notice = { _ in }
        configuration.asynchronousOutput = { _ in }
        configuration.speculates = true
        configuration.speculationLog = log.path
        let session = try Session(configuration: configuration)
        defer { session.close() }
        #expect(session.evaluate("let speculated = 1") { _ in }.status == .succeeded)
        session.speculate(on: "speculated + 1")
        #expect(waitFor("Cell2 compiled", in: log))
        // The build saw `speculated`; after :reset the same text must not find it.
        session.reset()
        var transcript = ""
        let result = session.evaluate("speculated + 1") { transcript += $0 }
        #expect(result.status == .compileError)
        #expect(transcript.contains("cannot find 'speculated' in scope"))
        #expect(!lines(of: log).contains("Cell2 used"))
        // Built again against the new state, it is used.
        session.speculate(on: "let speculated = 5")
        #expect(waitFor("Cell3 compiled", in: log))
        transcript = ""
        #expect(session.evaluate("let speculated = 5") { transcript += $0 }.status == .succeeded)
        #expect(transcript.contains("speculated: Int = 5"))
        #expect(lines(of: log).contains("Cell3 used"))
    }

    @Test func anInputTypedWhileTheLastOneRunsIsBuiltAgainstItsState() throws {
        let log = makeLog()
        let terminal = try EvalHarness.startAtTerminal(environment: ["SWIFTLAB_SPECULATION_LOG": log.path])
        // The next input is typed before the first has run: it is read once the prompt is
        // back, so it is built (ahead of Enter) against the state the first one made.
        terminal.send("let early = 40\r" + "early + 2")
        #expect(waitFor("Cell2 compiled", in: log))
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "$R0: Int = 42")
        try prompt(3, terminal)
        terminal.send(.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }
}
