import Foundation
import SourceKitInProcess

/// What sourcekitd is asked when Tab is pressed in a session, and how its answer becomes
/// candidates.
///
/// The code completed is what the next cell would see: the imports a cell has (the
/// implicit modules, earlier inputs' imports, and the earlier cells themselves, imported
/// as ``CellImports`` decides, so a name declared again means its newest declaration),
/// then the input's lines up to the cursor, as a script, so that a declaration and a statement
/// complete alike. The completion point is the start of the word being typed; sourcekitd
/// then offers the members of the value's type after a dot and the names in scope
/// elsewhere, and the helper keeps those starting with the word.
struct CompilerCompletion: Equatable {
    /// The source sent.
    var source: String
    /// The UTF-8 offset of the completion point (the start of the word) in ``source``.
    var offset: Int
    /// The word being completed.
    var word: String

    /// The keys of each result the REPL uses (the rest, documentation above all, stays
    /// in the helper).
    static let resultKeys: Set<String> = [
        "key.name", "key.sourcetext", "key.description", "key.typename", "key.kind", "key.num_bytes_to_erase",
    ]

    /// The completion of `context`'s word, after `imports` (one import per line).
    init(context: CompletionContext, imports: [String]) {
        var line = context.textBeforeCursor
        // `:type xs.ma`: only the Swift after the command.
        if line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix(":"),
            let blank = line.firstIndex(where: { $0 == " " || $0 == "\t" })
        {
            line = String(line[blank...])
        }
        let header = imports.map { $0 + "\n" }.joined() + context.precedingLines
        let before = String(String.UnicodeScalarView(line.unicodeScalars.dropLast(context.word.unicodeScalars.count)))
        source = header + line
        offset = (header + before).utf8.count
        word = context.word
    }

    /// The `source.request.codecomplete` request for sourcekitd (with a filter for
    /// `swiftlab-complete`), compiling `file` (which need not exist) with `arguments`.
    func request(file: URL, arguments: [String]) -> SourceKitValue {
        [
            "key.request": .uid("source.request.codecomplete"), "key.sourcefile": .string(file.path),
            "key.sourcetext": .string(source), "key.offset": .int(Int64(offset)),
            "key.compilerargs": .array(arguments.map { .string($0) }),
            SourceKitResultFilter.requestKey: SourceKitResultFilter(namePrefix: word, keys: Self.resultKeys).value,
        ]
    }

    /// The candidates in sourcekitd's response; nil when it is not a completion response
    /// (an error).
    static func candidates(in response: SourceKitValue) -> [CompletionCandidate]? {
        guard let results = response["key.results"]?.array else { return nil }
        return results.compactMap(candidate)
    }

    /// One result as a candidate: inserted as its source text up to the first placeholder
    /// (`sorted(by: ` for `sorted(by: <#T##(Int, Int) throws -> Bool#>)`), listed with its
    /// type (`count: Int`); a function as Swift calls it, by its argument labels (`send(_:)`,
    /// `sorted(by:) -> [Int]`, as Xcode names them), never by the parameter names
    /// sourcekitd's description shows (`send(value: Int)`, whose `value:` does not
    /// compile). Results that would rewrite text before the word (`?.` on an optional)
    /// are left out.
    static func candidate(_ result: SourceKitValue) -> CompletionCandidate? {
        guard let sourceText = result["key.sourcetext"]?.string, !sourceText.isEmpty,
            result["key.num_bytes_to_erase"]?.int ?? 0 == 0
        else { return nil }
        let text = sourceText.range(of: "<#").map { String(sourceText[..<$0.lowerBound]) } ?? sourceText
        let description = result["key.description"]?.string ?? text
        let kind = result["key.kind"]?.string ?? ""
        let type = result["key.typename"]?.string ?? ""
        var display = description
        if kind.hasPrefix("source.lang.swift.decl.function.") {
            if let name = result["key.name"]?.string.flatMap(callForm) { display = name }
            if !type.isEmpty, type != "Void" { display += " -> " + type }
        } else if kind.hasPrefix("source.lang.swift.decl.var.") || kind == "source.lang.swift.decl.enumelement" {
            if !type.isEmpty { display += ": " + type }
        }
        return CompletionCandidate(text, display: display)
    }

    /// A function's name as Swift writes it, from sourcekitd's name for it, which leaves a
    /// missing label empty: `map(_:)` for `map(:)`, `f(_:b:)` for `f(:b:)`; nil for a name
    /// that is not a function's.
    static func callForm(_ name: String) -> String? {
        guard name.hasSuffix(")"), let open = name.firstIndex(of: "(") else { return nil }
        let labels = name[name.index(after: open)..<name.index(before: name.endIndex)]
        guard !labels.isEmpty else { return name }
        guard labels.hasSuffix(":") else { return nil }
        let written = labels.dropLast().split(separator: ":", omittingEmptySubsequences: false).map {
            $0.isEmpty ? "_:" : $0 + ":"
        }
        return name[..<open] + "(" + written.joined() + ")"
    }
}
