/// Completes `:` command names and aliases, and the command named by `:help`.
public struct CommandCompletionProvider: CompletionProvider {
    private let names: [String]
    private let helpNames: Set<String>

    /// Creates a provider for the commands of `registry`.
    public init(registry: CommandRegistry) {
        names = registry.allNames
        helpNames = Set(registry.command(named: "help").map { ([$0.name] + $0.aliases).map { ":" + $0 } } ?? [])
    }

    /// The names that complete `context.word` where this provider applies.
    public func completions(for context: CompletionContext) -> [String] {
        switch context.position {
        case .command:
            return names.filter { $0.hasPrefix(context.word) }
        case .argument(let command, 0) where helpNames.contains(command):
            // `:help less` → `lesson` (the word has no colon: `:` is not part of a name).
            return names.map { String($0.dropFirst()) }.filter { $0.hasPrefix(context.word) }
        default:
            return []
        }
    }
}
