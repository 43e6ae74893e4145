/// A source of tab completions. The line editor asks each of its providers and offers
/// what they return together; areas add their own (the session's declared names, the
/// public names of Streams and Pipelines, lesson names).
public protocol CompletionProvider {
    /// Full words that complete `context.word` (each starting with it), in any order;
    /// duplicates across providers are merged.
    func completions(for context: CompletionContext) -> [String]

    /// The candidates for `context.word`, each with what a listing shows for it; by
    /// default ``completions(for:)``, each shown as it is inserted. A provider that knows
    /// signatures (the compiler's completion) shows them here.
    func candidates(for context: CompletionContext) -> [CompletionCandidate]
}

extension CompletionProvider {
    /// ``completions(for:)``, each shown as it is inserted.
    public func candidates(for context: CompletionContext) -> [CompletionCandidate] {
        completions(for: context).map { CompletionCandidate($0) }
    }
}

/// One completion offered: the text Tab inserts (the whole word, the part already typed
/// included) and what a listing of several shows for it.
public struct CompletionCandidate: Hashable, Sendable {
    /// The whole word (`sorted(by: ` for `sorted(by:)`, no placeholders).
    public var text: String
    /// What a listing shows: the signature and type for the compiler's candidates
    /// (`sorted(by: (Int, Int) throws -> Bool) -> [Int]`), else the text.
    public var display: String

    /// A candidate inserting `text`, listed as `display` (by default the text).
    public init(_ text: String, display: String? = nil) {
        self.text = text
        self.display = display ?? text
    }
}

/// What is being completed.
public struct CompletionContext: Equatable, Sendable {
    /// The text of the input line before the cursor.
    public var textBeforeCursor: String
    /// The partial word just before the cursor (`ma` in `xs.ma`; `:hi` for a command).
    public var word: String
    /// Where the word stands.
    public var position: CompletionPosition
    /// The lines of the same input typed before this one, each with its line break (empty
    /// on an input's first line): the compiler's completion reads them, so that
    /// `for x in xs {` on one line lets `x.` complete on the next.
    public var precedingLines: String

    /// Creates a context.
    public init(textBeforeCursor: String, word: String, position: CompletionPosition, precedingLines: String = "") {
        self.textBeforeCursor = textBeforeCursor
        self.word = word
        self.position = position
        self.precedingLines = precedingLines
    }

    /// The context for a line whose text before the cursor is `text`, after
    /// `precedingLines` of the same input.
    public init(textBeforeCursor text: String, precedingLines: String = "") {
        let scalars = Array(text.unicodeScalars)
        var start = scalars.count
        while start > 0, scalars[start - 1].isIdentifierContinuation || scalars[start - 1] == "$" {
            start -= 1
        }
        let before = scalars[..<start]
        var wordScalars = String.UnicodeScalarView()
        wordScalars.append(contentsOf: scalars[start...])
        var word = String(wordScalars)
        let position: CompletionPosition
        let line = scalars.drop { $0.isSwiftBlank }
        if before.last == ":", before.dropLast().allSatisfy({ $0.isSwiftBlank }) {
            position = .command
            word = ":" + word
        } else if line.first == ":", let blank = line.firstIndex(where: { $0.isSwiftBlank }), blank < start,
            case let command = String(String.UnicodeScalarView(line[..<blank])),
            !Self.commandsTakingSwift.contains(command)
        {
            // The argument of a `:` command is not Swift: Swift names and keywords would be noise.
            let arguments = String(String.UnicodeScalarView(line[blank..<start]))
                .split(whereSeparator: { $0 == " " || $0 == "\t" })
            position = .argument(command: command, index: arguments.count)
        } else if before.last == "." {
            position = .member
        } else {
            position = .name
        }
        self.init(textBeforeCursor: text, word: word, position: position, precedingLines: precedingLines)
    }

    /// The commands whose argument is Swift code (`:type xs.map`), completed like any
    /// other Swift. (A property of the command would be better; `:type` lives with the evaluator.)
    static let commandsTakingSwift: Set<String> = [":type", ":t"]
}

/// Where the word being completed stands in the line.
public enum CompletionPosition: Hashable, Sendable {
    /// A `:` command name at the start of the line; the word includes the colon.
    case command
    /// A name after a `.`: a member, such as an operator of a stream (`xs.fil`).
    case member
    /// Any other name: a keyword, a declared name, a type.
    case name
    /// An argument of a `:` command (`:lesson fl`): `command` is the command as typed,
    /// colon included, and `index` counts the arguments before this one. Only providers
    /// that know the command (lesson names for `:lesson`) offer anything here.
    case argument(command: String, index: Int)
}
