/// Completes lesson names after `:lesson ` (and `:l `): `:lesson fl<Tab>` gives `flatmap`.
/// The command names themselves come from the registry's own completion.
public struct LessonCompletionProvider: CompletionProvider {
    /// The lessons whose names are offered.
    public let library: LessonLibrary

    /// Completes names of the lessons in `library`.
    public init(library: LessonLibrary) { self.library = library }

    /// Lesson names starting with the word being typed, when it is the argument of `:lesson`.
    public func completions(for context: CompletionContext) -> [String] {
        guard context.position == .name else { return [] }
        let words = context.textBeforeCursor.split(separator: " ", omittingEmptySubsequences: true)
        let endsInSpace = context.textBeforeCursor.last == " "
        // Only the first argument of `:lesson` / `:l`.
        guard let command = words.first, command == ":lesson" || command == ":l",
              words.count == (endsInSpace ? 1 : 2) else { return [] }
        return library.lessons.map(\.slug).filter { $0.hasPrefix(context.word) }
    }
}
