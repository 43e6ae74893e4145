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
/// `ws://` URLs use the built-in RFC 6455 client over a TCP socket, on every platform (Foundation
/// on Linux has `URLSessionWebSocketTask`, but its libcurl often lacks WebSocket support).
/// `wss://` needs TLS, which the built-in client does not do: it fails with `.unsupportedURL`.
///
/// A connection that ends without `close()` finishes `messages` when the server closed normally
/// (code 1000 or 1001) and fails it with a `WebSocketError` otherwise, unless the configuration's
/// `reconnect` policy opens it again (after anything but a normal closure, 1000): then `state` shows `.waitingToReconnect(attempt:delay:)`
/// and `messages` carries on with the new connection's messages.
public final class WebSocketConnection: @unchecked Sendable {
    /// The `ws://` URL connected to.
    public let url: URL
    /// The limits, keep-alive and reconnect policy.
    public let configuration: WebSocketConfiguration

    private let receivedMessages = PassthroughSubject<WebSocketMessage, WebSocketError>()
    /// nil until `connect()` (or `close()`): a new connection has no state worth showing, so
    /// the state stream starts with `.connecting`, as a learner watching it expects.
    private let currentState = CurrentValueSubject<WebSocketState?, Never>(nil)
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var socket: TCPSocket?
    private var started = false
    private var closeRequested = false
    private var closeFrameSent = false
    private var pingsUnanswered = 0
    private var keepAliveFailed = false
    /// Sends happen in order on one queue, never blocking the caller.
    private let writeQueue = DispatchQueue(label: "WebSocketConnection.write")

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

    /// Sends `message`; the future finishes once its bytes are written, or fails with
    /// `.notConnected` when the connection is not open.
    public func send(_ message: WebSocketMessage) -> Future<Void, WebSocketError> {
        let frame = message.frame
        return Future { [self] promise in
            writeQueue.async { [self] in
                promise(Result { () throws(WebSocketError) in try write(frame, onlyWhenOpen: true) })
            }
        }
    }

