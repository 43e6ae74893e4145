import Foundation
import SourceKitInProcess

// What the name under the cursor is (Jupyter's Shift-Tab): the compiler's cursor info
// (sourcekitd's `source.request.cursorinfo`), asked through the completion helper about
// the session's code as the next input would see it.
extension Session {
    /// The declaration and documentation of the name at the end of `textBeforeCursor`
    /// (or the one the cursor is in, when `textAfterCursor` continues it), after
    /// `precedingLines` of the same input; nil when there is no name there, the
    /// compiler knows none, or it did not answer within ``Configuration/completionWait``.
    public func inspection(
        textBeforeCursor: String, textAfterCursor: String = "", precedingLines: String = ""
    ) -> Inspection? {
        let rest = textAfterCursor.unicodeScalars.prefix { $0.isIdentifierContinuation }
        let line = textBeforeCursor + String(String.UnicodeScalarView(rest))
        let original = CompletionContext(textBeforeCursor: line, precedingLines: precedingLines)
        guard !original.word.isEmpty, original.position == .member || original.position == .name,
            let completionHelper
        else { return nil }
        let (context, imports, completionFile, completionArguments) = compilerView(of: original)
        // Cursor info reads its file from disk (it ignores `key.sourcetext`): a file of its own.
        let file = completionFile.deletingLastPathComponent().appendingPathComponent("inspection.swift")
        let arguments = completionArguments.map { $0 == completionFile.path ? file.path : $0 }
        // Inside a function: at top level, sourcekitd's cursor info misses names it finds
        // there (`[1].map { $0 + 1 }`'s `map`; swiftlang/swift#77982).
        let header = imports.map { $0 + "\n" }.joined() + "func _swiftlabInspected() {\n" + context.precedingLines
        let wordStart = String(
            String.UnicodeScalarView(
                context.textBeforeCursor.unicodeScalars.dropLast(context.word.unicodeScalars.count)))
        guard (try? Data((header + context.textBeforeCursor + "\n}\n").utf8).write(to: file)) != nil else { return nil }
        let request: SourceKitValue = [
            "key.request": .uid("source.request.cursorinfo"), "key.sourcefile": .string(file.path),
            "key.offset": .int(Int64((header + wordStart).utf8.count)),
            "key.compilerargs": .array(arguments.map { .string($0) }),
        ]
        guard let response = completionHelper.send(request, waitingAtMost: configuration.completionWait) else {
            return nil
        }
        return Inspection(cursorInfo: response)
    }
}

/// What the compiler says of a name: its declaration and documentation.
public struct Inspection: Equatable, Sendable {
    /// The name, as the compiler titles it (`filter(_:)`).
    public var name: String
    /// Its declaration as Swift writes it (`func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> [Element]`).
    public var declaration: String
    /// Its doc comment as written (Markdown), empty when the compiler has none.
    public var documentation: String
    /// The module declaring it (`Swift`, `Streams`); nil for the session's own cells.
    public var module: String?

    /// Reads sourcekitd's cursor info response; nil when it names no declaration.
    init?(cursorInfo response: SourceKitValue) {
        guard let annotated = response["key.annotated_decl"]?.string else { return nil }
        name = response["key.name"]?.string ?? ""
        declaration = Self.text(ofMarkup: annotated)
        documentation = response["key.doc_comment"]?.string ?? ""
        // The session's cells are modules `Cell1`, `Cell2` ...: the learner's own code.
        module = response["key.modulename"]?.string.flatMap { $0.wholeMatch(of: /Cell[0-9]+/) == nil ? $0 : nil }
    }

    /// The declaration and documentation as Markdown: the declaration in a Swift code
    /// block, then the documentation.
    public var markdown: String {
        var text = "```swift\n" + declaration + "\n```\n"
        if let module { text += "\n*\(module)*\n" }
        if !documentation.isEmpty { text += "\n" + documentation + "\n" }
        return text
    }

    /// The declaration and documentation as plain text.
    public var plainText: String {
        declaration + (module.map { "\n(\($0))" } ?? "") + (documentation.isEmpty ? "" : "\n\n" + documentation)
    }

    /// `markup` (sourcekitd's annotated declaration: XML elements around plain text) as
    /// the text alone.
    static func text(ofMarkup markup: String) -> String {
        var text = ""
        var inTag = false
        for character in markup {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        return unescaped(text)
    }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
