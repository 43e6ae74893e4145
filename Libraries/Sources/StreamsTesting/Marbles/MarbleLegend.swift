/// Which character stands for which value in a diagram: a value whose description is
/// one character (not one of the notation's own) is drawn as itself, any other gets a
/// letter, the same one wherever it appears; the legend lists the letters.
struct MarbleLegend {
    private var symbols: [String: Character] = [:]
    /// Letters given, in order, with what they stand for.
    private(set) var entries: [(symbol: Character, description: String)] = []
    /// The failure's description, when a line failed.
    private(set) var failures: [String] = []

    private static let reserved: Set<Character> = ["-", "|", "#", "(", ")", "^"]
    private static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// A legend for every event of `timelines`: letters go to values in order of first
    /// appearance, skipping characters that some value is drawn as already.
    init(_ timelines: [MarbleTimeline]) {
        var descriptions: [String] = []
        var seen = Set<String>()
        for timeline in timelines {
            for (_, event) in timeline.events {
                switch event {
                case .value(let description):
                    if seen.insert(description).inserted { descriptions.append(description) }
                case .failure(let description):
                    if !description.isEmpty, !failures.contains(description) { failures.append(description) }
                case .finished:
                    break
                }
            }
        }
        var taken = Set<Character>()
        for description in descriptions {
            if let character = Self.drawnAsItself(description) {
                symbols[description] = character
                taken.insert(character)
            }
        }
        var letters = Self.letters.makeIterator()
        for description in descriptions where symbols[description] == nil {
            var letter = letters.next()
            while let candidate = letter, taken.contains(candidate) { letter = letters.next() }
            let symbol = letter ?? "?"
            symbols[description] = symbol
            taken.insert(symbol)
            entries.append((symbol, description))
        }
    }

    /// The character a value described as `description` is drawn as, when that is the
    /// description itself.
    static func drawnAsItself(_ description: String) -> Character? {
        guard description.count == 1, let character = description.first,
            !character.isWhitespace, !reserved.contains(character)
        else { return nil }
        return character
    }

    /// The character drawn for `event`.
    func symbol(for event: MarbleTimeline.Event) -> Character {
        switch event {
        case .value(let description): return symbols[description] ?? "?"
        case .finished: return "|"
        case .failure: return "#"
        }
    }

    /// The legend's lines: `a = 10` for each letter, then `# = ` and each failure.
    var lines: [String] {
        entries.map { "\($0.symbol) = \($0.description)" } + failures.map { "# = \($0)" }
    }
}
