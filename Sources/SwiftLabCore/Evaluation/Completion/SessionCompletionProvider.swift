/// Tab completion of Swift in a session: the compiler's own completion (sourcekitd, asked
/// through ``CompletionHelper``), which knows the type of the value before a dot and the
/// names in scope; today's name lists (`fallback`: keywords, the libraries' public names,
/// the session's declared names) when the compiler is unavailable or does not answer in
/// time.
public final class SessionCompletionProvider: CompletionProvider {
    private let compilerCandidates: (CompletionContext) -> [CompletionCandidate]?
    private let fallback: [any CompletionProvider]

    /// A provider asking `compilerCandidates` first (nil: no answer), then `fallback`.
    init(
        compilerCandidates: @escaping (CompletionContext) -> [CompletionCandidate]?,
        fallback: [any CompletionProvider]
    ) {
        self.compilerCandidates = compilerCandidates
        self.fallback = fallback
    }

    /// The words of ``candidates(for:)``.
    public func completions(for context: CompletionContext) -> [String] {
        candidates(for: context).map(\.text)
    }

    /// The compiler's candidates for a member or a name, else the fallback's. (A name with
    /// nothing typed yet, as in `print(`, goes to the fallback: every name in scope would
    /// be thousands.)
    public func candidates(for context: CompletionContext) -> [CompletionCandidate] {
        let asksCompiler: Bool
        switch context.position {
        case .member: asksCompiler = true
        case .name: asksCompiler = !context.word.isEmpty
        case .command, .argument: asksCompiler = false
        }
        if asksCompiler, let candidates = compilerCandidates(context) { return candidates }
        return fallback.flatMap { $0.candidates(for: context) }
    }
}
