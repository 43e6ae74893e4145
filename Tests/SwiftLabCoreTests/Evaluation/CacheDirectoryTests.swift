import Foundation
import Testing

@testable import SwiftLabCore

@Suite("CacheDirectory") struct CacheDirectoryTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("swiftlab-cache-test-\(UUID().uuidString)")

    @Test func sessionsArePrivateLockedAndRemovedOnlyWhenTheirOwnerHasGone() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try CacheDirectory(root: root)
        let sessions = root.appendingPathComponent("sessions")
        // Left by a crashed run: a lock file nobody holds, and a directory of a dead pid.
        let crashed = sessions.appendingPathComponent("999999998-abc")
        try FileManager.default.createDirectory(at: crashed, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: crashed.appendingPathComponent("lock").path, contents: nil)
        let unlocked = sessions.appendingPathComponent("999999997-def")
        try FileManager.default.createDirectory(at: unlocked, withIntermediateDirectories: true)

        let second = try CacheDirectory(root: root)
        let entries = Set(try FileManager.default.contentsOfDirectory(atPath: sessions.path))
        #expect(entries == [first.session.lastPathComponent, second.session.lastPathComponent])
        for url in [root, first.session] {
            let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            #expect(permissions == 0o700)
        }
        first.removeSession()
        second.removeSession()
        #expect(try FileManager.default.contentsOfDirectory(atPath: sessions.path).isEmpty)
        #expect(FileManager.default.fileExists(atPath: first.moduleCache.path))
    }

    @Test func theCacheStaysWarmForEachBuildThatSharesIt() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = try CacheDirectory(root: root)
        defer { cache.removeSession() }
        #expect(!cache.isWarm(for: "swift-frontend debug-library"))
        cache.markWarm(for: "swift-frontend debug-library")
        cache.markWarm(for: "swift-frontend release-library")
        // A debug and a release swiftlab take turns on one cache: neither prepares it again.
        #expect(cache.isWarm(for: "swift-frontend debug-library"))
        #expect(cache.isWarm(for: "swift-frontend release-library"))
        #expect(!cache.isWarm(for: "another-frontend debug-library"))
        // Only the most recent identities are remembered.
        for number in 0..<CacheDirectory.warmIdentitiesKept {
            cache.markWarm(for: "checkout \(number)")
        }
        #expect(!cache.isWarm(for: "swift-frontend debug-library"))
        #expect(cache.isWarm(for: "checkout 0"))
    }
}
