/// Completes lesson names and numbers after `:lesson ` (and `:l `): `:lesson fl<Tab>`
/// gives `flatmap`; and `reset` after `:progress `. The command names themselves come
/// from the registry's own completion.
public struct LessonCompletionProvider: CompletionProvider {
    /// The lessons whose names are offered.
    public let library: LessonLibrary

    /// Completes names of the lessons in `library`.
    public init(library: LessonLibrary) { self.library = library }

    /// Lesson names and numbers starting with the word being typed, when it is the
    /// argument of `:lesson`; `reset` for `:progress`.
    public func completions(for context: CompletionContext) -> [String] {
        let candidates: [String]
        switch context.position {
        case .argument(":lesson", 0), .argument(":l", 0):
            candidates = library.lessons.flatMap { [$0.slug, String($0.number)] }
        case .argument(":progress", 0):
            candidates = ["reset"]
        default:
            return []
        }
        return candidates.filter { $0.hasPrefix(context.word) }
    }
}
