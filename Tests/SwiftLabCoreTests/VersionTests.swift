import Foundation
import Testing

@testable import SwiftLabCore

@Test func versionIsSemantic() {
    #expect(SwiftLabCore.version.split(separator: ".").count == 3)
}

/// A release changes `SwiftLabCore.version` and CHANGELOG.md's newest version together.
@Test func versionIsTheChangelogsNewest() throws {
    let changelog = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CHANGELOG.md")
    let text = try String(contentsOf: changelog, encoding: .utf8)
    // The first "## " heading that starts with a digit: "## 0.1.0", "## 1.2.3 (date)".
    let newest = text.split(separator: "\n")
        .first { $0.hasPrefix("## ") && $0.dropFirst(3).first?.isNumber == true }
        .map { $0.dropFirst(3).prefix { !$0.isWhitespace } }
    #expect(newest.map(String.init) == SwiftLabCore.version)
}
