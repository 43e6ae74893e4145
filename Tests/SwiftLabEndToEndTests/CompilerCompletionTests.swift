import Foundation
import PTYTestSupport
import TestWaiting
import Testing

@testable import SwiftLabCore

/// Tab completion from the compiler (sourcekitd in `swiftlab-complete`), fed the session's
/// code: members of the value's type after a dot, names in scope elsewhere, today's name
/// lists when the compiler is not there, and a REPL that outlives its helper.
@Suite("Compiler completion")
struct CompilerCompletionTests {
    /// A session on the built products; Tab waits as long as the test's bound allows, so
    /// that a loaded machine never turns the compiler's answer into the fallback.
    private func makeSession(_ change: (inout Session.Configuration) -> Void = { _ in }) throws -> Session {
        var configuration = Session.Configuration()
        configuration.cacheRoot = EvalHarness.cacheHome
        configuration.notice = { _ in }
        configuration.asynchronousOutput = { _ in }
        configuration.completionWait = .seconds(deadlockBound)
        change(&configuration)
        let session = try Session(configuration: configuration)
        session.startCompletion()  // as the application does at a terminal
        return session
    }

    private func evaluate(_ input: String, in session: Session) {
        let result = session.evaluate(input) { _ in }
        #expect(result.status == .succeeded, "\(input): \(result.transcript)")
    }

    @Test func offersTheMembersOfTheValuesTypeAfterADot() throws {
        let session = try makeSession()
        defer { session.close() }
        evaluate("let favouriteNumbers = [3, 1, 2]", in: session)
        let engine = CompletionEngine(providers: [session.completionProvider])

        let members = engine.complete(textBeforeCursor: "favouriteNumbers.")
        #expect(Set(["sorted()", "map(", "count"]).isSubset(of: members.candidates), "\(members.candidates)")
        for foreign in ["sink", "makeConnectable", "magnitude", "mapError", "isIncluded", "dataTaskPublisher"] {
            #expect(!members.candidates.contains { $0.hasPrefix(foreign) }, "\(foreign)")
        }

        let sorted = engine.complete(textBeforeCursor: "favouriteNumbers.so")
        #expect(sorted.candidates.contains("sorted()"))
        #expect(sorted.candidates.contains("sorted(by: "))
        #expect(sorted.candidates.allSatisfy { $0.hasPrefix("so") })
        #expect(sorted.insertion.hasPrefix("rt"))
        // Listed as Swift calls them, by their argument labels, with the type.
        #expect(sorted.listing.contains("sorted() -> [Int]"))
        #expect(sorted.listing.contains("sorted(by:) -> [Int]"), "\(sorted.listing)")
        let mapping = engine.complete(textBeforeCursor: "favouriteNumbers.ma")
        #expect(mapping.listing.contains { $0.hasPrefix("map(_:) -> ") }, "\(mapping.listing)")
        #expect(!mapping.listing.contains { $0.contains("transform:") }, "\(mapping.listing)")

        let literal = engine.complete(textBeforeCursor: "[1,2].ma")
        #expect(literal.candidates.contains("map("))
        #expect(!literal.candidates.contains { $0.hasPrefix("magnitude") || $0.hasPrefix("makeConnectable") })

        let count = engine.complete(textBeforeCursor: "favouriteNumbers.cou")
        #expect(count.listing.contains("count: Int"))

        // An earlier result, by its `$R` name.
        evaluate("favouriteNumbers.sorted()", in: session)
        #expect(engine.complete(textBeforeCursor: "$R0.so").candidates.contains("sorted()"))
        #expect(engine.complete(textBeforeCursor: "let y = $R0.fir").candidates.contains("first"))
    }

