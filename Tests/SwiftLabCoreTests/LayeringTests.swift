import Foundation
import Testing

/// Keeps Sources/SwiftLabCore layered as its README draws it: a file may name the types
/// of its own folder and of folders in lower layers, never those of a folder in its own
/// layer or above (so no folder depends upward and no two folders depend on each other).
@Suite struct LayeringTests {
    /// Each folder's layer, lowest first (the README's drawing).
    static let layers: [String: Int] = [
        "Terminal": 0,
        "Lexer": 1,
        "Rendering": 2, "LineEditor": 2, "Input": 2,
        "Evaluation": 3, "Lessons": 3,
        "Commands": 4,
        "REPL": 5, "Machine": 5,
        "App": 6,
    ]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SwiftLabCore")

    @Test func everyFolderHasALayer() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter { name in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: Self.sources.appendingPathComponent(name).path,
                isDirectory: &isDirectory)
            return exists && isDirectory.boolValue
        }
        #expect(!folders.isEmpty)
        for folder in folders {
            #expect(Self.layers[folder] != nil, "Sources/SwiftLabCore/\(folder) has no layer in LayeringTests.layers")
        }
    }

    @Test func noFileNamesATypeFromItsLayerOrAbove() throws {
        let files = try SourceFile.all(in: Self.sources)
        let violations = LayeringTests.violations(in: files, layers: Self.layers)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func aLowerFolderNamingAHigherTypeIsReported() {
        let files = [
            SourceFile(path: "Terminal/Low.swift", folder: "Terminal", text: "struct Low { var shell: Shell }"),
            SourceFile(
                path: "App/Shell.swift", folder: "App", text: "public final class Shell {\n    // Low is fine here\n}"),
            SourceFile(
                path: "App/Top.swift", folder: "App",
                text: "let low = Low() // Shell in a comment\nlet text = \"Shell\""),
        ]
        #expect(
            LayeringTests.violations(in: files, layers: Self.layers) == [
                "Terminal/Low.swift (Terminal) names Shell (App)"
            ])
    }

    @Test func twoFoldersOfOneLayerNamingEachOtherAreReported() {
        let files = [
            SourceFile(path: "Lessons/A.swift", folder: "Lessons", text: "enum A { static let b = B.self }"),
            SourceFile(path: "Evaluation/B.swift", folder: "Evaluation", text: "enum B {}"),
        ]
        #expect(
            LayeringTests.violations(in: files, layers: Self.layers) == [
                "Lessons/A.swift (Lessons) names B (Evaluation)"
            ])
    }

    /// "FILE (FOLDER) names TYPE (ITS FOLDER)" for every type a file names from a folder
    /// in its own layer or above; only top-level declarations count as a folder's types.
    static func violations(in files: [SourceFile], layers: [String: Int]) -> [String] {
        var home: [String: String] = [:]
        for file in files {
            for name in file.declaredTypes { home[name] = file.folder }
        }
        var found: [String] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            guard let layer = layers[file.folder] else { continue }
            for name in file.identifiers.sorted() {
                guard let folder = home[name], folder != file.folder, let other = layers[folder], other >= layer else {
                    continue
                }
                found.append("\(file.path) (\(file.folder)) names \(name) (\(folder))")
            }
        }
        return found
    }
}

/// One Swift file of SwiftLabCore, read for the types it declares and the names it uses.
struct SourceFile {
    /// The path below Sources/SwiftLabCore.
    var path: String
    /// The folder right below Sources/SwiftLabCore.
    var folder: String
    /// The file's text.
    var text: String

    /// Every Swift file below `root`.
    static func all(in root: URL) throws -> [SourceFile] {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var files: [SourceFile] = []
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift"), let folder = relative.split(separator: "/").first,
                relative.contains("/")
            else { continue }
            let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
            files.append(SourceFile(path: relative, folder: String(folder), text: text))
        }
        return files
    }

    /// The types, protocols and aliases declared at the top level (not indented).
    var declaredTypes: Set<String> {
        let pattern =
            #/^(?:(?:public|internal|fileprivate|private|final|indirect)\s+)*(?:class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)/#
        var names: Set<String> = []
        for line in text.split(separator: "\n") {
            if let match = line.firstMatch(of: pattern) { names.insert(String(match.1)) }
        }
        return names
    }

    /// The identifiers in the code, leaving out comments and string literals.
    var identifiers: Set<String> {
        var code = text
        code.replace(#/"""[\s\S]*?"""/#, with: "")
        code.replace(#/"(?:[^"\\\n]|\\.)*"/#, with: "")
        code.replace(#/\/\*[\s\S]*?\*\//#, with: "")
        code.replace(#/\/\/[^\n]*/#, with: "")
        return Set(code.matches(of: #/[A-Za-z_][A-Za-z0-9_]*/#).map { String($0.output) })
    }
}
