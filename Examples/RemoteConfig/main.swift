import Foundation
import LocalHTTPServer
import StreamsFoundation

// The program runs in a function, not as top-level code: top-level variables of
// main.swift are main-actor isolated in Swift 6, and a closure that touches them traps
// when a stream calls it on another queue.
func runExample() throws {
    // The cache lives in a fresh temporary folder, so every run starts without one.
    let cacheURL = FileManager.default.temporaryDirectory
        .appendingPathComponent("RemoteConfig-\(ProcessInfo.processInfo.processIdentifier)/config.json")
    defer { try? FileManager.default.removeItem(at: cacheURL.deletingLastPathComponent()) }

    let remote = AppConfig(version: 2, welcomeMessage: "Welcome back!", featureFlags: ["newOnboarding": true])
    let server = try LocalHTTPServer { _ in .json(encoding: remote) }
    let remoteURL = server.url(for: "/config")

    /// Runs an update and waits for its outcome.
    func updateAndWait(_ service: ConfigService) -> Result<AppConfig, ConfigUpdateError> {
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<AppConfig, ConfigUpdateError>!
        let subscription = service.update().sink(
            receiveCompletion: {
                if case .failure(let error) = $0 { outcome = .failure(error) }
                finished.signal()
            },
            receiveValue: { outcome = .success($0) }
        )
        finished.wait()
        withExtendedLifetime(subscription) {}
        return outcome
    }

    let service = ConfigService(cacheURL: cacheURL, remoteURL: remoteURL)
    print("First start, from the \(service.startedFrom): version \(service.config.value.version)")
    let watcher = service.config.dropFirst().sink {
        print("  subscribers see version \($0.version): \"\($0.welcomeMessage)\"")
    }
    print("Updating from the server...")
    _ = updateAndWait(service)
    server.stop()

    let offline = ConfigService(cacheURL: cacheURL, remoteURL: remoteURL)
    print("Second start, offline, from the \(offline.startedFrom): version \(offline.config.value.version)")
    if case .failure(let error) = updateAndWait(offline) {
        print("Update failed (\(error)); still on version \(offline.config.value.version)")
    }
    withExtendedLifetime(watcher) {}
}

try runExample()
