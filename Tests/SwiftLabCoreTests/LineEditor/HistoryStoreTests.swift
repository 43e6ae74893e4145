import Foundation
import Testing

@testable import SwiftLabCore

@Suite("HistoryStore")
struct HistoryStoreTests {
    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swiftlab-history-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func defaultPathFollowsXDGStateHome() {
        #expect(HistoryStore.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/swiftlab/history")
        #expect(HistoryStore.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/state/swiftlab/history")
        // The XDG spec says to ignore relative paths.
        #expect(
            HistoryStore.defaultPath(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"])
                == "/h/.local/state/swiftlab/history")
        #expect(HistoryStore.defaultPath(environment: [:]) == nil)
    }

    @Test func createsDirectoriesAndRoundTripsEntries() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/a/b/history"
        let entries = ["let x = 1", "func f() {\n  print(\"\\n\")\n}", #"let p = "C:\\dir""#, "é 👍🏽"]
        let store = HistoryStore(path: path) { Issue.record("unexpected warning: \($0)") }
        #expect(store.load() == [])
        entries.forEach(store.append)
        let reloaded = HistoryStore(path: path) { Issue.record("unexpected warning: \($0)") }.load()
        #expect(reloaded == entries)
    }

    @Test func keepsOnlyTheNewestEntries() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = HistoryStore(path: root + "/history", maximumEntries: 3) { _ in }
        for number in 1...5 { store.append("entry \(number)") }
        #expect(store.load() == ["entry 3", "entry 4", "entry 5"])
        let text = try String(contentsOfFile: root + "/history", encoding: .utf8)
        #expect(text == "entry 3\nentry 4\nentry 5\n")
    }

    @Test func warnsOnceWhenTheFileCannotBeWritten() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // A regular file where the directory should be: unwritable even for root.
        #expect(FileManager.default.createFile(atPath: root + "/blocker", contents: Data()))
        var warnings: [String] = []
        let store = HistoryStore(path: root + "/blocker/swiftlab/history") { warnings.append($0) }
        #expect(store.load() == [])
        store.append("one")
        store.append("two")
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("history will not be saved") == true)
    }
}
