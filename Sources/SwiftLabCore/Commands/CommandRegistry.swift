/// The shell's `:` commands: registration, lookup by name or alias, and the nearest
/// command for a mistyped name.
public struct CommandRegistry {
    /// The registered commands, in registration order (the order `:help` lists them).
    public private(set) var commands: [Command] = []

    /// Creates an empty registry; see ``standard`` for one with the built-in commands.
    public init() {}

    /// A registry holding the built-in commands: `:help`, `:history` and `:quit`.
    public static var standard: CommandRegistry {
        var registry = CommandRegistry()
        registry.register(StandardCommands.help)
        registry.register(StandardCommands.history)
        registry.register(StandardCommands.quit)
        return registry
    }

    /// Adds `command`, replacing a registered command of the same name.
    public mutating func register(_ command: Command) {
        if let index = commands.firstIndex(where: { $0.name == command.name }) {
            commands[index] = command
        } else {
            commands.append(command)
        }
    }

    /// The command called `name` (without the colon) or having it as an alias.
    public func command(named name: String) -> Command? {
        commands.first { $0.name == name } ?? commands.first { $0.aliases.contains(name) }
    }

    /// The command whose name or alias is closest to the mistyped `name`, if one is close
    /// enough to be a likely typo: a unique command it is a prefix of, or one within a
    /// third of the name's length in edits (at least one; a swap of neighbours counting
    /// as one edit).
    public func suggestion(for name: String) -> Command? {
        guard !name.isEmpty else { return nil }
        let prefixed = commands.filter { command in
            ([command.name] + command.aliases).contains { $0.hasPrefix(name) }
        }
        if prefixed.count == 1 { return prefixed[0] }
        var best: (command: Command, distance: Int)?
        for command in commands {
            for candidate in [command.name] + command.aliases {
                let distance = EditDistance.between(name, candidate)
                // One edit in a short name, two in a long one: `:nope` is not `:type`.
                guard distance <= max(1, candidate.count / 3) else { continue }
                if distance < best?.distance ?? .max { best = (command, distance) }
            }
        }
        return best?.command
    }

    /// All names and aliases, each with its colon, for completion.
    public var allNames: [String] {
        commands.flatMap { [$0.name] + $0.aliases }.map { ":" + $0 }
    }

    /// The message for an unknown command name, with a suggestion when there is one:
    /// `Unknown command ':hlep'. Did you mean ':help'?`
    public func unknownCommandMessage(for name: String) -> String {
        if let suggestion = suggestion(for: name) {
            return "Unknown command ':\(name)'. Did you mean ':\(suggestion.name)'?"
        }
        return "Unknown command ':\(name)'. Type :help to see the commands."
    }
}
