import Foundation
import StreamsFoundation

/// The client side: one WebSocket connection shared by two "screens" (a price list and an
/// echo log) through `share()`, reconnecting with backoff when the server drops it.
final class LiveTicker: @unchecked Sendable {
    private let connection: WebSocketConnection
    private let lock = NSLock()
    private var subscriptions: [AnyCancellable] = []
    private var received: [PriceUpdate] = []
    private var echoLog: [String] = []
    private var stateLog: [WebSocketState] = []
    private let finished = DispatchSemaphore(value: 0)
    private var ending: Subscribers.Completion<WebSocketError>?
    private let log: @Sendable (String) -> Void

    init(url: URL, log: @escaping @Sendable (String) -> Void) {
        self.log = log
        connection = WebSocketConnection(
            url: url,
            configuration: WebSocketConfiguration(
                pingInterval: 5,
                reconnect: WebSocketReconnectPolicy(maximumAttempts: 3, initialDelay: 0.1)
            )
        )
    }

    /// Connects, and returns once the server has closed the connection for good.
    func run() -> Result {
        // One connection, two subscribers: share() subscribes to the connection's messages once.
        let messages = connection.messages.share()
        let decoder = JSONDecoder()
        let prices = messages.compactMap { message -> PriceUpdate? in
            guard case .text(let text) = message else { return nil }
            return try? decoder.decode(PriceUpdate.self, from: Data(text.utf8))
        }
        let echoes = messages.compactMap { message -> String? in
            guard case .text(let text) = message, text.hasPrefix("echo: ") else { return nil }
            return text
        }
        // Built outside the lock: the state stream calls back at once with the current state.
        let watchers = [
            connection.state.sink { [self] state in
                lock.withLock { stateLog.append(state) }
                log("  state: \(Self.describe(state))")
                if state == .open { greet() }
            },
            prices.sink(
                receiveCompletion: { [self] completion in
                    lock.withLock { ending = completion }
                    finished.signal()
                },
                receiveValue: { [self] update in
                    lock.withLock { received.append(update) }
                    log("  #\(update.sequence) \(update.symbol) \(String(format: "%.2f", update.price))")
                }
            ),
            echoes.sink(
                receiveCompletion: { _ in },
                receiveValue: { [self] text in
                    lock.withLock { echoLog.append(text) }
                    log("  \(text)")
                }
            ),
        ]
        lock.withLock { subscriptions += watchers }
        connection.connect()
        finished.wait()
        return lock.withLock {
            subscriptions.removeAll()
            return Result(updates: received, echoes: echoLog, states: stateLog, completion: ending)
        }
    }

    /// Says hello on every (re)opened connection; the server answers with an echo.
    private func greet() {
        let sent = connection.send(.text("hello")).sink(
            receiveCompletion: { [log] in if case .failure(let error) = $0 { log("  send failed: \(error)") } },
            receiveValue: {}
        )
        lock.withLock { subscriptions.append(sent) }
    }

    /// What the client saw.
    struct Result {
        let updates: [PriceUpdate]
        let echoes: [String]
        let states: [WebSocketState]
        let completion: Subscribers.Completion<WebSocketError>?

        var reconnected: Bool { states.contains { if case .waitingToReconnect = $0 { true } else { false } } }
    }

    static func describe(_ state: WebSocketState) -> String {
        switch state {
        case .connecting: "connecting"
        case .open: "open"
        case .closing: "closing"
        case .closed(let code, let reason): "closed (\(code)\(reason.isEmpty ? "" : ", \(reason)"))"
        case .waitingToReconnect(let attempt, let delay): "reconnecting: attempt \(attempt) in \(delay) s"
        }
    }
}
