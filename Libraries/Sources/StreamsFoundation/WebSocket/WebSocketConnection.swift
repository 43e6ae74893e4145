import Foundation

/// A WebSocket connection as streams: the messages it receives, its state, and sends that
/// report when they are done.
///
/// ```swift
/// let socket = WebSocketConnection(url: URL(string: "ws://127.0.0.1:8080/prices")!)
/// let updates = socket.messages.sink(
///     receiveCompletion: { print("ended:", $0) },
///     receiveValue: { print("got", $0) })
/// socket.connect()
/// socket.send(.text("hello")).sink(receiveCompletion: { _ in }, receiveValue: { print("sent") })
/// socket.close()
/// ```
///
/// Subscribe to `messages` (and `state`) before calling `connect()`: like a `PassthroughSubject`,
/// `messages` does not replay what arrived before a subscriber. `state` publishes nothing before
/// `connect()`, then starts with `.connecting`; a later subscriber gets the current state first.
///
/// It is a built-in RFC 6455 client over a non-blocking TCP socket, on every platform
/// (Foundation on Linux has `URLSessionWebSocketTask`, but its libcurl often lacks WebSocket
/// support). `wss://` needs the configuration's `tls`, e.g. `WebSocketTLS.system()` from the
/// `StreamsFoundationTLS` module (OpenSSL, certificate and host-name verification); without
/// it `wss://` fails with `.unsupportedURL`.
///
/// Each connection has one thread of its own, which reads, writes and keeps time, so no
/// server can freeze it: connecting is bounded by `handshakeTimeout`, each frame's write by
/// `writeTimeout`, the closing handshake by `closeTimeout`; sends wait in a queue bounded by
/// `maximumPendingSendBytes`; a flood of pings is answered with a pong for the newest.
/// Close frames are checked (a malformed one fails the stream after a 1002 or 1007 close),
/// and so is the handshake (an extension or subprotocol that was not asked for fails it).
///
/// A connection that ends without `close()` finishes `messages` when the server closed normally
/// (code 1000 or 1001, or a close frame without a code) and fails it with a `WebSocketError` otherwise, unless the configuration's
/// `reconnect` policy opens it again (after anything but a normal closure, 1000 or no code): then `state` shows `.waitingToReconnect(attempt:delay:)`
/// and `messages` carries on with the new connection's messages.
public final class WebSocketConnection: @unchecked Sendable {
    /// The `ws://` or `wss://` URL connected to.
    public let url: URL
    /// The limits, timeouts, keep-alive, reconnect policy and TLS.
    public let configuration: WebSocketConfiguration

    private let receivedMessages = PassthroughSubject<WebSocketMessage, WebSocketError>()
    /// nil until `connect()` (or `close()`): a new connection has no state worth showing, so
    /// the state stream starts with `.connecting`, as a learner watching it expects.
    private let currentState = CurrentValueSubject<WebSocketState?, Never>(nil)
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var link: WebSocketLink?
    private var started = false
    private var closeRequest: (code: UInt16, reason: String)?
    private var chosenSubprotocol: String?

    /// A connection to `url`, not yet opened: call `connect()` after subscribing.
    public init(url: URL, configuration: WebSocketConfiguration = WebSocketConfiguration()) {
        self.url = url
        self.configuration = configuration
    }

    /// Every message received, in order; finishes after a normal close, fails with the reason otherwise.
    public var messages: AnyPublisher<WebSocketMessage, WebSocketError> { receivedMessages.eraseToAnyPublisher() }

    /// The connection's state: nothing before `connect()`, then `.connecting` and what follows;
    /// a subscriber gets the current state first.
    public var state: AnyPublisher<WebSocketState, Never> { currentState.compactMap { $0 }.eraseToAnyPublisher() }

    /// The subprotocol the server chose from `configuration.subprotocols` in the latest
    /// handshake; nil before, or when it chose none.
    public var subprotocol: String? { condition.withLock { chosenSubprotocol } }

    /// Opens the connection (on its own thread). Calling it again, or after `close()`, does nothing.
    public func connect() {
        let first = condition.withLock {
            defer { started = true }
            return !started
        }
        guard first else { return }
        // Before the thread starts, so that a subscriber arriving right after sees it.
        currentState.send(.connecting)
        let thread = Thread { [self] in run() }
        thread.name = "WebSocketConnection \(url)"
        thread.start()
    }

    /// Sends `message` after the messages sent before it; the future finishes once its bytes
    /// are written, or fails with `.notConnected` when the connection is not open,
    /// `.sendQueueFull` when the queue is at `maximumPendingSendBytes`, `.writeTimedOut`
    /// (the connection then ends) when the server stops reading.
    public func send(_ message: WebSocketMessage) -> Future<Void, WebSocketError> {
        let frame = message.frame
        return Future { [self] promise in
            let current = condition.withLock { closeRequest == nil ? link : nil }
            guard let current else { return promise(.failure(.notConnected)) }
            current.enqueue(frame, promise: promise)
        }
    }

