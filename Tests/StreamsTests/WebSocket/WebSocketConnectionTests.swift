import Foundation
import LocalHTTPServer
import TestWaiting
import Testing

@testable import StreamsFoundation  // the frame codec: package access in Libraries/, another package

/// The client against LocalHTTPServer's WebSocket side, and against a raw TCP server that
/// misbehaves. Serialized: the waits block threads while the connections run on their own.
@Suite("WebSocketConnection", .serialized)
struct WebSocketConnectionTests {
    private func echoServer() throws -> LocalHTTPServer {
        try LocalHTTPServer(
            handler: { _ in .text("no", status: 404) },
            webSocket: { socket in
                while let message = try? socket.receive() { try? socket.send(message) }
            })
    }

    @Test("Text and binary messages echo; close() ends with a normal closure")
    func echoAndClose() throws {
        let server = try echoServer()
        defer { server.stop() }
        let session = WebSocketSession(url: server.webSocketURL(for: "/echo"))
        #expect(session.waitUntilOpen())
        let big = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        #expect(session.send(.text("héllo")).map { (try? $0.get()) != nil } == true)
        #expect(session.send(.data(big)).map { (try? $0.get()) != nil } == true)
        #expect(session.waitForMessages(2))
        #expect(session.messages == [.text("héllo"), .data(big)])
        session.connection.close()
        guard case .finished? = session.completion() else {
            Issue.record("a closed connection finishes")
            return
        }
        #expect(session.states.suffix(2) == [.closing, .closed(code: 1000, reason: "")])
        #expect(
            session.send(.text("late")).map { if case .failure(.notConnected) = $0 { true } else { false } } == true)
    }

    @Test("The state stream starts with connecting: a new connection publishes no state before connect()")
    func firstState() throws {
        let server = try echoServer()
        defer { server.stop() }
        let unopened = WebSocketConnection(url: server.webSocketURL(for: "/"))
        let statesBeforeConnect = LockedStates()
        let watcher = unopened.state.sink { statesBeforeConnect.append($0) }
        #expect(statesBeforeConnect.all.isEmpty)
        watcher.cancel()
        let session = WebSocketSession(url: server.webSocketURL(for: "/"))
        #expect(session.waitUntilOpen())
        #expect(Array(session.states.prefix(2)) == [.connecting, .open])
        session.connection.close()
        _ = session.completion()
    }

    @Test("close() before connect() ends both streams at once, and connect() then does nothing")
    func closedBeforeConnecting() throws {
        let server = try echoServer()
        defer { server.stop() }
        let connection = WebSocketConnection(url: server.webSocketURL(for: "/"))
        let states = LockedStates()
        let completions = LockedCounter()
        let watchers = [
            connection.state.sink { states.append($0) },
            connection.messages.sink(
                receiveCompletion: { _ in _ = completions.increment() }, receiveValue: { _ in }),
        ]
        connection.close(code: 1000, reason: "not needed")
        connection.connect()
        #expect(states.all == [.closed(code: 1000, reason: "not needed")])
        #expect(completions.increment() == 2, "the messages finished once")
        #expect(server.receivedRequests.isEmpty)
        for watcher in watchers { watcher.cancel() }
    }

    @Test("A server's normal close finishes the stream with its code and reason")
    func serverCloses() throws {
        let server = try LocalHTTPServer(
            handler: { _ in .text("no", status: 404) },
            webSocket: { socket in
                try? socket.send(.text("bye"))
                socket.close(code: 1000, reason: "done")
                _ = try? socket.receive()
            })
        defer { server.stop() }
        let session = WebSocketSession(url: server.webSocketURL(for: "/"))
        guard case .finished? = session.completion() else {
            Issue.record("a normal close finishes")
            return
        }
        #expect(session.messages == [.text("bye")])
        #expect(session.states.last == .closed(code: 1000, reason: "done"))
    }

    @Test("A fragmented message with a ping between its fragments arrives whole; the ping is answered")
    func fragmentsAndPing() throws {
        let gotPong = DispatchSemaphore(value: 0)
        let server = try RawTCPServer { connection in
            connection.send(RawTCPServer.acceptingHead(for: connection))
            connection.send(WebSocketFrame(isFinal: false, opcode: .text, payload: Array("live ".utf8)).encoded())
            connection.send(WebSocketFrame(opcode: .ping, payload: [7]).encoded())
            connection.send(WebSocketFrame(isFinal: true, opcode: .continuation, payload: Array("data".utf8)).encoded())
            var decoder = WebSocketFrameDecoder(expectsMaskedFrames: true, maximumPayloadSize: 1000)
            while case let bytes = connection.readSome(), !bytes.isEmpty {
                decoder.append(bytes)
                if let frame = try? decoder.nextFrame(), frame.opcode == .pong, frame.payload == [7] {
                    gotPong.signal()
                    connection.send(WebSocketFrame.close(code: 1000, reason: "").encoded())
                }
            }
        }
        defer { server.stop() }
        let session = WebSocketSession(url: server.url)
        guard case .finished? = session.completion() else {
            Issue.record("the server closes normally")
            return
        }
        #expect(session.messages == [.text("live data")])
        #expect(gotPong.wait(timeout: .now() + deadlockBound) == .success)
    }

    @Test("Keep-alive: a server that never answers pings fails the stream with pongTimeout")
    func pongTimeout() throws {
        let server = try RawTCPServer { connection in
            connection.send(RawTCPServer.acceptingHead(for: connection))
            while !connection.readSome().isEmpty {}  // reads the pings, answers none
        }
        defer { server.stop() }
        let session = WebSocketSession(url: server.url, configuration: WebSocketConfiguration(pingInterval: 0.05))
        #expect(session.failure() == .pongTimeout)
        #expect(session.states.last == .closed(code: 1006, reason: WebSocketError.pongTimeout.description))
    }

    @Test("Keep-alive pings answered by LocalHTTPServer keep the connection open")
    func pingsAnswered() throws {
        let server = try echoServer()
        defer { server.stop() }
        // A ping every half second gives the server a second to answer each (two pings
        // without a pong end the connection): slack a loaded machine needs. At 20 ms this
        // test hung in two full runs at once on a loaded machine.
        let session = WebSocketSession(
            url: server.webSocketURL(for: "/"), configuration: WebSocketConfiguration(pingInterval: 0.5))
        #expect(session.waitUntilOpen())
        // Echo round trips for about two seconds while pings go out; each is answered, so
        // the connection stays open.
        for index in 1...10 {
            _ = session.send(.text("\(index)"))
            #expect(session.waitForMessages(index))
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(!session.states.contains { if case .closed(code: 1006, _) = $0 { true } else { false } })
        session.connection.close()
        guard case .finished? = session.completion() else {
            Issue.record("closes normally")
            return
        }
    }

    @Test("A dropped connection reconnects with backoff, visible in the state stream")
    func reconnects() throws {
        let connections = LockedCounter()
        let server = try LocalHTTPServer(
            handler: { _ in .text("no", status: 404) },
            webSocket: { socket in
                let number = connections.increment()
                try? socket.send(.text("connection \(number)"))
                if number < 3 {
                    socket.abort()
                } else {
                    socket.close()
                    _ = try? socket.receive()
                }
            })
        defer { server.stop() }
        let policy = WebSocketReconnectPolicy(maximumAttempts: 2, initialDelay: 0.01, multiplier: 3)
        let session = WebSocketSession(
            url: server.webSocketURL(for: "/"), configuration: WebSocketConfiguration(reconnect: policy))
        guard case .finished? = session.completion() else {
            Issue.record("the third connection closes normally")
            return
        }
        #expect(session.messages == [.text("connection 1"), .text("connection 2"), .text("connection 3")])
        let waits = session.states.compactMap {
            if case .waitingToReconnect(let attempt, let delay) = $0 { (attempt, delay) } else { nil }
        }
        // Each open resets the count: both drops wait the first delay.
        #expect(waits.map(\.0) == [1, 1])
    }

    @Test("Reconnecting gives up after its attempts and fails with the last error")
    func reconnectGivesUp() throws {
        let server = try RawTCPServer { _ in }  // accepts, reads the request, hangs up
        defer { server.stop() }
        let policy = WebSocketReconnectPolicy(maximumAttempts: 2, initialDelay: 0.01)
        let session = WebSocketSession(url: server.url, configuration: WebSocketConfiguration(reconnect: policy))
        #expect(session.failure() == .handshakeFailed("the server closed the connection during the handshake"))
        let waits = session.states.compactMap {
            if case .waitingToReconnect(let attempt, let delay) = $0 { (attempt, delay) } else { nil }
        }
        #expect(waits.map(\.0) == [1, 2])
        #expect(waits.map(\.1) == [0.01, 0.02])
    }

    @Test("wss:// without a TLS configuration is refused with a clear error")
    func secureURLRefused() {
        let session = WebSocketSession(url: URL(string: "wss://127.0.0.1:1/")!)
        guard case .unsupportedURL(let why)? = session.failure() else {
            Issue.record("wss fails as unsupported")
            return
        }
        #expect(why.contains("wss:// needs the configuration's tls, e.g. WebSocketTLS.system()"))
    }

    @Test("Nothing listening: connectionFailed")
    func nothingListening() throws {
        let server = try RawTCPServer { _ in }
        let url = server.url
        server.stop()
        guard case .connectionFailed? = WebSocketSession(url: url).failure() else {
            Issue.record("refused connection fails")
            return
        }
    }
}

/// States collected from another thread.
final class LockedStates: @unchecked Sendable {
    private let lock = NSLock()
    private var states: [WebSocketState] = []
    var all: [WebSocketState] { lock.withLock { states } }
    func append(_ state: WebSocketState) { lock.withLock { states.append(state) } }
}

/// A thread-safe counter for server handlers.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
