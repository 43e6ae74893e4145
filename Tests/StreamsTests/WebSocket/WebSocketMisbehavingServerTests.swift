import Foundation
import TestWaiting
import Testing

@testable import StreamsFoundation  // the frame codec: package access in Libraries/, another package

/// Servers that misbehave in the ways that used to crash, hang or mislead the client (issue
/// 34, items 1 to 7), each on loopback: the client must end with a clear outcome, never
/// hang or break RFC 6455.
@Suite("WebSocket misbehaving servers", .serialized)
struct WebSocketMisbehavingServerTests {
    // MARK: 1. Writes never block the reading side or the keep-alive

    @Test("A ping flood the server never reads, then its close: the client still ends, answering only the newest ping")
    func pingFloodThenClose() throws {
        let release = Signal()
        let server = try RawTCPServer { connection in
            connection.accept()
            let ping = WebSocketFrame(opcode: .ping, payload: Array(repeating: 0x70, count: 125)).encoded()
            // 100,000 pings: 13 MB of pongs if each were answered, more than the socket
            // buffers hold while this side reads nothing.
            for _ in 0..<100 { connection.send(Array([[UInt8]](repeating: ping, count: 1000).joined())) }
            connection.send(WebSocketFrame.close(code: 1000, reason: "flooded").encoded())
            _ = release.wait()
        }
        defer {
            release.signal()
            server.stop()
        }
        let session = WebSocketSession(url: server.url, configuration: WebSocketConfiguration(closeTimeout: 0.5))
        guard case .finished? = session.completion() else {
            Issue.record("the server's normal close finishes the stream")
            return
        }
        #expect(session.states.last == .closed(code: 1000, reason: "flooded"))
    }

    @Test("A send to a server that stops reading fails with writeTimedOut, and so does the connection")
    func writeTimeout() throws {
        let release = Signal()
        let server = try RawTCPServer { connection in
            connection.accept()
            _ = release.wait()  // reads nothing
        }
        defer {
            release.signal()
            server.stop()
        }
        let configuration = WebSocketConfiguration(writeTimeout: 0.3, maximumPendingSendBytes: 64 << 20)
        let session = WebSocketSession(url: server.url, configuration: configuration)
        #expect(session.waitUntilOpen())
        let outcome = session.send(.data(Data(count: 32 << 20)))
        #expect(outcome.map { if case .failure(.writeTimedOut(seconds: 0.3)) = $0 { true } else { false } } == true)
        #expect(session.failure() == .writeTimedOut(seconds: 0.3))
    }

    @Test("Sends beyond maximumPendingSendBytes fail at once with sendQueueFull; the connection stays open")
    func sendQueueBound() throws {
        let release = Signal()
        let server = try RawTCPServer { connection in
            connection.accept()
            _ = release.wait()  // reads nothing, so the first message stays on the wire
        }
        defer {
            release.signal()
            server.stop()
        }
        let configuration = WebSocketConfiguration(maximumPendingSendBytes: 32 << 20)
        let session = WebSocketSession(url: server.url, configuration: configuration)
        #expect(session.waitUntilOpen())
        var pending: [AnyCancellable] = []
        /// Sends; the refusal when the send failed at once, nil when it was queued.
        func attempt(_ size: Int) -> WebSocketError? {
            let refusal = LockedValue<WebSocketError?>(nil)
            pending.append(
                session.connection.send(.data(Data(count: size))).sink(
                    receiveCompletion: { if case .failure(let error) = $0 { refusal.value = error } },
                    receiveValue: {}))
            return refusal.value  // a refusal comes within send(_:)
        }
        // 24 MiB: more than the socket buffers take, so it stays on the wire, out of the queue.
        #expect(attempt(24 << 20) == nil)
        // 20 MiB fits once the first has left the queue for the wire.
        #expect(waitUntil { attempt(20 << 20) == nil })
        // 20 + 16 MiB would be over the 32 MiB bound.
        #expect(attempt(16 << 20) == .sendQueueFull(limit: 32 << 20))
        #expect(!session.states.contains { if case .closed = $0 { true } else { false } })
        session.connection.close()
        _ = session.completion()
        for subscription in pending { subscription.cancel() }
    }

    @Test("A large send to a peer that reads nothing does not stop the keep-alive from noticing")
    func keepAliveDuringStuckSend() throws {
        let release = Signal()
        let server = try RawTCPServer { connection in
            connection.accept()
            _ = release.wait()
        }
        defer {
            release.signal()
            server.stop()
        }
        let configuration = WebSocketConfiguration(
            pingInterval: 0.2, writeTimeout: 600, maximumPendingSendBytes: 64 << 20)
        let session = WebSocketSession(url: server.url, configuration: configuration)
        #expect(session.waitUntilOpen())
        let stuck = session.connection.send(.data(Data(count: 32 << 20))).sink(
            receiveCompletion: { _ in }, receiveValue: {})
        #expect(session.failure() == .pongTimeout)
        stuck.cancel()
    }

