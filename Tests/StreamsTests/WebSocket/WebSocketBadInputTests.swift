import Foundation
import LocalHTTPServer
import TestWaiting
import Testing

@testable import StreamsFoundation  // the frame codec: package access in Libraries/, another package

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

    @Test(
        "Malformed frames fail the stream with a protocol violation that says what was wrong",
        arguments: [
            ([0x83, 0x00], "unknown opcode 3"),
            ([0x09, 0x00], "fragmented control frame"),
            ([0x89, 0x7E, 0x00, 0xC8], "control frame longer than 125 bytes"),
            ([0x80, 0x00], "continuation frame without a message to continue"),
            ([0x01, 0x01, 0x61, 0x81, 0x01, 0x62], "a new message started before the previous one ended"),
        ] as [([UInt8], String)]
    )
    func malformedFrame(bytes: [UInt8], why: String) throws {
        #expect(try failure(afterHandshakeSending: bytes) == .protocolViolation(why))
    }

    @Test("The server hangs up between the fragments of a message")
    func closesMidMessage() throws {
        let firstFragment = WebSocketFrame(isFinal: false, opcode: .text, payload: Array("half a ".utf8)).encoded()
        #expect(try failure(afterHandshakeSending: firstFragment, hangUp: true) == .unexpectedEndOfStream)
    }

    // MARK: - LocalHTTPServer's side: a client that breaks the rules

    /// A LocalHTTPServer whose WebSocket handler reads once and keeps the error it got.
    private func refusingServer(_ serverError: ErrorBox) throws -> LocalHTTPServer {
        try LocalHTTPServer(
            handler: { _ in .text("no", status: 404) },
            webSocket: { socket in
                do throws(WebSocketError) { _ = try socket.receive() } catch { serverError.set(error) }
                serverError.finish()
            })
    }

    /// Does the upgrade handshake by hand, checks the accept value, and returns the client.
    private func upgradedClient(of server: LocalHTTPServer) -> RawTCPClient {
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
        return client
    }

    /// The close frame the server sent before hanging up, read until it hung up.
    private func closeFrame(from client: RawTCPClient) throws -> WebSocketFrame? {
        var received: [UInt8] = []
        while case let bytes = client.readSome(), !bytes.isEmpty { received += bytes }
        var decoder = WebSocketFrameDecoder(expectsMaskedFrames: false, maximumPayloadSize: 1000)
        decoder.append(received)
        return try decoder.nextFrame()
    }

    @Test("LocalHTTPServer refuses an unmasked client frame with close code 1002")
    func serverRefusesUnmaskedFrame() throws {
        let serverError = ErrorBox()
        let server = try refusingServer(serverError)
        defer { server.stop() }
        let client = upgradedClient(of: server)
        client.send(WebSocketFrame(opcode: .text, payload: Array("unmasked".utf8)).encoded())  // no mask
        let close = try closeFrame(from: client)
        #expect(close?.opcode == .close)
        #expect(close?.closeCodeAndReason.code == 1002)
        #expect(serverError.value == .protocolViolation("a client frame was not masked"))
    }

    @Test("LocalHTTPServer refuses a message over its limit with close code 1009")
    func serverRefusesOversizedMessage() throws {
        let serverError = ErrorBox()
        let server = try refusingServer(serverError)
        defer { server.stop() }
        let client = upgradedClient(of: server)
        let limit = LocalHTTPServer.maximumWebSocketMessageSize
        let tooBig = WebSocketFrame(opcode: .binary, payload: Array(repeating: 7, count: limit + 1))
        client.send(tooBig.encoded(mask: [1, 2, 3, 4]))
        let close = try closeFrame(from: client)
        #expect(close?.closeCodeAndReason.code == 1009)
        #expect(serverError.value == .messageTooBig(limit: limit))
    }

    @Test(
        "A client that hangs up in the middle of a frame or of a message is an unexpected end, not a close",
        arguments: [
            Array(
                WebSocketFrame(opcode: .text, payload: Array("cut short".utf8)).encoded(mask: [1, 2, 3, 4]).prefix(8)),
            WebSocketFrame(isFinal: false, opcode: .text, payload: Array("half a ".utf8)).encoded(mask: [1, 2, 3, 4]),
        ]
    )
    func clientHangsUpMidway(bytes: [UInt8]) throws {
        let serverError = ErrorBox()
        let server = try refusingServer(serverError)
        defer { server.stop() }
        let client = upgradedClient(of: server)
        client.send(bytes)
        client.hangUp()
        #expect(serverError.waitUntilFinished())
        #expect(serverError.value == .unexpectedEndOfStream)
    }
}

/// The error a server handler got, and whether the handler is done.
final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: WebSocketError?
    private let finished = DispatchSemaphore(value: 0)
    var value: WebSocketError? { lock.withLock { stored } }
    func set(_ error: WebSocketError) { lock.withLock { stored = error } }
    func finish() { finished.signal() }
    /// Waits until the handler is done (a hang gives up after the deadlock bound).
    func waitUntilFinished() -> Bool { finished.wait(timeout: .now() + deadlockBound) == .success }
}
