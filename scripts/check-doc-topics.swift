// Checks a built DocC site for public symbols that no topic group written in the catalog
// names. DocC does not warn about them: it files each under a group of its own making
// ("Instance Methods", "Structures"), marked `"generated": true` in the page's JSON, and
// that is what this script looks for.
//
// The rule: every type, and every member of a module, protocol, namespace (an enum
// without cases, such as `Publishers`) or extension of another module's type, is placed
// in a hand-written group. Members of a concrete type (its initialisers, properties and
// methods) may stay in DocC's own groups on that type's page.
//
// Usage: swift scripts/check-doc-topics.swift SITE CATALOG
//   SITE: the output of `docc convert` (its data/documentation holds one JSON per page);
//   CATALOG: the .docc folder, named in the message saying where to add the links.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let site = arguments.first, let catalog = arguments.last else {
    FileHandle.standardError.write(Data("usage: check-doc-topics.swift SITE CATALOG\n".utf8))
    exit(2)
}

/// One page of the site, as much of its render JSON as the check reads.
struct Page {
    var path: String
    var role: String?
    var symbolKind: String?
    /// The groups DocC made itself: their titles and the identifiers they list.
    var generatedSections: [(title: String, identifiers: [String])]
    /// Every identifier listed in any topic group of the page.
    var children: [String]
}

let dataDirectory = URL(fileURLWithPath: site).appendingPathComponent("data")
var pages: [String: Page] = [:]  // keyed by the page's identifier (doc://...)
let files = FileManager.default.enumerator(at: dataDirectory, includingPropertiesForKeys: nil)
while let file = files?.nextObject() as? URL {
    guard file.pathExtension == "json",
        let json = try? JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
        let identifier = (json["identifier"] as? [String: Any])?["url"] as? String
    else { continue }
    let metadata = json["metadata"] as? [String: Any] ?? [:]
    let sections = json["topicSections"] as? [[String: Any]] ?? []
    pages[identifier] = Page(
        path: file.path,
        role: metadata["role"] as? String,
        symbolKind: metadata["symbolKind"] as? String,
        generatedSections: sections.filter { $0["generated"] as? Bool == true }.map {
            (title: $0["title"] as? String ?? "", identifiers: $0["identifiers"] as? [String] ?? [])
        },
        children: sections.flatMap { $0["identifiers"] as? [String] ?? [] }
    )
}
guard !pages.isEmpty else {
    FileHandle.standardError.write(Data("check-doc-topics: no pages under \(dataDirectory.path)\n".utf8))
    exit(2)
}

let typeKinds: Set = ["class", "struct", "enum", "protocol"]

/// What some group written in the catalog names. DocC may list such a symbol in a group of
/// its own as well, as the conformances' "Default Implementations" pages do.
let curated = Set(
    pages.values.flatMap { page in
        page.children.filter { child in !page.generatedSections.contains { $0.identifiers.contains(child) } }
    }
)

/// A page whose every member must be curated: the module, an extended module or type,
/// a protocol, a namespace.
func isHub(_ page: Page) -> Bool {
    if page.role == "collection" || page.symbolKind == "protocol" || page.symbolKind == "extension" {
        return true
    }
    return page.symbolKind == "enum" && !page.children.contains { pages[$0]?.symbolKind == "case" }
}

/// The link to write in the catalog for an identifier: its path below the module.
func link(_ identifier: String) -> String {
    let path = identifier.components(separatedBy: "/documentation/").last ?? identifier
    return "``" + path.split(separator: "/").dropFirst().joined(separator: "/") + "``"
}

var problems: [String] = []
for (identifier, page) in pages.sorted(by: { $0.key < $1.key }) {
    for section in page.generatedSections {
        let uncurated = section.identifiers.filter { child in
            // DocC's own collections ("Scheduler Implementations") are no symbols.
            guard !curated.contains(child), pages[child]?.role != "collectionGroup" else { return false }
            return isHub(page) || typeKinds.contains(pages[child]?.symbolKind ?? "")
        }
        guard !uncurated.isEmpty else { continue }
        let owner = link(identifier) == "````" ? "the landing page" : link(identifier)
        problems.append(
            "\(owner): in no topic group (DocC put them under \"\(section.title)\"):\n"
                + uncurated.map { "    - \(link($0))" }.joined(separator: "\n")
        )
    }
}

if problems.isEmpty { exit(0) }
FileHandle.standardError.write(
    Data(
        ("check-doc-topics: public symbols missing from the topics of \(catalog):\n"
            + problems.joined(separator: "\n")
            + "\nAdd each to a `## Topics` group: of the landing page, or of the symbol's page"
            + " (a file in the catalog starting `# ``Module/Symbol``` for its parent).\n").utf8
    )
)
exit(1)
