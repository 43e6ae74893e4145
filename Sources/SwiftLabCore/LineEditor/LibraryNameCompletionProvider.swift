import Foundation

/// Completes the public names of the libraries cells import (Streams, Pipelines): type
/// names where a name may stand, and functions, properties and enum cases after a `.`
/// (`publisher.rec` → `receive`, `.fin` → `finished`).
///
/// The names are read, with ``SwiftLexer``, from the libraries' Swift sources the first
/// time completion needs them, so they are never out of date; when the sources are not
/// there (a binary installed on its own), the provider offers nothing.
public final class LibraryNameCompletionProvider: CompletionProvider {
    private let sourceDirectories: [String]
    private var names: LibraryNames?

    /// Creates a provider for the `.swift` files under `sourceDirectories` (recursively).
    public init(sourceDirectories: [String]) {
        self.sourceDirectories = sourceDirectories
    }

    /// A provider for `modules` of the package that holds `executable` (by default this
    /// process's executable, which `swift build` puts under `<package>/.build`).
    public static func forPackageSources(
        of modules: [String] = ["Pipelines", "Streams", "StreamsFoundation", "StreamsTesting"],
        executable: String? = nil
    ) -> LibraryNameCompletionProvider {
        let start = executable ?? Self.currentExecutablePath()
        var directory = URL(fileURLWithPath: start).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return LibraryNameCompletionProvider(
                    sourceDirectories: modules.map { directory.appendingPathComponent("Libraries/Sources/\($0)").path })
            }
            directory.deleteLastPathComponent()
        }
        return LibraryNameCompletionProvider(sourceDirectories: [])
    }

    /// The names that complete `context.word` where this provider applies.
    public func completions(for context: CompletionContext) -> [String] {
        let names = loadedNames()
        switch context.position {
        case .name: return names.types.filter { $0.hasPrefix(context.word) }
        case .member: return names.members.filter { $0.hasPrefix(context.word) }
        case .command, .argument: return []
        }
    }

    private func loadedNames() -> LibraryNames {
        if let names { return names }
        var loaded = LibraryNames()
        for directory in sourceDirectories {
            guard let files = FileManager.default.enumerator(atPath: directory) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                guard let data = FileManager.default.contents(atPath: directory + "/" + file) else { continue }
                loaded.add(publicNamesIn: String(decoding: data, as: UTF8.self))
            }
        }
        names = loaded
        return loaded
    }

    private static func currentExecutablePath() -> String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return CommandLine.arguments.first ?? ""
    }
}

/// Public names declared in Swift sources.
struct LibraryNames: Equatable {
    /// Types, protocols and type aliases.
    var types: Set<String> = []
    /// Functions, properties and enum cases.
    var members: Set<String> = []

    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "actor"]
    private static let memberKeywords: Set<String> = ["func", "var", "let"]

    /// Adds the names declared `public` or `open` in `source`, and the cases of its
    /// public enums.
    mutating func add(publicNamesIn source: String) {
        let tokens = SwiftLexer.tokenize(source).filter { $0.kind != .lineComment && $0.kind != .blockComment }
        var isPublic = false
        var declaring: String?  // the keyword whose name comes next
        var publicEnumOpening = false
        var braces: [Bool] = []  // for each open brace: is it a public enum's body?
        var takingCases = false
        var caseParentheses = 0  // inside a case's payload, `,` separates fields, not cases
        for token in tokens {
            if let keyword = declaring {
                declaring = nil
                if token.kind == .identifier {
                    let name = token.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                    if Self.typeKeywords.contains(keyword) { types.insert(name) } else { members.insert(name) }
                    publicEnumOpening = keyword == "enum"
                    if takingCases { continue }
                }
            }
            switch (token.kind, token.text) {
            case (.keyword, "public"), (.keyword, "open"):
                isPublic = true
            case (.keyword, "case") where braces.last == true:
                takingCases = true
                caseParentheses = 0
                declaring = "case"
            case (.punctuation, ",") where takingCases && caseParentheses == 0:
                declaring = "case"
            case (.keyword, let word)
            where isPublic && (Self.typeKeywords.contains(word) || Self.memberKeywords.contains(word)):
                declaring = word
                isPublic = false
            case (.punctuation, "{"):
                braces.append(publicEnumOpening)
                publicEnumOpening = false
                isPublic = false
                takingCases = false
            case (.punctuation, "}"):
                _ = braces.popLast()
                isPublic = false
                takingCases = false
            case (.punctuation, "(") where takingCases:
                caseParentheses += 1
            case (.punctuation, ")") where takingCases:
                caseParentheses = max(0, caseParentheses - 1)
            case (.punctuation, ";"), (.operator, "="):
                isPublic = false
                takingCases = false
            default:
                break
            }
        }
    }
}
