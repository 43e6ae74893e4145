import Foundation
import TestWaiting

@testable import StreamsFoundation  // the frame codec: package access in Libraries/, another package

/// Runs a WebSocket connection to its end and keeps what it saw.
final class WebSocketSession: @unchecked Sendable {
    let connection: WebSocketConnection
    private let lock = NSLock()
    private var received: [WebSocketMessage] = []
    private var seenStates: [WebSocketState] = []
    private var ending: Subscribers.Completion<WebSocketError>?
    private let ended = DispatchSemaphore(value: 0)
    private let opened = DispatchSemaphore(value: 0)
    private var subscriptions: [AnyCancellable] = []
    private let messageArrived = NSCondition()

    init(url: URL, configuration: WebSocketConfiguration = WebSocketConfiguration()) {
        connection = WebSocketConnection(url: url, configuration: configuration)
        let watchers = [
            connection.state.sink { [self] state in
                lock.withLock { seenStates.append(state) }
                if state == .open { opened.signal() }
            },
            connection.messages.sink(
                receiveCompletion: { [self] completion in
                    messageArrived.withLock {
                        lock.withLock { ending = completion }
                        // No more messages will come: a waiter for them gives up now.
                        messageArrived.broadcast()
                    }
                    ended.signal()
                },
                receiveValue: { [self] message in
                    messageArrived.withLock {
                        lock.withLock { received.append(message) }
                        messageArrived.broadcast()
                    }
                }
            ),
        ]
        lock.withLock { subscriptions = watchers }
        connection.connect()
    }

    /// Cancels the subscriptions to the connection's streams, which hold this session (and
    /// so the connection) alive: afterwards nothing of the test keeps the connection.
    func cancelSubscriptions() {
        let watchers = lock.withLock {
            defer { subscriptions = [] }
            return subscriptions
        }
        for watcher in watchers { watcher.cancel() }
    }

    var messages: [WebSocketMessage] { lock.withLock { received } }
    var states: [WebSocketState] { lock.withLock { seenStates } }

    /// Waits (generously: the event, not a deadline, is what a passing test waits for) until open.
    func waitUntilOpen() -> Bool { opened.wait(timeout: .now() + deadlockBound) == .success }

    /// Waits until `count` messages arrived; false if the messages ended first.
    func waitForMessages(_ count: Int) -> Bool {
        messageArrived.withLock {
            let limit = Date(timeIntervalSinceNow: deadlockBound)
            while lock.withLock({ received.count < count && ending == nil }) {
                if !messageArrived.wait(until: limit) { return false }
            }
            return lock.withLock { received.count >= count }
        }
    }

    /// Waits until `messages` completed, and returns how.
    func completion() -> Subscribers.Completion<WebSocketError>? {
        _ = ended.wait(timeout: .now() + deadlockBound)
        return lock.withLock { ending }
    }

    /// Sends and waits for the send's outcome.
    func send(_ message: WebSocketMessage) -> Result<Void, WebSocketError>? {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<Void, WebSocketError>?
        let subscription = connection.send(message).sink(
            receiveCompletion: {
                if case .failure(let error) = $0 { outcome = .failure(error) }
                done.signal()
            },
            receiveValue: { outcome = .success(()) }
        )
        _ = done.wait(timeout: .now() + deadlockBound)
        subscription.cancel()
        return outcome
    }

    /// The failure `messages` ended with, if it failed.
    func failure() -> WebSocketError? {
        if case .failure(let error)? = completion() { return error }
        return nil
    }
}

enum WebSocketTestSupport {
    static func acceptValue(forKey key: String) -> String { WebSocketHandshake.acceptValue(forKey: key) }
}