    // MARK: 2. Handshake timeout; close() in every state

    @Test("A server that never answers the upgrade fails with handshakeTimedOut")
    func silentServer() throws {
        let server = try RawTCPServer { connection in connection.readUntilHangUp() }
        defer { server.stop() }
        let session = WebSocketSession(url: server.url, configuration: WebSocketConfiguration(handshakeTimeout: 0.3))
        #expect(session.failure() == .handshakeTimedOut(seconds: 0.3))
    }

    @Test("A server that sends one header line every 50 ms forever fails with handshakeTimedOut")
    func slowHeaders() throws {
        let server = try RawTCPServer { connection in
            connection.send("HTTP/1.1 101 Switching Protocols\r\n")
            var sent = 0
            // Until the client hangs up (a send then fails), bounded at a minute.
            while sent < 1200, Foundation.send(connection.descriptor, "X-Slow: 1\r\n", 11, noSignal) == 11 {
                sent += 1
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        defer { server.stop() }
        let session = WebSocketSession(url: server.url, configuration: WebSocketConfiguration(handshakeTimeout: 0.5))
        #expect(session.failure() == .handshakeTimedOut(seconds: 0.5))
    }

    @Test("close() while connecting abandons the connection and finishes the stream")
    func closeWhileConnecting() throws {
        let requestArrived = Signal()
        let clientLeft = Signal()
        let server = try RawTCPServer { connection in
            requestArrived.signal()
            connection.readUntilHangUp()
            clientLeft.signal()
        }
        defer { server.stop() }
        let session = WebSocketSession(url: server.url)  // the default 30 s handshake timeout
        #expect(requestArrived.wait())
        session.connection.close()
        guard case .finished? = session.completion() else {
            Issue.record("close() while connecting finishes the stream")
            return
        }
        #expect(clientLeft.wait(), "the client closed its socket")
        #expect(session.states == [.connecting, .closed(code: 1000, reason: "")])
    }

    // MARK: 3. No configuration value or frame header can crash the client

    @Test("A frame header announcing 2^63-1 bytes with no size limit: an unexpected end, not an overflow")
    func hugeLengthWithoutLimit() throws {
        let server = try RawTCPServer { connection in
            connection.accept()
            connection.send([0x82, 0x7F, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3])
        }
        defer { server.stop() }
        let session = WebSocketSession(url: server.url, configuration: WebSocketConfiguration(maximumMessageSize: .max))
        #expect(session.failure() == .unexpectedEndOfStream)
    }

    @Test(
        "A value out of range fails the stream with invalidConfiguration, saying which",
        arguments: [
            (WebSocketConfiguration(maximumMessageSize: -1), "maximumMessageSize must be at least 1, not -1"),
            (WebSocketConfiguration(maximumMessageSize: 0), "maximumMessageSize must be at least 1, not 0"),
            (WebSocketConfiguration(pingInterval: 0), "pingInterval must be a positive number of seconds, not 0.0"),
            (
                WebSocketConfiguration(handshakeTimeout: -1),
                "handshakeTimeout must be a positive number of seconds, not -1.0"
            ),
            (WebSocketConfiguration(writeTimeout: .nan), "writeTimeout must be a positive number of seconds, not nan"),
            (
                WebSocketConfiguration(closeTimeout: .infinity),
                "closeTimeout must be a positive number of seconds, not inf"
            ),
            (WebSocketConfiguration(maximumPendingSendBytes: 0), "maximumPendingSendBytes must be at least 1, not 0"),
            (
                WebSocketConfiguration(reconnect: WebSocketReconnectPolicy(maximumAttempts: -2)),
                "reconnect.maximumAttempts must not be negative, not -2"
            ),
            (
                WebSocketConfiguration(reconnect: WebSocketReconnectPolicy(multiplier: 0.5)),
                "reconnect.multiplier must be a number of at least 1, not 0.5"
            ),
            (
                WebSocketConfiguration(headers: ["X-Evil": "a\r\nHost: elsewhere"]),
                "the value of header X-Evil contains a line break or NUL"
            ),
            (WebSocketConfiguration(headers: ["Bad Name": "x"]), "the header name \"Bad Name\" is not an HTTP token"),
            (
                WebSocketConfiguration(headers: ["Sec-WebSocket-Protocol": "chat"]),
                "the header Sec-WebSocket-Protocol is set by the handshake itself; offer subprotocols with subprotocols"
            ),
            (WebSocketConfiguration(subprotocols: ["chat, v2"]), "the subprotocol \"chat, v2\" is not an HTTP token"),
        ] as [(WebSocketConfiguration, String)]
    )
    func invalidConfiguration(configuration: WebSocketConfiguration, why: String) throws {
        let connections = LockedCounter()
        let server = try RawTCPServer { _ in _ = connections.increment() }
        defer { server.stop() }
        let session = WebSocketSession(url: server.url, configuration: configuration)
        #expect(session.failure() == .invalidConfiguration(why))
        #expect(connections.increment() == 1, "no connection was made")
    }

    @Test("A port above 65535 fails with unsupportedURL")
    func portOutOfRange() {
        let session = WebSocketSession(url: URL(string: "ws://127.0.0.1:70000/")!)
        #expect(
            session.failure()
                == .unsupportedURL("ws://127.0.0.1:70000/: the port must be between 1 and 65535, not 70000"))
    }

    // MARK: 4. Close frames are checked; only allowed codes are sent

    /// The error the stream failed with and the close frame the client answered with, when
    /// the server's close frame carries `payload`.
    private func outcome(ofServerClosingWith payload: [UInt8]) throws -> (WebSocketError?, WebSocketFrame?) {
        let answer = LockedValue<WebSocketFrame?>(nil)
        let server = try RawTCPServer { connection in
            connection.accept()
            connection.send(WebSocketFrame(opcode: .close, payload: payload).encoded())
            answer.value = connection.readCloseFrame()
        }
        defer { server.stop() }
        let failure = WebSocketSession(url: server.url).failure()
        #expect(waitUntil { answer.value != nil })
        return (failure, answer.value)
    }

    @Test(
        "A close frame with a code no endpoint may send fails with a protocol violation, answered with 1002",
        arguments: [0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000, 65535] as [UInt16]
    )
    func forbiddenCloseCode(code: UInt16) throws {
        let (failure, answer) = try outcome(ofServerClosingWith: [UInt8(code >> 8), UInt8(code & 0xFF)])
        #expect(failure == .protocolViolation("close code \(code) is not allowed on the wire"))
        #expect(answer?.closeCodeAndReason.code == 1002)
    }

    @Test("A close frame with a one-byte payload is a protocol violation, answered with 1002")
    func oneByteClose() throws {
        let (failure, answer) = try outcome(ofServerClosingWith: [0x03])
        #expect(failure == .protocolViolation("a close frame with a one-byte payload"))
        #expect(answer?.closeCodeAndReason.code == 1002)
    }

    @Test("A close reason that is not UTF-8 fails with invalidUTF8, answered with 1007")
    func closeReasonNotUTF8() throws {
        let (failure, answer) = try outcome(ofServerClosingWith: [0x03, 0xE8, 0xC3, 0x28])
        #expect(failure == .invalidUTF8)
        #expect(answer?.closeCodeAndReason.code == 1007)
    }

    @Test("An application's close code (4000) is reported and echoed")
    func applicationCloseCode() throws {
        let (failure, answer) = try outcome(ofServerClosingWith: [0x0F, 0xA0] + Array("custom".utf8))
        #expect(failure == .closedByPeer(code: 4000, reason: "custom"))
        #expect(answer?.closeCodeAndReason.code == 4000)
    }

    // MARK: 5. The client's own close frame

    /// The close frame the server got after `close(code:reason:)`.
    private func closeFrameSent(code: UInt16, reason: String) throws -> WebSocketFrame? {
        let received = LockedValue<WebSocketFrame?>(nil)
        let server = try RawTCPServer { connection in
            connection.accept()
            let frame = connection.readCloseFrame()
            received.value = frame
            if let frame { connection.send(WebSocketFrame(opcode: .close, payload: frame.payload).encoded()) }
        }
        defer { server.stop() }
        let session = WebSocketSession(url: server.url)
        #expect(session.waitUntilOpen())
        session.connection.close(code: code, reason: reason)
        _ = session.completion()
        return received.value
    }

    @Test("A long close reason is cut to 123 bytes at a character boundary, staying valid UTF-8")
    func reasonCutAtCharacter() throws {
        let frame = try closeFrameSent(code: 1000, reason: String(repeating: "é", count: 100))  // 200 bytes
        #expect(frame?.payload.count == 2 + 122)
        #expect(try frame?.validatedCloseCodeAndReason().reason == String(repeating: "é", count: 61))
    }

    @Test(
        "close() with a code the client may not send sends 1000 instead",
        arguments: [1005, 1006, 1015, 999, 5000] as [UInt16])
    func forbiddenCodeNotSent(code: UInt16) throws {
        let sent = try closeFrameSent(code: code, reason: "bye")?.closeCodeAndReason
        #expect(sent?.code == 1000)
        #expect(sent?.reason == "bye")
    }

    // MARK: 6. What the client did not ask for is refused

    /// How the handshake ends when the server's 101 carries `extraFields`.
    private func handshakeFailure(extraFields: String, subprotocols: [String] = []) throws -> WebSocketError? {
        let server = try RawTCPServer { connection in
            connection.send(
                RawTCPServer.acceptingHead(for: connection).replacingOccurrences(
                    of: "\r\n\r\n", with: "\r\n\(extraFields)\r\n\r\n"))
            connection.readUntilHangUp()
        }
        defer { server.stop() }
        return WebSocketSession(url: server.url, configuration: WebSocketConfiguration(subprotocols: subprotocols))
            .failure()
    }

    @Test("An extension the client did not ask for fails the handshake")
    func unrequestedExtension() throws {
        #expect(
            try handshakeFailure(extraFields: "Sec-WebSocket-Extensions: permessage-deflate")
                == .handshakeFailed(
                    "the server chose the extension \"permessage-deflate\", which the client did not ask for"))
    }

