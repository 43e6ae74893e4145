import Testing

@testable import SwiftLabCore

@Suite("CommandRegistry")
struct CommandRegistryTests {
    private let registry = CommandRegistry.standard

    @Test func findsCommandsByNameAndAlias() {
        #expect(registry.command(named: "help")?.name == "help")
        #expect(registry.command(named: "q")?.name == "quit")
        #expect(registry.command(named: "exit")?.name == "quit")
        #expect(registry.command(named: "nope") == nil)
    }

    @Test func suggestsTheNearestCommandForATypo() {
        #expect(registry.unknownCommandMessage(for: "hlep") == "Unknown command ':hlep'. Did you mean ':help'?")
        #expect(registry.suggestion(for: "histroy")?.name == "history")
        #expect(registry.suggestion(for: "quti")?.name == "quit")
        #expect(registry.suggestion(for: "hist")?.name == "history")  // a unique prefix
    }

    @Test func doesNotSuggestSomethingUnrelated() {
        #expect(registry.suggestion(for: "lesson") == nil)
        var withType = registry
        withType.register(Command(name: "type", summary: "Show a type.") { _ in .continue })
        #expect(withType.suggestion(for: "nope") == nil)  // two edits in a four-letter name
        #expect(withType.suggestion(for: "tpye")?.name == "type")
        #expect(
            registry.unknownCommandMessage(for: "lesson")
                == "Unknown command ':lesson'. Type :help to see the commands.")
    }

    @Test func registeringTheSameNameReplacesTheCommand() {
        var registry = CommandRegistry.standard
        registry.register(Command(name: "type", summary: "Show the type of an expression.") { _ in .continue })
        registry.register(Command(name: "type", summary: "Replaced.") { _ in .quit })
        #expect(registry.commands.map(\.name) == ["help", "history", "quit", "type"])
        #expect(registry.command(named: "type")?.summary == "Replaced.")
        #expect(registry.allNames.contains(":type"))
    }

    @Test func editDistanceCountsASwapAsOneEdit() {
        #expect(EditDistance.between("hlep", "help") == 1)
        #expect(EditDistance.between("", "abc") == 3)
        #expect(EditDistance.between("kitten", "sitting") == 3)
        #expect(EditDistance.between("same", "same") == 0)
    }
}

@Suite("Standard commands")
struct StandardCommandTests {
    /// Runs `:name arguments` and returns what it printed and its outcome.
    private func run(
        _ name: String, _ arguments: String = "", history: [String] = [],
        registry: CommandRegistry = .standard
    ) -> (String, CommandOutcome) {
        var printed: [String] = []
        let invocation = CommandInvocation(
            arguments: arguments, registry: registry, history: history, style: .plain,
            print: { printed.append($0) })
        let outcome = registry.command(named: name)!.run(invocation)
        return (printed.joined(separator: "\n"), outcome)
    }

    @Test func helpListsEveryCommandOnOneLineEach() {
        var registry = CommandRegistry.standard
        registry.register(
            Command(name: "lesson", summary: "Open a lesson.", usage: ":lesson [name]") { _ in .continue })
        let (text, outcome) = run("help", registry: registry)
        #expect(outcome == .continue)
        let lines = text.split(separator: "\n").dropFirst()
        #expect(lines.count == registry.commands.count)
        for (line, command) in zip(lines, registry.commands) {
            #expect(line.contains(command.usage) && line.contains(command.summary))
        }
    }

    @Test func helpDescribesOneCommand() {
        let (text, _) = run("help", ":quit")
        #expect(text == ":quit\n  Leave swiftlab (Ctrl-D on an empty line does too).\n  Also: :q, :exit")
        #expect(run("help", "hlep").0 == "Unknown command ':hlep'. Did you mean ':help'?")
    }

    @Test func historyNumbersEntriesAndIndentsContinuationLines() {
        let history = (1...10).map { "let x\($0) = \($0)" } + ["func f() {\n}"]
        #expect(run("history", "2", history: history).0 == "10  let x10 = 10\n11  func f() {\n    }")
        #expect(run("history", history: []).0 == "(no history yet)")
        #expect(
            run("history", "many", history: history).0
                == "':history' takes a number of entries, not 'many'.")
    }

    @Test func quitQuits() {
        #expect(run("quit").1 == .quit)
    }
}