    /// Starts the closing handshake: sends a close frame with `code` and `reason` after the
    /// messages already sent, and the streams end once the server answers with its own, or
    /// after `closeTimeout` (state `.closed(code: 1006, ...)`); `messages` finishes either
    /// way. While connecting, it abandons the connection; before `connect()`, it ends the
    /// streams at once. No reconnect happens after it; later calls do nothing.
    ///
    /// A code the client may not send (1004–1006, 1015, other codes under 3000 RFC 6455
    /// does not define, 5000 and up) is sent as 1000; the reason is cut to 123 bytes, at
    /// a character boundary.
    public func close(code: UInt16 = 1000, reason: String = "") {
        let (current, neverStarted, first): (WebSocketLink?, Bool, Bool) = condition.withLock {
            let first = closeRequest == nil
            if first { closeRequest = (code, reason) }
            condition.broadcast()  // wakes a reconnect wait
            defer { started = true }
            return (link, !started, first)
        }
        guard first else { return }
        if neverStarted {
            // Nothing to hand-shake with: the streams end here, and connect() does nothing.
            currentState.send(.closed(code: code, reason: reason))
            receivedMessages.send(completion: .finished)
            return
        }
        current?.requestClose(code: code, reason: reason)
    }

    // MARK: - The connection thread

    private func run() {
        let endpoint: WebSocketEndpoint
        do throws(WebSocketError) {
            try configuration.validate()
            endpoint = try WebSocketEndpoint(url: url)
            if endpoint.isSecure, configuration.tls == nil {
                throw .unsupportedURL(
                    "\(url.absoluteString): wss:// needs the configuration's tls, e.g. WebSocketTLS.system() from StreamsFoundationTLS"
                )
            }
        } catch {
            // Nothing to retry: the same URL and configuration would fail the same way.
            currentState.send(.closed(code: 1006, reason: error.description))
            receivedMessages.send(completion: .failure(error))
            return
        }
        var attempt = 0
        while true {
            if attempt > 0 { currentState.send(.connecting) }  // the first is sent by connect()
            let ending = runOneConnection(to: endpoint)
            let userClosed = condition.withLock { closeRequest != nil }
            let (code, reason, error, wasOpen): (UInt16, String, WebSocketError?, Bool) =
                switch ending {
                case .closed(let code, let reason, let wasOpen):
                    (
                        code, reason,
                        [1000, 1001, 1005].contains(code) || userClosed
                            ? nil : .closedByPeer(code: code, reason: reason),
                        wasOpen
                    )
                case .failed(let error, let wasOpen): (1006, error.description, error, wasOpen)
                }
            if wasOpen { attempt = 0 }
            // A normal closure (1000, or a close without a code) is the server saying "done":
            // nothing to reconnect for.
            if !userClosed, code != 1000, code != 1005, let policy = configuration.reconnect,
                attempt < policy.maximumAttempts
            {
                attempt += 1
                let delay = policy.delay(beforeAttempt: attempt)
                currentState.send(.closed(code: code, reason: reason))
                currentState.send(.waitingToReconnect(attempt: attempt, delay: delay))
                let cancelled = condition.withLock {
                    let until = Date(timeIntervalSinceNow: delay)
                    while closeRequest == nil && condition.wait(until: until) {}
                    return closeRequest != nil
                }
                if !cancelled { continue }
                currentState.send(.closed(code: 1000, reason: "closed while waiting to reconnect"))
                receivedMessages.send(completion: .finished)
                return
            }
            currentState.send(.closed(code: code, reason: reason))
            receivedMessages.send(completion: error.map { .failure($0) } ?? .finished)
            return
        }
    }

    private func runOneConnection(to endpoint: WebSocketEndpoint) -> WebSocketLink.Ending {
        let newLink: WebSocketLink
        do {
            newLink = try WebSocketLink(
                endpoint: endpoint, configuration: configuration,
                stateChanged: { [currentState] in currentState.send($0) },
                delivered: { [receivedMessages] in receivedMessages.send($0) })
        } catch {
            return .failed(error, wasOpen: false)
        }
        let userClosed = condition.withLock {
            if closeRequest == nil { link = newLink }
            return closeRequest != nil
        }
        if userClosed { return .closed(code: 1000, reason: "", wasOpen: false) }
        let ending = newLink.run { chosen in self.condition.withLock { self.chosenSubprotocol = chosen } }
        condition.withLock { link = nil }
        return ending
    }
}
