import Foundation
import Streams
import StreamsFoundation

/// Our client, `WebSocketConnection`, connected to `url` and watched: every state and
/// message it published, and how its messages ended.
final class ClientRun: @unchecked Sendable {
    struct Seen: Sendable {
        var states: [WebSocketState] = []
        var messages: [WebSocketMessage] = []
        var ending: Subscribers.Completion<WebSocketError>?
    }

    let connection: WebSocketConnection
    let seen = Observed(Seen())
    // Set once in init, before any other thread can see the run.
    private var subscriptions: [AnyCancellable] = []

    init(url: URL, configuration: WebSocketConfiguration = WebSocketConfiguration()) {
        connection = WebSocketConnection(url: url, configuration: configuration)
        let seen = seen
        subscriptions = [
            connection.state.sink { state in seen.update { $0.states.append(state) } },
            connection.messages.sink(
                receiveCompletion: { ending in seen.update { $0.ending = ending } },
                receiveValue: { message in seen.update { $0.messages.append(message) } }
            ),
        ]
        connection.connect()
    }

    /// Waits until the connection is open; false if it ended first.
    func waitUntilOpen() -> Bool {
        seen.wait { $0.states.contains(.open) || $0.ending != nil }
        return seen.value.states.contains(.open)
    }

    /// Waits until `count` messages arrived (or the messages ended), and returns them all.
    func messages(count: Int) -> [WebSocketMessage] {
        seen.wait { $0.messages.count >= count || $0.ending != nil }
        return seen.value.messages
    }

    /// Waits until the messages ended, and returns how.
    func ending() -> Subscribers.Completion<WebSocketError>? {
        seen.wait { $0.ending != nil }
        return seen.value.ending
    }

    /// Sends `message` and waits for the send to report; nil when it did not report in time.
    func send(_ message: WebSocketMessage) -> Result<Void, WebSocketError>? {
        let outcome = Observed<Result<Void, WebSocketError>?>(nil)
        let subscription = connection.send(message).sink(
            receiveCompletion: { completion in
                if case .failure(let error) = completion { outcome.update { $0 = .failure(error) } }
            },
            receiveValue: { outcome.update { $0 = .success(()) } }
        )
        outcome.wait { $0 != nil }
        subscription.cancel()
        return outcome.value
    }
}

extension Result where Success == Void {
    /// Whether this is a success (for `#expect`).
    var succeeded: Bool { if case .success = self { true } else { false } }
}
