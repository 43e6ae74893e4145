import Foundation
import LocalHTTPServer
import StreamsFoundation
import TestWaiting
import Testing

@testable import RemoteConfig

@Suite("RemoteConfig example", .serialized)
final class RemoteConfigTests {
    private let serverConfig = AppConfig(
        version: 5, welcomeMessage: "Hello from the server", featureFlags: ["beta": true])

    /// This test's own folder for the cache file; Swift Testing makes a new instance for
    /// each test and releases it when the test ends, which removes the folder.
    private let cacheFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("RemoteConfigTests-\(UUID().uuidString)")
    private var cacheURL: URL { cacheFolder.appendingPathComponent("config.json") }

    deinit { try? FileManager.default.removeItem(at: cacheFolder) }

    private func waitForUpdate(_ service: ConfigService) -> Result<AppConfig, ConfigUpdateError>? {
        let done = Signal()
        nonisolated(unsafe) var outcome: Result<AppConfig, ConfigUpdateError>?
        let subscription = service.update().sink(
            receiveCompletion: {
                if case .failure(let error) = $0 { outcome = .failure(error) }
                done.signal()
            },
            receiveValue: { outcome = .success($0) }
        )
        done.wait()
        subscription.cancel()
        return outcome
    }

    @Test("Starts from the bundled default without touching the network")
    func startsFromDefault() throws {
        let server = try LocalHTTPServer { [serverConfig] _ in .json(encoding: serverConfig) }
        defer { server.stop() }
        let service = ConfigService(cacheURL: cacheURL, remoteURL: server.url(for: "/config"))
        #expect(service.config.value == .bundledDefault)
        #expect(service.startedFrom == "bundled default")
        #expect(server.receivedRequests.isEmpty)
    }

    @Test("An update is published to subscribers and persisted; the next start uses it offline")
    func updatePublishesAndPersists() throws {
        let server = try LocalHTTPServer { [serverConfig] _ in .json(encoding: serverConfig) }
        let service = ConfigService(cacheURL: cacheURL, remoteURL: server.url(for: "/config"))
        nonisolated(unsafe) var seen: [Int] = []
        let watcher = service.config.sink { seen.append($0.version) }

        #expect(try waitForUpdate(service)?.get() == serverConfig)
        #expect(seen == [1, 5])
        let cached = try JSONDecoder().decode(AppConfig.self, from: Data(contentsOf: cacheURL))
        #expect(cached == serverConfig)
        watcher.cancel()
        server.stop()

        let offline = ConfigService(cacheURL: cacheURL, remoteURL: server.url(for: "/config"))
        #expect(offline.startedFrom == "cache")
        #expect(offline.config.value == serverConfig)
        guard case .failure(.unreachable)? = waitForUpdate(offline) else {
            Issue.record("an update with the server down should fail as unreachable")
            return
        }
        #expect(offline.config.value == serverConfig, "a failed update keeps the current configuration")
    }

    @Test("One update in flight at a time")
    func oneUpdateInFlight() throws {
        // The server answers only once every update below has been subscribed, so that
        // they overlap however slow the machine (a fixed delay did not guarantee it).
        let allSubscribed = Signal()
        let server = try LocalHTTPServer { [serverConfig] _ in
            allSubscribed.wait()
            return .json(encoding: serverConfig)
        }
        defer { server.stop() }
        let service = ConfigService(cacheURL: cacheURL, remoteURL: server.url(for: "/config"))
        let updates = (0..<5).map { _ in service.update() }
        let done = Signal()
        let subscriptions = updates.map { $0.sink(receiveCompletion: { _ in done.signal() }, receiveValue: { _ in }) }
        allSubscribed.signal()
        for _ in updates { #expect(done.wait()) }
        #expect(server.receivedRequests.count == 1)
        for subscription in subscriptions { subscription.cancel() }
    }

    @Test("A corrupt cache file falls back to the bundled default")
    func corruptCache() throws {
        try FileManager.default.createDirectory(
            at: cacheURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: cacheURL)
        let service = ConfigService(cacheURL: cacheURL, remoteURL: URL(string: "http://127.0.0.1:9/config")!)
        #expect(service.config.value == .bundledDefault)
    }

    @Test("The service is released when no longer used")
    func noLeaks() throws {
        let server = try LocalHTTPServer { [serverConfig] _ in .json(encoding: serverConfig) }
        defer { server.stop() }
        weak var weakService: ConfigService?
        do {
            let service = ConfigService(cacheURL: cacheURL, remoteURL: server.url(for: "/config"))
            weakService = service
            _ = waitForUpdate(service)
        }
        #expect(waitUntil { weakService == nil })
    }
}