    /// Starts the closing handshake: sends a close frame with `code` and `reason`, and the
    /// streams end once the server answers with its own (or at once if not connected).
    /// No reconnect happens after it.
    public func close(code: UInt16 = 1000, reason: String = "") {
        let (socketToClose, neverStarted): (TCPSocket?, Bool) = condition.withLock {
            closeRequested = true
            condition.broadcast()  // wakes a reconnect wait
            defer { started = true }
            return (socket, !started)
        }
        if neverStarted {
            // Nothing to hand-shake with: the streams end here, and connect() does nothing.
            currentState.send(.closed(code: code, reason: reason))
            receivedMessages.send(completion: .finished)
            return
        }
        guard let socketToClose else { return }
        currentState.send(.closing)
        writeQueue.async { [self] in
            do { try write(.close(code: code, reason: reason), onlyWhenOpen: false) } catch {
                socketToClose.shutdownBoth()
            }
        }
        // A peer that never answers the close frame must not keep us open forever.
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) { socketToClose.shutdownBoth() }
    }

    // MARK: - The connection thread

    /// How one connection ended.
    private enum Ending {
        case closed(code: UInt16, reason: String, wasOpen: Bool)
        case failed(WebSocketError, wasOpen: Bool)
    }

    private func run() {
        var attempt = 0
        while true {
            if attempt > 0 { currentState.send(.connecting) }  // the first is sent by connect()
            let ending = runOneConnection()
            let userClosed = condition.withLock { closeRequested }
            let (code, reason, error, wasOpen): (UInt16, String, WebSocketError?, Bool) =
                switch ending {
                case .closed(let code, let reason, let wasOpen):
                    (
                        code, reason,
                        code == 1000 || code == 1001 || userClosed ? nil : .closedByPeer(code: code, reason: reason),
                        wasOpen
                    )
                case .failed(let error, let wasOpen): (1006, error.description, error, wasOpen)
                }
            if wasOpen { attempt = 0 }
            // A normal closure (1000) is the server saying "done": nothing to reconnect for.
            if !userClosed, code != 1000, let policy = configuration.reconnect, attempt < policy.maximumAttempts {
                attempt += 1
                let delay = policy.delay(beforeAttempt: attempt)
                currentState.send(.closed(code: code, reason: reason))
                currentState.send(.waitingToReconnect(attempt: attempt, delay: delay))
                let cancelled = condition.withLock {
                    let until = Date(timeIntervalSinceNow: delay)
                    while !closeRequested && condition.wait(until: until) {}
                    return closeRequested
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

    private func runOneConnection() -> Ending {
        let newSocket: TCPSocket
        var decoder = WebSocketFrameDecoder(
            expectsMaskedFrames: false, maximumPayloadSize: configuration.maximumMessageSize)
        do {
            newSocket = try openSocket()
            try handshake(over: newSocket, leftover: &decoder)
        } catch {
            return .failed(error, wasOpen: false)
        }
        let userClosed = condition.withLock {
            if !closeRequested {
                socket = newSocket
                closeFrameSent = false
                pingsUnanswered = 0
                keepAliveFailed = false
            }
            return closeRequested
        }
        if userClosed {
            newSocket.shutdownBoth()
            newSocket.close()
            return .closed(code: 1000, reason: "", wasOpen: false)
        }
        currentState.send(.open)
        if let interval = configuration.pingInterval { scheduleKeepAlive(every: interval, on: newSocket) }
        let ending = readFrames(from: newSocket, decoder: &decoder)
        condition.withLock { socket = nil }
        newSocket.shutdownBoth()
        writeQueue.sync {}  // let a write in progress on this socket finish before closing it
        newSocket.close()
        return ending
    }

    private func openSocket() throws(WebSocketError) -> TCPSocket {
        guard let scheme = url.scheme?.lowercased(), let host = url.host else {
            throw .unsupportedURL(url.absoluteString)
        }
        guard scheme == "ws" else {
            throw .unsupportedURL(
                "\(url.absoluteString): the built-in client speaks ws:// only; wss:// needs URLSession's WebSocket support"
            )
        }
        return try TCPSocket(host: host, port: UInt16(url.port ?? 80))
    }

    /// Sends the upgrade request and checks the answer; bytes after the answer's head are
    /// already frames and go to `leftover`.
    private func handshake(over socket: TCPSocket, leftover: inout WebSocketFrameDecoder) throws(WebSocketError) {
        let key = WebSocketHandshake.makeKey()
        var path = url.path.isEmpty ? "/" : url.path
        if let query = url.query { path += "?" + query }
        let hostField = url.port.map { "\(url.host!):\($0)" } ?? url.host!
        var request = "GET \(path) HTTP/1.1\r\nHost: \(hostField)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        for (name, value) in configuration.headers { request += "\(name): \(value)\r\n" }
        try socket.write(Array((request + "\r\n").utf8))

        var received: [UInt8] = []
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            let bytes = socket.read()
            guard !bytes.isEmpty else {
                throw .handshakeFailed("the server closed the connection during the handshake")
            }
            received += bytes
            headEnd = received.firstRange(of: separator)?.upperBound
            if headEnd == nil && received.count > 64 * 1024 { throw .handshakeFailed("response head too long") }
        }
        let head = String(decoding: received[..<headEnd!], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        guard let statusLine = lines.first, statusLine.split(separator: " ").dropFirst().first == "101" else {
            throw .handshakeFailed("expected status 101, got \"\(lines.first ?? "")\"")
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard fields["upgrade"]?.lowercased() == "websocket" else {
            throw .handshakeFailed("missing Upgrade: websocket")
        }
        guard fields["connection"]?.lowercased().contains("upgrade") == true else {
            throw .handshakeFailed("missing Connection: Upgrade")
        }
        let expected = WebSocketHandshake.acceptValue(forKey: key)
        guard fields["sec-websocket-accept"] == expected else {
            throw .handshakeFailed(
                "Sec-WebSocket-Accept was \"\(fields["sec-websocket-accept"] ?? "missing")\", expected \"\(expected)\"")
        }
        leftover.append(received[headEnd!...])
    }

    /// Reads until the connection ends: answers pings, delivers messages, and ends at a close frame.
    private func readFrames(from socket: TCPSocket, decoder: inout WebSocketFrameDecoder) -> Ending {
        var assembler = WebSocketMessageAssembler(maximumMessageSize: configuration.maximumMessageSize)
        do {
            while true {
                while let frame = try decoder.nextFrame() {
                    switch frame.opcode {
                    case .ping:
                        writeQueue.async { [self] in
                            try? write(WebSocketFrame(opcode: .pong, payload: frame.payload), onlyWhenOpen: false)
                        }
                    case .pong:
                        condition.withLock { pingsUnanswered = 0 }
                    case .close:
                        let (code, reason) = frame.closeCodeAndReason
                        currentState.send(.closing)
                        // Echo the close unless this side started closing (RFC 6455 5.5.1).
                        writeQueue.sync { [self] in
                            try? write(.close(code: code == 1005 ? 1000 : code, reason: ""), onlyWhenOpen: false)
                        }
                        return .closed(code: code, reason: reason, wasOpen: true)
                    case .text, .binary, .continuation:
                        if let message = try assembler.add(frame) { receivedMessages.send(message) }
                    }
                }
                let bytes = socket.read()
                if bytes.isEmpty {
                    if condition.withLock({ keepAliveFailed }) { throw WebSocketError.pongTimeout }
                    if decoder.hasPartialFrame || assembler.hasPartialMessage {
                        throw WebSocketError.unexpectedEndOfStream
                    }
                    throw WebSocketError.connectionFailed("the server closed the connection without a close frame")
                }
                decoder.append(bytes)
            }
        } catch let error as WebSocketError {
            // Tell a peer that broke the protocol why we leave (1002 protocol error, 1009 too big).
            let code: UInt16 =
                switch error {
                case .messageTooBig: 1009
                case .invalidUTF8: 1007
                case .protocolViolation: 1002
                default: 0
                }
            if code != 0 {
                writeQueue.sync { [self] in try? write(.close(code: code, reason: ""), onlyWhenOpen: false) }
            }
            return .failed(error, wasOpen: true)
        } catch {
            return .failed(.connectionFailed("\(error)"), wasOpen: true)
        }
    }

    /// Pings every `interval` while `socket` is the open one; two pings without a pong end it.
    private func scheduleKeepAlive(every interval: TimeInterval, on socket: TCPSocket) {
        writeQueue.asyncAfter(deadline: .now() + interval) { [weak self] in
            guard let self else { return }
            let current = condition.withLock { () -> Bool in
                guard self.socket === socket, !closeRequested else { return false }
                pingsUnanswered += 1
                if pingsUnanswered > 1 { keepAliveFailed = true }
                return true
            }
            guard current else { return }
            if condition.withLock({ keepAliveFailed }) {
                socket.shutdownBoth()
                return
            }
            try? write(WebSocketFrame(opcode: .ping, payload: Array("keep-alive".utf8)), onlyWhenOpen: true)
            scheduleKeepAlive(every: interval, on: socket)
        }
    }

    /// Writes one frame, masked as a client must (runs on `writeQueue`).
    private func write(_ frame: WebSocketFrame, onlyWhenOpen: Bool) throws(WebSocketError) {
        let target: TCPSocket? = condition.withLock {
            guard let socket, !(onlyWhenOpen && (closeRequested || closeFrameSent)) else { return nil }
            if frame.opcode == .close {
                guard !closeFrameSent else { return nil }  // one close frame per connection
                closeFrameSent = true
            }
            return socket
        }
        guard let target else {
            if frame.opcode == .close { return }
            throw .notConnected
        }
        try target.write(frame.encoded(mask: (0..<4).map { _ in UInt8.random(in: .min ... .max) }))
    }
}