    @Test func completesNamesInScopeAndTheNewestDeclaration() throws {
        let session = try makeSession()
        defer { session.close() }
        evaluate("struct Parcel { var weight = 7 }", in: session)
        evaluate("func tripled(_ value: Int) -> Int { value * 3 }", in: session)
        evaluate("let parcel = Parcel()", in: session)
        // Declared again with another type: completion sees the newest, as the next input would.
        evaluate("let parcelCount = \"three\"", in: session)
        let engine = CompletionEngine(providers: [session.completionProvider])

        #expect(engine.complete(textBeforeCursor: "let n = tripl").candidates == ["tripled("])
        #expect(engine.complete(textBeforeCursor: "let n = tripl").listing == ["tripled(_:) -> Int"])
        // A subject's send, as it is called (`send(value: Int)` was listed, and does not compile).
        evaluate("let subject = PassthroughSubject<Int, Never>()", in: session)
        let send = engine.complete(textBeforeCursor: "subject.sen")
        #expect(send.listing.contains("send(_:)"), "\(send.listing)")
        #expect(!send.listing.contains { $0.contains("value:") }, "\(send.listing)")
        #expect(engine.complete(textBeforeCursor: "parcel.we").candidates == ["weight"])
        #expect(engine.complete(textBeforeCursor: "parcelCount.upp").candidates.contains("uppercased()"))
        // Keywords come from the compiler too.
        #expect(engine.complete(textBeforeCursor: "whi").candidates.contains("while"))
        // `:type` takes Swift.
        #expect(engine.complete(textBeforeCursor: ":type parcel.we").candidates == ["weight"])
        // The lines above, in an unfinished input, are in scope.
        let loop = engine.complete(textBeforeCursor: "    number.isMul", precedingLines: "for number in [1, 2] {\n")
        #expect(loop.candidates == ["isMultiple(of: "])
    }

    @Test func withoutTheLibraryTabOffersTodaysNames() throws {
        let session = try makeSession { $0.sourceKitLibrary = "/nonexistent/libsourcekitdInProc.so" }
        defer { session.close() }
        evaluate("let favouriteNumbers = [3, 1, 2]", in: session)
        let engine = CompletionEngine(providers: [session.completionProvider])
        #expect(engine.complete(textBeforeCursor: "let n = favouriteN").candidates == ["favouriteNumbers"])
        // The libraries' member names, whatever the type: what Tab offered before the compiler.
        #expect(engine.complete(textBeforeCursor: "favouriteNumbers.sin").candidates.contains("sink"))
        #expect(session.completionHelper?.unavailableReason?.contains("/nonexistent") == true)
    }

    @Test func aHelperThatDiesMidRequestCostsOnlyThatCompletion() throws {
        // A stand-in helper that reads a request and dies without answering, and counts its starts.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swiftlab-dying-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let starts = directory.appendingPathComponent("starts")
        let helper = directory.appendingPathComponent("dying-helper")
        try "#!/bin/sh\necho start >> '\(starts.path)'\nhead -c 1 > /dev/null\nkill -KILL $$\n"
            .write(to: helper, atomically: true, encoding: .utf8)
        chmod(helper.path, 0o755)

        let session = try makeSession { $0.completionHelper = helper }
        defer { session.close() }
        evaluate("let favouriteNumbers = [3, 1, 2]", in: session)
        let engine = CompletionEngine(providers: [session.completionProvider])
        #expect(engine.complete(textBeforeCursor: "let n = favouriteN").candidates == ["favouriteNumbers"])
        #expect(engine.complete(textBeforeCursor: "let m = favouriteN").candidates == ["favouriteNumbers"])
        // Started for the warm-up at the start, again for the one after the input declared
        // something, and again for each Tab: each time it had died.
        let lines = try String(contentsOf: starts, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4)
        evaluate("favouriteNumbers.count", in: session)
    }

    @Test func theRealHelperIsStartedAgainAfterItIsKilled() throws {
        let session = try makeSession()
        defer { session.close() }
        evaluate("let favouriteNumbers = [3, 1, 2]", in: session)
        let engine = CompletionEngine(providers: [session.completionProvider])
        #expect(engine.complete(textBeforeCursor: "favouriteNumbers.so").candidates.contains("sorted()"))
        let first = try #require(session.completionHelper?.pid)
        kill(first, SIGKILL)
        // The request that finds it dead falls back; the next one starts a new helper.
        _ = engine.complete(textBeforeCursor: "favouriteNumbers.so")
        #expect(engine.complete(textBeforeCursor: "favouriteNumbers.so").candidates.contains("sorted()"))
        #expect(session.completionHelper?.pid != first)
        evaluate("favouriteNumbers.count", in: session)
    }

