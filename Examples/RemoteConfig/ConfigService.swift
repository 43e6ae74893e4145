import Foundation
import StreamsFoundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why an update failed. The current configuration stays in use either way.
enum ConfigUpdateError: Error, Equatable, Sendable {
    /// The server could not be reached, or answered with something other than 200.
    case unreachable(String)
    /// The server's answer was not a configuration.
    case malformed
}

extension ConfigUpdateError: CustomStringConvertible {
    var description: String {
        switch self {
        case .unreachable(let reason): "server unreachable: \(reason)"
        case .malformed: "the server's answer was not a configuration"
        }
    }
}

/// Keeps the app's configuration: the bundled default, a cached copy on disk, and updates
/// from the server, which are published to subscribers and saved for next time.
///
/// It starts from the cache (or the default) without touching the network, so the app
/// works offline; `update()` fetches a new copy, one request at a time.
final class ConfigService: @unchecked Sendable {
    /// The current configuration; subscribers get it at once and every later change.
    let config: CurrentValueSubject<AppConfig, Never>

    private let cacheURL: URL
    private let remoteURL: URL
    private let session: URLSession
    private let lock = NSLock()
    private var updateInFlight: Future<AppConfig, ConfigUpdateError>?
    private var request: AnyCancellable?

    /// Where the configuration came from when the service started.
    let startedFrom: String

    init(cacheURL: URL, remoteURL: URL, session: URLSession = .shared) {
        self.cacheURL = cacheURL
        self.remoteURL = remoteURL
        self.session = session
        if let data = try? Data(contentsOf: cacheURL),
            let cached = try? JSONDecoder().decode(AppConfig.self, from: data)
        {
            config = CurrentValueSubject(cached)
            startedFrom = "cache"
        } else {
            config = CurrentValueSubject(.bundledDefault)
            startedFrom = "bundled default"
        }
    }

    /// Fetches the configuration from the server; on success publishes and caches it.
    ///
    /// While an update is running, every call returns that same update instead of
    /// sending another request. The result is a `Future`, which replays its outcome, so
    /// a caller who subscribes after the answer arrived still gets it.
    @discardableResult
    func update() -> Future<AppConfig, ConfigUpdateError> {
        var started: Future<AppConfig, ConfigUpdateError>.Promise?
        let future: Future<AppConfig, ConfigUpdateError> = lock.withLock {
            if let running = updateInFlight { return running }
            let future = Future<AppConfig, ConfigUpdateError> { promise in started = promise }
            updateInFlight = future
            return future
        }
        if let promise = started {
            fetch(then: promise)
        }
        return future
    }

    private func fetch(then promise: @escaping Future<AppConfig, ConfigUpdateError>.Promise) {
        let subscription = session.dataTaskPublisher(for: remoteURL)
            .mapError { ConfigUpdateError.unreachable($0.localizedDescription) }
            .tryMap { data, response -> Data in
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                guard status == 200 else { throw ConfigUpdateError.unreachable("HTTP \(status)") }
                return data
            }
            .decode(type: AppConfig.self, decoder: JSONDecoder())
            .mapError { $0 as? ConfigUpdateError ?? .malformed }
            .sink(
                receiveCompletion: { [weak self] completion in
                    self?.finishUpdate()
                    if case .failure(let error) = completion { promise(.failure(error)) }
                },
                receiveValue: { [weak self] newConfig in
                    self?.save(newConfig)
                    self?.config.send(newConfig)
                    promise(.success(newConfig))
                }
            )
        lock.withLock {
            // The request may already be over (the sink ran synchronously): keep it only if not.
            if updateInFlight != nil { request = subscription }
        }
    }

    private func finishUpdate() {
        lock.withLock {
            updateInFlight = nil
            request = nil
        }
    }

    /// Writes the configuration to the cache file, atomically, so a crash mid-write never
    /// leaves a half-written cache behind.
    private func save(_ config: AppConfig) {
        do {
            try FileManager.default.createDirectory(
                at: cacheURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(config).write(to: cacheURL, options: .atomic)
        } catch {
            // A cache that cannot be written only costs the next start its offline copy.
        }
    }
}
