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