    /// swiftlab at a terminal `columns` wide, waiting at its first prompt; Tab always
    /// gets the compiler's answer, however loaded the machine.
    private func startAtATerminal(columns: Int = 80) throws -> PseudoTerminalProcess {
        _ = EvalHarness.prepared
        let path = try #require(ProductLocator.path(of: "swiftlab"), "build swiftlab first (swift build)")
        var environment = EvalHarness.terminalEnvironment()
        environment["SWIFTLAB_COMPLETION_WAIT"] = "\(Int(deadlockBound))"
        let terminal = try PseudoTerminalProcess(executable: path, environment: environment, columns: columns)
        try terminal.waitForOutput(containing: "  1> ")
        try terminal.waitForRawMode()
        return terminal
    }

    /// Types `line` and Return, and waits for the prompt `prompt` (`  2> `) to edit again.
    private func enter(_ line: String, in terminal: PseudoTerminalProcess, thenWaitFor prompt: String) throws {
        terminal.send(line)
        terminal.send(.enter)
        try terminal.waitForOutput(containing: prompt)
        try terminal.waitForRawMode()
    }

    /// The first Tab on `xs.` printed 125 lines without asking; readline and libedit ask.
    @Test func aLongListingAsksFirstAndShowsCallForms() throws {
        let terminal = try startAtATerminal(columns: 200)
        defer { terminal.terminate() }
        try enter("let xs = [1, 2, 3]", in: terminal, thenWaitFor: "  2> ")
        terminal.send("xs.")
        terminal.send(.tab)
        try terminal.waitForOutput(containing: "possibilities? (y or n)")
        terminal.send("n")
        // Declined: nothing listed, the line as it was.
        let declined = try terminal.waitForOutput(containing: "  2> xs.")
        #expect(!declined.contains("filter("), "\(declined)")
        terminal.send("ma")
        terminal.send(.tab)
        // Few enough to list at once, each as Swift calls it.
        let listed = try terminal.waitForOutput(containing: "max() -> Int?")
        #expect(listed.contains("map(_:) -> [T]"), "\(listed)")
        #expect(!listed.contains("transform:"), "\(listed)")
        terminal.send(.ctrlC)
        terminal.send(.ctrlD)
    }

    /// Up in a recalled input of several lines went to the previous input instead of the
    /// line above.
    @Test func upAndDownMoveBetweenTheLinesOfARecalledInput() throws {
        let terminal = try startAtATerminal()
        defer { terminal.terminate() }
        try enter("let first = 1", in: terminal, thenWaitFor: "  2> ")
        try enter("func shout() {\rprint(\"ab\")\r}", in: terminal, thenWaitFor: "  5> ")
        // Recall the function (the cursor ends after its `}`), go up to `print("ab")`,
        // right to between `a` and `b`, and type there.
        terminal.send(.up)
        terminal.send(.up)
        for _ in 0..<7 { terminal.send(.right) }
        terminal.send("Z")
        terminal.send(.down)
        // One line read, as far as the prompt numbers go.
        try enter("", in: terminal, thenWaitFor: "  6> ")
        terminal.send("shout()")
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "aZb")
        terminal.send(.ctrlD)
    }

    @Test func tabCompletesAMemberAtATerminal() throws {
        let terminal = try startAtATerminal()
        try enter("struct Parcel { var weight = 7 }; let parcel = Parcel()", in: terminal, thenWaitFor: "  2> ")
        terminal.send("parcel.we")
        terminal.send(.tab)
        try terminal.waitForOutput(containing: "ight")
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "$R0: Int = 7")
        try terminal.waitForOutput(containing: "  3> ")
        try terminal.waitForRawMode()
        // On a continuation line, with the line above in scope.
        terminal.send("for number in [4, 5] {")
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "  4. ")
        try terminal.waitForRawMode()
        terminal.send("if number.isMul")
        terminal.send(.tab)
        try terminal.waitForOutput(containing: "tiple(of: ")
        terminal.send("2) { print(\"even\", number) } }")
        terminal.send(.enter)
        try terminal.waitForOutput(containing: "even 4")
        try terminal.waitForOutput(containing: "  5> ")
        try terminal.waitForRawMode()
        terminal.send(.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }
}
