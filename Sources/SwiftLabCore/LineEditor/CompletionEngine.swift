/// Combines completion providers into what a press of Tab does.
public struct CompletionEngine {
    /// The providers asked, in order.
    public var providers: [any CompletionProvider]

    /// Creates an engine asking `providers`.
    public init(providers: [any CompletionProvider]) {
        self.providers = providers
    }

    /// The completions of the word before the cursor, on a line after `precedingLines`
    /// of the same input.
    public func complete(textBeforeCursor: String, precedingLines: String = "") -> Completion {
        let context = CompletionContext(textBeforeCursor: textBeforeCursor, precedingLines: precedingLines)
        // A word offered twice is listed once, as the first provider shows it.
        var displays: [String: String] = [:]
        for candidate in providers.flatMap({ $0.candidates(for: context) }) where candidate.text.hasPrefix(context.word)
        {
            if displays[candidate.text] == nil { displays[candidate.text] = candidate.display }
        }
        let candidates = displays.keys.sorted()
        return Completion(word: context.word, candidates: candidates, listing: candidates.map { displays[$0]! })
    }
}

/// The outcome of completing one word.
public struct Completion: Equatable, Sendable {
    /// The partial word that was completed.
    public var word: String
    /// Every full word offered, sorted.
    public var candidates: [String]
    /// What a listing shows for each candidate, in the same order (signatures for the
    /// compiler's candidates).
    public var listing: [String]

    /// Creates a completion; `listing` defaults to the candidates themselves.
    public init(word: String, candidates: [String], listing: [String]? = nil) {
        self.word = word
        self.candidates = candidates
        self.listing = listing ?? candidates
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
