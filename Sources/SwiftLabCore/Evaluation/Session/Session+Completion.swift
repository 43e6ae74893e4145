import Foundation
import SourceKitInProcess

// Tab completion from the compiler: the session's code as the next input would see it,
// sent to the completion helper process (CompletionHelper), else the plain name lists.
extension Session {
    /// Starts the compiler's completion in the background (a person is at a terminal):
    /// loading sourcekitd and the modules cells import takes a while, and the first Tab
    /// then finds them loaded; from now on, each input that declares or imports something
    /// has it load the new module at once too. Without this call (piped input, `check`)
    /// no helper runs until a completion is asked for.
    public func startCompletion() {
        keepsCompletionWarm = true
        completionHelper?.start(warmingUpWith: compilerCompletionRequest(Self.warmUpCompletion))
    }

    /// Tab completion of Swift in this session: the compiler's (members of the value's
    /// type after a dot, names in scope), else keywords, the libraries' public names and
    /// the names the session declared.
    public var completionProvider: SessionCompletionProvider {
        SessionCompletionProvider(
            compilerCandidates: { [weak self] in self?.compilerCandidates(for: $0) },
            fallback: [
                KeywordCompletionProvider(), libraryNames,
                NameCompletionProvider { [weak self] in self?.declaredNames ?? [] },
            ])
    }

    /// The compiler's candidates for `context`, or nil when it is unavailable or did not
    /// answer within ``Configuration/completionWait``.
    func compilerCandidates(for context: CompletionContext) -> [CompletionCandidate]? {
        guard let completionHelper,
            let response = completionHelper.send(
                compilerCompletionRequest(context), waitingAtMost: configuration.completionWait)
        else { return nil }
        return CompilerCompletion.candidates(in: response)
    }

    /// What the helper completes to get ready: a name, so that sourcekitd also fills its
    /// cache of every name the imported modules have (the first completion of a name
    /// after `import Foundation` took about 2 s, the next ones 0.1 to 0.3 s).
    static let warmUpCompletion = CompletionContext(textBeforeCursor: "_ = a")

    /// The sourcekitd request completing `context` as the next input would see it.
    func compilerCompletionRequest(_ original: CompletionContext) -> SourceKitValue {
        let (context, imports, file, arguments) = compilerView(of: original)
        return CompilerCompletion(context: context, imports: imports).request(file: file, arguments: arguments)
    }

    /// What the compiler is shown of `original` as the next input would see it: the
    /// context (`$R3` renamed `_R3`, as many bytes), the import and declaration lines
    /// before it, and the file and arguments to compile it with.
    func compilerView(
        of original: CompletionContext
    ) -> (context: CompletionContext, imports: [String], file: URL, arguments: [String]) {
        let cells = self.context(.recorded)
        var context = original
        var imports =
            CellGenerator.moduleImports(context: cells)
            + CellImports.lines(earlier: cells.earlierCells, declarations: [], extensions: [])
        // `$R3` cannot be declared: as in the next cell, it becomes `_R3` (as many bytes,
        // so the completion point stays) and is declared with the result's type.
        let typed = context.precedingLines + context.textBeforeCursor
        let references = ResultReferences(
            in: CellItem(TopLevelItem(text: typed, line: 1, column: 1)), known: cells.results)
        if !references.numbers.isEmpty {
            let renamed = Array(references.cellItem.item.text.utf8)
            let split = context.precedingLines.utf8.count
            context.precedingLines = String(decoding: renamed[..<split], as: UTF8.self)
            context.textBeforeCursor = String(decoding: renamed[split...], as: UTF8.self)
            let wholeImports = Set(
                cells.earlierCells.map(\.moduleName).filter { imports.contains("@testable import \($0)") })
            let names = Set(references.cellItem.tokens.filter { $0.kind == .identifier }.map(\.text))
            for number in references.numbers.sorted() {
                let accessor = ResultReferences.accessor(
                    of: number, type: cells.results[number]!, wholeImports: wholeImports,
                    earlierCells: cells.earlierCells, namesInInput: names)
                imports += accessor.imports.filter { !imports.contains($0) } + [accessor.declaration]
            }
        }
        let file = cache.session.appendingPathComponent("completion.swift")
        let newestCell = accepted.last(where: \.generated.exportsDeclarations)?.number ?? 0
        return (context, imports, file, builder.compiler.completionArguments(file: file, newestCell: newestCell))
    }
}
