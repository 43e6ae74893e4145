// Names each function, property, initializer, subscript and enum case in the symbol graphs
// under a directory by its title, `debounce(for:scheduler:options:)`, in DocC's sidebar
// and topic lists. For a Swift symbol DocC's sidebar shows the symbol's "sub-heading", its
// whole declaration (`func debounce<S>(for: S.SchedulerTimeType.Stride, scheduler: S, ...`),
// which the sidebar cuts off, and not its navigator name (a known limitation:
// swiftlang/swift-docc#176); DocC has no option for it. So the sub-heading, and the
// navigator name, become the title; each symbol's page still shows its full declaration.
// Run by scripts/docs.sh between the extraction and `docc convert`:
//
//     swift scripts/navigator-titles.swift DIRECTORY
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let directory = arguments.first else {
    FileHandle.standardError.write(Data("usage: navigator-titles.swift SYMBOL-GRAPH-DIRECTORY\n".utf8))
    exit(2)
}

/// The kinds whose sidebar entry should be the name, not the declaration.
let namedKinds: Set<String> = [
    "swift.func", "swift.func.op", "swift.method", "swift.type.method", "swift.init",
    "swift.property", "swift.type.property", "swift.var", "swift.subscript",
    "swift.type.subscript", "swift.enum.case",
]

let files = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? [])
    .filter { $0.hasSuffix(".symbols.json") }
var renamed = 0
for file in files {
    let url = URL(fileURLWithPath: directory).appendingPathComponent(file)
    guard var graph = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any],
        let symbols = graph["symbols"] as? [[String: Any]]
    else {
        FileHandle.standardError.write(Data("navigator-titles: \(file) is not a symbol graph\n".utf8))
        exit(1)
    }
    graph["symbols"] = symbols.map { symbol -> [String: Any] in
        guard let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String, namedKinds.contains(kind),
            var names = symbol["names"] as? [String: Any], let title = names["title"] as? String
        else { return symbol }
        var symbol = symbol
        names["navigator"] = [["kind": "identifier", "spelling": title]]
        names["subHeading"] = [["kind": "identifier", "spelling": title]]
        symbol["names"] = names
        renamed += 1
        return symbol
    }
    try JSONSerialization.data(withJSONObject: graph).write(to: url)
}
print("navigator-titles: \(renamed) symbols in \(files.count) symbol graphs named by their titles")
