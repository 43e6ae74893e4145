import COpenSSLTestServer
import Foundation
import TestWaiting

@testable import StreamsFoundation  // the frame codec: package access in Libraries/, another package

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A WebSocket echo server over TLS on 127.0.0.1, written with OpenSSL for the wss://
/// tests: it upgrades, echoes text and binary messages, answers the close. It keeps what
/// the tests check: the SNI name each client asked for and how many TLS handshakes failed.
final class TLSWebSocketServer: @unchecked Sendable {
    /// What the server does with a connection.
    enum Behaviour {
        /// TLS with this certificate and key (PEM), then WebSocket echo.
        case tls(certificate: String, key: String)
        /// Answers in plain HTTP, as a `ws://` server behind a `wss://` URL would.
        case plainHTTP
        /// Accepts the TCP connection and says nothing.
        case silent
    }

    private var listener: LoopbackListener!
    var port: UInt16 { listener.port }
    private let context: OpaquePointer?
    private let lock = NSLock()
    private var serverNames: [String?] = []
    private var failedHandshakes = 0

    init(_ behaviour: Behaviour) throws {
        signal(SIGPIPE, SIG_IGN)  // OpenSSL writes with write(2): a client that left must not end the tests
        if case .tls(let certificate, let key) = behaviour {
            let context = SSL_CTX_new(TLS_server_method())!
            let certificateBIO = Self.memoryBIO(certificate)
            let keyBIO = Self.memoryBIO(key)
            defer {
                BIO_free(certificateBIO)
                BIO_free(keyBIO)
            }
            guard let x509 = PEM_read_bio_X509(certificateBIO, nil, nil, nil),
                let privateKey = PEM_read_bio_PrivateKey(keyBIO, nil, nil, nil),
                SSL_CTX_use_certificate(context, x509) == 1, SSL_CTX_use_PrivateKey(context, privateKey) == 1
            else { throw POSIXError(.EINVAL) }
            X509_free(x509)
            EVP_PKEY_free(privateKey)
            self.context = context
        } else {
            context = nil
        }
        // After every other property: the accept loop's closure holds the server.
        listener = try LoopbackListener { [self] client in serve(client, behaviour) }
    }

    deinit { if let context { SSL_CTX_free(context) } }

    /// The SNI names the clients that completed the TLS handshake asked for (nil: none).
    var requestedServerNames: [String?] { lock.withLock { serverNames } }
    /// How many TLS handshakes failed (the client refused the certificate, or left).
    var failedHandshakeCount: Int { lock.withLock { failedHandshakes } }

    func url(host: String = "localhost") -> URL { URL(string: "wss://\(host):\(port)/echo")! }

    /// Stops accepting; connections being served go on until they end.
    func stop() { listener.stop() }

    private func serve(_ client: Int32, _ behaviour: Behaviour) {
        switch behaviour {
        case .silent:
            var byte: UInt8 = 0
            while read(client, &byte, 1) > 0 {}
        case .plainHTTP:
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = read(client, &buffer, buffer.count)
            let answer = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)
            _ = send(client, answer, answer.count, noSignal)
        case .tls:
            let ssl = SSL_new(context!)!
            defer { SSL_free(ssl) }
            SSL_set_fd(ssl, client)
            guard SSL_accept(ssl) == 1 else {
                lock.withLock { failedHandshakes += 1 }
                return
            }
            let name = swiftlab_test_SSL_requested_server_name(ssl).map { String(cString: $0) }
            lock.withLock { serverNames.append(name) }
            echo(over: ssl)
            SSL_shutdown(ssl)
        }
    }

    /// Upgrades and echoes until the client's close frame, which it answers.
    private func echo(over ssl: OpaquePointer) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        func readMore() -> Bool {
            let count = SSL_read(ssl, &buffer, Int32(buffer.count))
            guard count > 0 else { return false }
            received += buffer[0..<Int(count)]
            return true
        }
        func write(_ bytes: [UInt8]) { _ = SSL_write(ssl, bytes, Int32(bytes.count)) }
        while received.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
            guard readMore() else { return }
        }
        let head = String(decoding: received, as: UTF8.self)
        let key =
            head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
            .map { String($0.dropFirst("sec-websocket-key:".count)).trimmingCharacters(in: .whitespaces) } ?? ""
        write(
            Array(
                ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(forKey: key))\r\n\r\n").utf8))
        var decoder = WebSocketFrameDecoder(expectsMaskedFrames: true, maximumPayloadSize: 1 << 24)
        decoder.append(received[(received.firstRange(of: Array("\r\n\r\n".utf8))!.upperBound)...])
        while true {
            while let frame = try? decoder.nextFrame() {
                switch frame.opcode {
                case .close:
                    write(WebSocketFrame(opcode: .close, payload: frame.payload).encoded())
                    return
                case .ping: write(WebSocketFrame(opcode: .pong, payload: frame.payload).encoded())
                case .pong: break
                default: write(frame.encoded())
                }
            }
            received = []
            guard readMore() else { return }
            decoder.append(received)
        }
    }

    private static func memoryBIO(_ text: String) -> OpaquePointer? {
        let bytes = Array(text.utf8)
        let bio = BIO_new(BIO_s_mem())
        _ = bytes.withUnsafeBytes { BIO_write(bio, $0.baseAddress, Int32($0.count)) }
        return bio
    }
}
