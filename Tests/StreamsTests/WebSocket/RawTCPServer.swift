import Foundation
import TestWaiting

@testable import StreamsFoundation  // the frame codec: package access in Libraries/, another package

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP server on 127.0.0.1 that reads one request head and then runs `script` with the
/// connection, for tests that need a misbehaving WebSocket server (bad bytes, wrong keys).
final class RawTCPServer: @unchecked Sendable {
    /// The connection as the script sees it.
    struct Connection {
        let descriptor: Int32
        /// The request head the client sent.
        let head: String

        /// The client's `Sec-WebSocket-Key`.
        var key: String {
            head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
                .map { String($0.dropFirst("sec-websocket-key:".count)).trimmingCharacters(in: .whitespaces) } ?? ""
        }

        func send(_ bytes: [UInt8]) {
            _ = bytes.withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, bytes.count, noSignal) }
        }

        func send(_ text: String) { send(Array(text.utf8)) }

        /// Completes the handshake correctly.
        func accept() { send(RawTCPServer.acceptingHead(for: self)) }

        /// Reads the client's frames until its close frame: that frame, or nil when the
        /// client hung up (or broke the framing) first.
        func readCloseFrame() -> WebSocketFrame? {
            var decoder = WebSocketFrameDecoder(expectsMaskedFrames: true, maximumPayloadSize: 1 << 26)
            while case let bytes = readSome(), !bytes.isEmpty {
                decoder.append(bytes)
                while let frame = try? decoder.nextFrame() {
                    if frame.opcode == .close { return frame }
                }
            }
            return nil
        }

        /// Reads and drops whatever the client sends until it hangs up.
        func readUntilHangUp() { while !readSome().isEmpty {} }

        /// Blocks until the client sends something or closes; what it sent.
        func readSome() -> [UInt8] {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            return count > 0 ? Array(buffer[0..<count]) : []
        }
    }

    private let listener: LoopbackListener
    var port: UInt16 { listener.port }

    init(script: @escaping @Sendable (Connection) -> Void) throws {
        listener = try LoopbackListener { client in
            var head: [UInt8] = []
            var byte: UInt8 = 0
            while !head.suffix(4).elementsEqual("\r\n\r\n".utf8), read(client, &byte, 1) == 1 {
                head.append(byte)
            }
            script(Connection(descriptor: client, head: String(decoding: head, as: UTF8.self)))
        }
    }

    var url: URL { URL(string: "ws://127.0.0.1:\(port)/")! }

    /// A correct 101 answer to the connection's handshake.
    static func acceptingHead(for connection: Connection) -> String {
        let accept = WebSocketTestSupport.acceptValue(forKey: connection.key)
        return
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n"
    }

    /// Stops accepting; connections being served go on until their script returns.
    func stop() { listener.stop() }
}

/// A TCP client for playing a misbehaving WebSocket client against LocalHTTPServer.
final class RawTCPClient {
    private let descriptor: Int32

    init(port: UInt16) {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    deinit { close(descriptor) }

    /// Ends the connection from this side (both directions), as a client that crashed would.
    func hangUp() { shutdown(descriptor, Int32(SHUT_RDWR)) }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, bytes.count, noSignal) }
    }
    func send(_ text: String) { send(Array(text.utf8)) }

    func readSome() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &buffer, buffer.count)
        return count > 0 ? Array(buffer[0..<count]) : []
    }
}
