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

/// Completes Swift keywords where a name may stand.
public struct KeywordCompletionProvider: CompletionProvider {
    /// Creates the provider.
    public init() {}

    /// The names that complete `context.word` where this provider applies.
    public func completions(for context: CompletionContext) -> [String] {
        guard context.position == .name, !context.word.isEmpty else { return [] }
        return SwiftKeywords.all.filter { $0.hasPrefix(context.word) && $0 != "_" }
    }
}

/// Completes names from a list that may change between calls: the names declared in
/// the session, the public names of Streams and Pipelines, lesson names.
public struct NameCompletionProvider: CompletionProvider {
    private let positions: Set<CompletionPosition>
    private let names: () -> [String]

    /// Creates a provider offering `names()` (asked at each completion) where the word
    /// stands at one of `positions`: `.name` for declared names and types, `.member`
    /// for members such as stream operators.
    public init(positions: Set<CompletionPosition> = [.name], names: @escaping () -> [String]) {
        self.positions = positions
        self.names = names
    }

    /// The names that complete `context.word` where this provider applies.
    public func completions(for context: CompletionContext) -> [String] {
        guard positions.contains(context.position) else { return [] }
        return names().filter { $0.hasPrefix(context.word) }
    }
}

