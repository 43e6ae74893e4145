import Foundation
import PTYTestSupport
import Testing

/// The pseudo-terminal harness itself: waits last as long as their timeout says, through
/// silent periods (a cold start, a compile), and no longer.
@Suite struct PseudoTerminalProcessTests {
    func shell(_ script: String) throws -> PseudoTerminalProcess {
        try PseudoTerminalProcess(
            executable: "/bin/sh", arguments: ["-c", script],
            environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm"])
    }

    @Test func waitingForOutputLastsThroughSilenceLongerThanASecond() throws {
        let terminal = try shell("echo started; sleep 3; echo late")
        try terminal.waitForOutput(containing: "started")
        let chunk = try terminal.waitForOutput(containing: "late")
        #expect(chunk.contains("late"))
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func waitingForOutputGivesUpWhenItsTimeoutEnds() throws {
        let terminal = try shell("echo started; sleep 60")
        try terminal.waitForOutput(containing: "started")
        let start = Date()
        #expect(throws: PseudoTerminalError.self) { try terminal.waitForOutput(containing: "never", timeout: 2.5) }
        let waited = Date().timeIntervalSince(start)
        #expect(waited >= 2.5)
        #expect(waited < 15)
    }

    @Test func waitingForOutputEndsWhenTheProgramDoes() throws {
        let terminal = try shell("echo bye")
        let start = Date()
        #expect(throws: PseudoTerminalError.self) { try terminal.waitForOutput(containing: "never", timeout: 60) }
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(terminal.output.contains("bye"))
    }

    /// Tests start programs on terminals at the same time: a program must not inherit
    /// another test's terminal, or that terminal stays open after its own program ended,
    /// and waiting on it lasts until the other program ends too.
    @Test func programsStartedAtOnceDoNotHoldEachOthersTerminals() throws {
        let started = StartedTerminals()
        DispatchQueue.concurrentPerform(iterations: 12) { index in
            let script = index.isMultiple(of: 2) ? "sleep 60" : "echo bye"
            started.add(Result { try shell(script) }, sleeping: index.isMultiple(of: 2))
        }
        for result in started.quick {
            let terminal = try result.get()
            let start = Date()
            #expect(throws: PseudoTerminalError.self) { try terminal.waitForOutput(containing: "never", timeout: 20) }
            #expect(Date().timeIntervalSince(start) < 10)
        }
        #expect(started.quick.count == 6)
        withExtendedLifetime(started) {}
    }
}

/// Terminals started from several threads at once.
private final class StartedTerminals: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var quick: [Result<PseudoTerminalProcess, any Error>] = []
    private var sleeping: [Result<PseudoTerminalProcess, any Error>] = []

    func add(_ terminal: Result<PseudoTerminalProcess, any Error>, sleeping isSleeping: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if isSleeping { sleeping.append(terminal) } else { quick.append(terminal) }
    }
}