    @Test("A subprotocol the client did not offer fails the handshake")
    func unrequestedSubprotocol() throws {
        #expect(
            try handshakeFailure(extraFields: "Sec-WebSocket-Protocol: chat")
                == .handshakeFailed("the server chose the subprotocol \"chat\", which the client did not offer"))
        #expect(
            try handshakeFailure(extraFields: "Sec-WebSocket-Protocol: mqtt", subprotocols: ["chat", "v2.chat"])
                == .handshakeFailed(
                    "the server chose the subprotocol \"mqtt\", which the client did not offer (it offered chat, v2.chat)"
                ))
    }

    @Test("An offered subprotocol the server chooses is the connection's subprotocol")
    func offeredSubprotocol() throws {
        let request = LockedValue("")
        let server = try RawTCPServer { connection in
            request.value = connection.head
            connection.send(
                RawTCPServer.acceptingHead(for: connection).replacingOccurrences(
                    of: "\r\n\r\n", with: "\r\nSec-WebSocket-Protocol: v2.chat\r\n\r\n"))
            if let close = connection.readCloseFrame() {
                connection.send(WebSocketFrame(opcode: .close, payload: close.payload).encoded())
            }
        }
        defer { server.stop() }
        let session = WebSocketSession(
            url: server.url, configuration: WebSocketConfiguration(subprotocols: ["chat", "v2.chat"]))
        #expect(session.waitUntilOpen())
        #expect(session.connection.subprotocol == "v2.chat")
        #expect(request.value.contains("\r\nSec-WebSocket-Protocol: chat, v2.chat\r\n"))
        session.connection.close()
        #expect(session.failure() == nil)
    }

    // MARK: 7. How a close ends

    @Test("An unanswered close() ends after closeTimeout as a normal finish, the state saying 1006")
    func unansweredClose() throws {
        let server = try RawTCPServer { connection in
            connection.accept()
            connection.readUntilHangUp()  // never answers the close frame
        }
        defer { server.stop() }
        let session = WebSocketSession(url: server.url, configuration: WebSocketConfiguration(closeTimeout: 0.3))
        #expect(session.waitUntilOpen())
        session.connection.close()
        guard case .finished? = session.completion() else {
            Issue.record("the user's close finishes the stream")
            return
        }
        #expect(
            session.states.last == .closed(code: 1006, reason: "the server did not answer the close frame within 0.3 s")
        )
    }

    @Test("An empty close frame is a normal close: finished, no reconnect, echoed empty")
    func emptyCloseFrame() throws {
        let connections = LockedCounter()
        let echo = LockedValue<WebSocketFrame?>(nil)
        let server = try RawTCPServer { connection in
            _ = connections.increment()
            connection.accept()
            connection.send(WebSocketFrame(opcode: .close, payload: []).encoded())
            echo.value = connection.readCloseFrame()
        }
        defer { server.stop() }
        let configuration = WebSocketConfiguration(
            reconnect: WebSocketReconnectPolicy(maximumAttempts: 3, initialDelay: 0.01))
        let session = WebSocketSession(url: server.url, configuration: configuration)
        guard case .finished? = session.completion() else {
            Issue.record("an empty close frame finishes the stream")
            return
        }
        #expect(session.states.last == .closed(code: 1005, reason: ""))
        #expect(!session.states.contains { if case .waitingToReconnect = $0 { true } else { false } })
        #expect(waitUntil { echo.value != nil })
        #expect(echo.value?.payload == [])
        #expect(connections.increment() == 2, "one connection only")
    }
}
