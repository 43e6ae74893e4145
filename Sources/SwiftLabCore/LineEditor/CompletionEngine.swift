/// Combines completion providers into what a press of Tab does.
public struct CompletionEngine {
    /// The providers asked, in order.
    public var providers: [any CompletionProvider]

    /// Creates an engine asking `providers`.
    public init(providers: [any CompletionProvider]) {
        self.providers = providers
    }

    /// The completions of the word before the cursor.
    public func complete(textBeforeCursor: String) -> Completion {
        let context = CompletionContext(textBeforeCursor: textBeforeCursor)
        let candidates = Set(providers.flatMap { $0.completions(for: context) })
            .filter { $0.hasPrefix(context.word) }
            .sorted()
        return Completion(word: context.word, candidates: candidates)
    }
}

/// The outcome of completing one word.
public struct Completion: Equatable, Sendable {
    /// The partial word that was completed.
    public var word: String
    /// Every full word offered, sorted.
    public var candidates: [String]

    /// Creates a completion.
    public init(word: String, candidates: [String]) {
        self.word = word
        self.candidates = candidates
    }

    /// What Tab inserts after the word: the rest of the only candidate (with a space after
    /// a command name), or the prefix all candidates share.
    public var insertion: String {
        guard let first = candidates.first else { return "" }
        var common = Substring(first)
        for candidate in candidates.dropFirst() {
            common = common.prefix(zip(common, candidate).prefix { $0 == $1 }.count)
        }
        var rest = String(common.dropFirst(word.count))
        if candidates.count == 1, word.hasPrefix(":") { rest += " " }
        return rest
    }
}
