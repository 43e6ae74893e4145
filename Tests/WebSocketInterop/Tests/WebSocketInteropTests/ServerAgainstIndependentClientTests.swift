import Foundation
import LocalHTTPServer
import NIOCore
import NIOWebSocket
import StreamsFoundation
import Testing
import WebSocketKit

/// LocalHTTPServer's WebSocket side against a client we did not write (websocket-kit on
/// SwiftNIO). Serialized, for the same reason as the client suite.
@Suite("LocalHTTPServer's WebSocket against websocket-kit's client", .serialized)
struct ServerAgainstIndependentClientTests {
    /// What a server handler saw: the messages and the client's close frame.
    final class ServerSide: @unchecked Sendable {
        struct Seen: Sendable {
            var messages: [WebSocketMessage] = []
            var close: ServerWebSocket.CloseFrame?
            var error: WebSocketError?
            var done = false
        }
        let seen = Observed(Seen())
    }

    /// A server whose handler runs `serve` and then records how the connection ended.
    private func server(
        _ side: ServerSide, serve: @escaping @Sendable (ServerWebSocket, ServerSide) throws(WebSocketError) -> Void
    ) throws -> LocalHTTPServer {
        try LocalHTTPServer(
            handler: { _ in .text("not here", status: 404) },
            webSocket: { socket in
                do throws(WebSocketError) {
                    try serve(socket, side)
                } catch {
                    side.seen.update { $0.error = error }
                }
                side.seen.update {
                    $0.close = socket.receivedClose
                    $0.done = true
                }
            })
    }

    /// Echoes every message until the client closes.
    private static let echo: @Sendable (ServerWebSocket, ServerSide) throws(WebSocketError) -> Void = { socket, side in
        while let message = try socket.receive() {
            side.seen.update { $0.messages.append(message) }
            try socket.send(message)
        }
    }

    @Test("Text and binary messages both ways")
    func textAndBinary() throws {
        let side = ServerSide()
        let server = try server(side, serve: Self.echo)
        defer { server.stop() }
        let client = try IndependentClient(url: server.webSocketURL(for: "/echo"))
        defer { client.stop() }
        let bytes = (0...255).map { UInt8($0) }
        client.socket.send("héllo, 世界 🌍")
        client.socket.send(bytes)
        #expect(client.seen.wait { !$0.texts.isEmpty && !$0.binaries.isEmpty })
        #expect(client.seen.value.texts == ["héllo, 世界 🌍"])
        #expect(client.seen.value.binaries == [bytes])
        #expect(side.seen.value.messages == [.text("héllo, 世界 🌍"), .data(Data(bytes))])
    }

    @Test("A fragmented message from the client, with a ping between fragments, is read whole")
    func fragmented() throws {
        let side = ServerSide()
        let server = try server(side, serve: Self.echo)
        defer { server.stop() }
        let client = try IndependentClient(url: server.webSocketURL(for: "/"))
        defer { client.stop() }
        client.socket.send(raw: Array("live ".utf8), opcode: .text, fin: false)
        client.socket.send(raw: Array("da".utf8), opcode: .continuation, fin: false)
        client.socket.sendPing(Data([5, 6]))
        client.socket.send(raw: Array("ta".utf8), opcode: .continuation, fin: true)
        #expect(client.seen.wait { !$0.texts.isEmpty && !$0.pongs.isEmpty })
        #expect(client.seen.value.texts == ["live data"])
        #expect(client.seen.value.pongs == [[5, 6]])
        #expect(side.seen.value.messages == [.text("live data")])
    }

    @Test("A ping from the server reaches the client, which answers it")
    func serverPings() throws {
        let side = ServerSide()
        let server = try server(side) { (socket, side) throws(WebSocketError) in
            // ServerWebSocket has no ping call: the frame is written by hand (final ping, 3 bytes).
            try socket.sendRaw([0x89, 0x03, 1, 2, 3])
            try socket.send(.text("after the ping"))
            try Self.echo(socket, side)
        }
        defer { server.stop() }
        let client = try IndependentClient(url: server.webSocketURL(for: "/"))
        defer { client.stop() }
        #expect(client.seen.wait { !$0.pings.isEmpty && !$0.texts.isEmpty })
        #expect(client.seen.value.pings == [[1, 2, 3]])
        #expect(client.seen.value.texts == ["after the ping"])
    }

    @Test("The client's close frame: the server reads code and reason and answers")
    func clientCloses() throws {
        let side = ServerSide()
        let server = try server(side, serve: Self.echo)
        defer { server.stop() }
        let client = try IndependentClient(url: server.webSocketURL(for: "/"))
        defer { client.stop() }
        // websocket-kit's close(code:) sends no reason: the frame is written by hand.
        var payload = ByteBuffer()
        payload.writeInteger(UInt16(4002))
        payload.writeString("done here")
        client.socket.send(raw: payload.readableBytesView, opcode: .connectionClose)
        #expect(side.seen.wait { $0.done })
        #expect(side.seen.value.close == ServerWebSocket.CloseFrame(code: 4002, reason: "done here"))
        #expect(side.seen.value.error == nil)
        #expect(client.waitUntilClosed())
    }

    @Test("close(code:reason:) from the server: the client reads code and reason and answers")
    func serverCloses() throws {
        let side = ServerSide()
        let server = try server(side) { (socket, side) throws(WebSocketError) in
            try socket.send(.text("bye"))
            socket.close(code: 4003, reason: "server going down")
            try Self.echo(socket, side)  // until the client's answer
        }
        defer { server.stop() }
        let client = try IndependentClient(url: server.webSocketURL(for: "/"))
        defer { client.stop() }
        #expect(client.waitUntilClosed())
        #expect(client.seen.value.texts == ["bye"])
        #expect(client.closeFrames.value == [CloseFrame(code: 4003, reason: "server going down")])
        #expect(client.closeCodeNumber == 4003)
        #expect(side.seen.wait { $0.done })
        // The client's answer repeats the code (websocket-kit sends no reason).
        #expect(side.seen.value.close == ServerWebSocket.CloseFrame(code: 4003, reason: ""))
    }

    @Test("A message exactly at the server's limit echoes; one byte more is refused with 1009")
    func sizeLimit() throws {
        let limit = LocalHTTPServer.maximumWebSocketMessageSize
        let side = ServerSide()
        let server = try server(side, serve: Self.echo)
        defer { server.stop() }
        let client = try IndependentClient(url: server.webSocketURL(for: "/"))
        defer { client.stop() }
        let bytes = (0..<limit).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        client.socket.send(bytes)
        #expect(client.seen.wait { !$0.binaries.isEmpty })
        #expect(client.seen.value.binaries == [bytes])
        client.socket.send(bytes + [0])
        #expect(client.waitUntilClosed())
        #expect(client.closeCodeNumber == 1009)
        #expect(side.seen.wait { $0.done })
        #expect(side.seen.value.error == .messageTooBig(limit: limit))
    }
}
