import Foundation
import NIOCore
import NIOWebSocket
import Streams
import StreamsFoundation
import Testing
import WebSocketKit

/// Our client, `WebSocketConnection`, against a server we did not write (websocket-kit on
/// SwiftNIO). Serialized: each test blocks a thread while the connections run on threads
/// and event loops of their own, never on Swift's cooperative pool.
@Suite("WebSocketConnection against websocket-kit's server", .serialized)
struct ClientAgainstIndependentServerTests {
    @Test("Text and binary messages both ways")
    func textAndBinary() throws {
        let server = try IndependentServer { socket in
            // Answers that show the server decoded what we sent, not only echoed bytes.
            socket.onText { socket, text in socket.send("server got: \(text)") }
            socket.onBinary { socket, buffer in socket.send(Array(buffer.readableBytesView.reversed())) }
        }
        defer { server.stop() }
        let run = ClientRun(url: server.url)
        #expect(run.waitUntilOpen())
        let bytes = Data((0...255).map { UInt8($0) })
        #expect(run.send(.text("héllo, 世界 🌍"))?.succeeded == true)
        #expect(run.send(.data(bytes))?.succeeded == true)
        #expect(run.messages(count: 2) == [.text("server got: héllo, 世界 🌍"), .data(Data(bytes.reversed()))])
        run.connection.close()
        guard case .finished? = run.ending() else {
            Issue.record("close() ends the messages normally")
            return
        }
    }

    @Test("Fragmented messages arrive whole; a ping between fragments is answered with its payload")
    func fragmented() throws {
        let pongs = Observed<[[UInt8]]>([])
        let server = try IndependentServer { socket in
            socket.onPong { _, buffer in pongs.update { $0.append(Array(buffer.readableBytesView)) } }
            socket.send(raw: Array("live ".utf8), opcode: .text, fin: false)
            socket.send(raw: Array("da".utf8), opcode: .continuation, fin: false)
            socket.sendPing(Data([7, 7]))
            socket.send(raw: Array("ta".utf8), opcode: .continuation, fin: true)
            socket.send(raw: [1, 2], opcode: .binary, fin: false)
            socket.send(raw: [3], opcode: .continuation, fin: true)
        }
        defer { server.stop() }
        let run = ClientRun(url: server.url)
        #expect(run.messages(count: 2) == [.text("live data"), .data(Data([1, 2, 3]))])
        #expect(pongs.wait { !$0.isEmpty })
        #expect(pongs.value == [[7, 7]])
        run.connection.close()
        _ = run.ending()
    }

    @Test("Keep-alive pings reach the server, its pongs keep the connection open")
    func keepAlive() throws {
        let pings = Observed<[[UInt8]]>([])
        let server = try IndependentServer { socket in
            socket.onPing { _, buffer in pings.update { $0.append(Array(buffer.readableBytesView)) } }
        }
        defer { server.stop() }
        // Two pings without a pong would end the connection: a third ping means the
        // server's pongs were read as answers.
        let run = ClientRun(url: server.url, configuration: WebSocketConfiguration(pingInterval: 0.2))
        #expect(pings.wait { $0.count >= 3 })
        #expect(pings.value.allSatisfy { $0 == Array("keep-alive".utf8) })
        #expect(run.seen.value.ending == nil)
        run.connection.close()
        guard case .finished? = run.ending() else {
            Issue.record("the connection was still open and closes normally")
            return
        }
    }

    @Test("close(code:reason:) sends both; the server's answer ends the connection")
    func clientCloses() throws {
        let server = try IndependentServer { _ in }
        defer { server.stop() }
        let run = ClientRun(url: server.url)
        #expect(run.waitUntilOpen())
        run.connection.close(code: 4000, reason: "bye now")
        guard case .finished? = run.ending() else {
            Issue.record("a close we asked for finishes the messages")
            return
        }
        #expect(server.closeFrames.wait { !$0.isEmpty })
        #expect(server.closeFrames.value == [CloseFrame(code: 4000, reason: "bye now")])
        // websocket-kit answers with the code alone.
        #expect(run.seen.value.states.suffix(2) == [.closing, .closed(code: 4000, reason: "")])
    }

    @Test("The server's close frame: code and reason reach the state, and we answer it")
    func serverCloses() throws {
        let server = try IndependentServer { socket in
            socket.send("last update")
            // websocket-kit's close(code:) sends no reason: the frame is written by hand.
            var payload = ByteBuffer()
            payload.writeInteger(UInt16(4001))
            payload.writeString("maintenance")
            socket.send(raw: payload.readableBytesView, opcode: .connectionClose)
        }
        defer { server.stop() }
        let run = ClientRun(url: server.url)
        guard case .failure(let error)? = run.ending() else {
            Issue.record("a close with code 4001 fails the messages")
            return
        }
        #expect(error == .closedByPeer(code: 4001, reason: "maintenance"))
        #expect(run.seen.value.messages == [.text("last update")])
        #expect(run.seen.value.states.last == .closed(code: 4001, reason: "maintenance"))
        #expect(server.closeFrames.wait { !$0.isEmpty })
        #expect(server.closeFrames.value.first?.code == 4001)
    }

    @Test("A normal closure by the server finishes the messages")
    func serverClosesNormally() throws {
        let server = try IndependentServer { socket in
            socket.send("only update")
            socket.close(code: .normalClosure, promise: nil)
        }
        defer { server.stop() }
        let run = ClientRun(url: server.url)
        guard case .finished? = run.ending() else {
            Issue.record("1000 finishes")
            return
        }
        #expect(run.seen.value.messages == [.text("only update")])
        #expect(run.seen.value.states.last == .closed(code: 1000, reason: ""))
    }

    @Test("A message exactly at the size limit arrives; one byte more fails with messageTooBig and close code 1009")
    func sizeLimit() throws {
        let limit = 1 << 20
        let server = try IndependentServer { socket in
            socket.onText { socket, text in
                let size = Int(text) ?? 0
                socket.send(raw: (0..<size).map { UInt8(truncatingIfNeeded: $0) }, opcode: .binary)
            }
        }
        defer { server.stop() }
        let run = ClientRun(url: server.url, configuration: WebSocketConfiguration(maximumMessageSize: limit))
        #expect(run.waitUntilOpen())
        #expect(run.send(.text("\(limit)"))?.succeeded == true)
        #expect(run.messages(count: 1) == [.data(Data((0..<limit).map { UInt8(truncatingIfNeeded: $0) }))])
        #expect(run.send(.text("\(limit + 1)"))?.succeeded == true)
        guard case .failure(let error)? = run.ending() else {
            Issue.record("a message over the limit fails the messages")
            return
        }
        #expect(error == .messageTooBig(limit: limit))
        #expect(server.closeFrames.wait { !$0.isEmpty })
        #expect(server.closeFrames.value.first?.code == 1009)
    }

    @Test("A large message from us, near the server's frame limit, arrives intact")
    func largeMessageOut() throws {
        let server = try IndependentServer { socket in
            socket.onBinary { socket, buffer in
                let bytes = Array(buffer.readableBytesView)
                let sum = bytes.reduce(0) { $0 &+ Int($1) }
                socket.send("\(bytes.count) bytes, sum \(sum)")
            }
        }
        defer { server.stop() }
        let run = ClientRun(url: server.url)
        #expect(run.waitUntilOpen())
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(run.send(.data(Data(bytes)))?.succeeded == true)
        #expect(run.messages(count: 1) == [.text("\(bytes.count) bytes, sum \(bytes.reduce(0) { $0 &+ Int($1) })")])
        run.connection.close()
        _ = run.ending()
    }
}
