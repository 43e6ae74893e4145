import Foundation
import LocalHTTPServer
import StreamsFoundation
import Testing

/// Peers that break RFC 6455: each gets a clear failure on the stream, never a crash or a hang.
@Suite("WebSocket bad input", .serialized)
struct WebSocketBadInputTests {
    /// A server that completes the handshake, sends `bytes`, then waits for the client to leave.
    private func failure(
        afterHandshakeSending bytes: [UInt8], configuration: WebSocketConfiguration = WebSocketConfiguration(),
        hangUp: Bool = false
    ) throws -> WebSocketError? {
        let server = try RawTCPServer { connection in
            connection.send(RawTCPServer.acceptingHead(for: connection))
            connection.send(bytes)
            if !hangUp { while !connection.readSome().isEmpty {} }
        }
        defer { server.stop() }
        return WebSocketSession(url: server.url, configuration: configuration).failure()
    }

    @Test("A frame with reserved bits set")
    func reservedBits() throws {
        #expect(
            try failure(afterHandshakeSending: [0xF1, 0x00])
                == .protocolViolation("reserved bits set without an extension"))
    }

    @Test("A masked frame from the server")
    func maskedServerFrame() throws {
        #expect(
            try failure(afterHandshakeSending: [0x81, 0x81, 1, 2, 3, 4, 0x40])
                == .protocolViolation("a server frame was masked"))
    }

    @Test("A message over the size limit, in one frame or in fragments")
    func oversized() throws {
        let limit = WebSocketConfiguration(maximumMessageSize: 100)
        let oneFrame = WebSocketFrame(opcode: .binary, payload: Array(repeating: 1, count: 101)).encoded()
        #expect(try failure(afterHandshakeSending: oneFrame, configuration: limit) == .messageTooBig(limit: 100))
        let fragments =
            WebSocketFrame(isFinal: false, opcode: .binary, payload: Array(repeating: 1, count: 60)).encoded()
            + WebSocketFrame(opcode: .continuation, payload: Array(repeating: 1, count: 60)).encoded()
        #expect(try failure(afterHandshakeSending: fragments, configuration: limit) == .messageTooBig(limit: 100))
    }

    @Test("Text that is not UTF-8")
    func invalidText() throws {
        #expect(
            try failure(afterHandshakeSending: WebSocketFrame(opcode: .text, payload: [0xFF, 0xFE]).encoded())
                == .invalidUTF8)
    }

    @Test("The server hangs up in the middle of a frame")
    func closesMidFrame() throws {
        let partial = Array(WebSocketFrame(opcode: .text, payload: Array("cut short".utf8)).encoded().prefix(5))
        #expect(try failure(afterHandshakeSending: partial, hangUp: true) == .unexpectedEndOfStream)
    }

    @Test("A wrong Sec-WebSocket-Accept fails the handshake")
    func wrongAcceptKey() throws {
        let server = try RawTCPServer { connection in
            connection.send(
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: bm90IHRoZSByaWdodCBrZXk=\r\n\r\n"
            )
            while !connection.readSome().isEmpty {}
        }
        defer { server.stop() }
        guard case .handshakeFailed(let why)? = WebSocketSession(url: server.url).failure() else {
            Issue.record("a wrong accept key fails the handshake")
            return
        }
        #expect(why.contains("Sec-WebSocket-Accept was \"bm90IHRoZSByaWdodCBrZXk=\""))
    }

    @Test("A server that answers 200 instead of upgrading")
    func notUpgraded() throws {
        let server = try LocalHTTPServer { _ in .text("plain page") }  // no WebSocket handler
        defer { server.stop() }
        #expect(
            WebSocketSession(url: server.webSocketURL(for: "/")).failure()
                == .handshakeFailed("expected status 101, got \"HTTP/1.1 200 OK\""))
    }

    @Test("LocalHTTPServer refuses an unmasked client frame with close code 1002")
    func serverRefusesUnmaskedFrame() throws {
        let serverError = ErrorBox()
        let server = try LocalHTTPServer(
            handler: { _ in .text("no", status: 404) },
            webSocket: { socket in
                do throws(WebSocketError) { _ = try socket.receive() } catch { serverError.set(error) }
            })
        defer { server.stop() }
        let key = WebSocketHandshake.makeKey()
        let client = RawTCPClient(port: server.port)
        client.send(
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        var received: [UInt8] = []
        while received.firstRange(of: Array("\r\n\r\n".utf8)) == nil, case let bytes = client.readSome(), !bytes.isEmpty
        { received += bytes }
        #expect(
            String(decoding: received, as: UTF8.self).contains(
                "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(forKey: key))"))
        received.removeSubrange(..<received.firstRange(of: Array("\r\n\r\n".utf8))!.upperBound)
        client.send(WebSocketFrame(opcode: .text, payload: Array("unmasked".utf8)).encoded())  // no mask
        while case let bytes = client.readSome(), !bytes.isEmpty { received += bytes }  // until the server hangs up
        var decoder = WebSocketFrameDecoder(expectsMaskedFrames: false, maximumPayloadSize: 1000)
        decoder.append(received)
        let close = try decoder.nextFrame()
        #expect(close?.opcode == .close)
        #expect(close?.closeCodeAndReason.code == 1002)
        #expect(serverError.value == .protocolViolation("a client frame was not masked"))
    }
}

final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: WebSocketError?
    var value: WebSocketError? { lock.withLock { stored } }
    func set(_ error: WebSocketError) { lock.withLock { stored = error } }
}
