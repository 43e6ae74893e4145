import Foundation
import StreamsFoundation
import StreamsFoundationTLS
import TestWaiting
import Testing

/// wss:// against a TLS WebSocket server on loopback whose certificates a test CA signed
/// (TestCertificates): what must work works, and what must be refused is, each with its
/// own error.
@Suite("wss:// with OpenSSL", .serialized)
struct SecureWebSocketTests {
    private let trustingTestCA: WebSocketConfiguration

    init() throws {
        trustingTestCA = WebSocketConfiguration(
            tls: try .system(additionalTrustedCertificates: [TestCertificates.authority]))
    }

    /// Runs a connection to `url` to its end: the messages echoed after sending `message`
    /// (when it opens), and how the stream ended.
    private func run(_ url: URL, _ configuration: WebSocketConfiguration, sending message: WebSocketMessage? = nil)
        -> (messages: [WebSocketMessage], completion: Subscribers.Completion<WebSocketError>?)
    {
        let connection = WebSocketConnection(url: url, configuration: configuration)
        let received = LockedValue<[WebSocketMessage]>([])
        let completion = LockedValue<Subscribers.Completion<WebSocketError>?>(nil)
        let ended = Signal()
        let watchers = [
            connection.messages.sink(
                receiveCompletion: {
                    completion.value = $0
                    ended.signal()
                },
                receiveValue: { message in
                    received.modify { $0.append(message) }
                    connection.close()  // one echo is enough
                }),
            connection.state.sink { state in
                if state == .open, let message { _ = connection.send(message) }
            },
        ]
        connection.connect()
        _ = ended.wait()
        for watcher in watchers { watcher.cancel() }
        return (received.value, completion.value)
    }

    @Test("A message echoes over wss:// to a host name; SNI names it")
    func echoByName() throws {
        let server = try TLSWebSocketServer(
            .tls(certificate: TestCertificates.localhost, key: TestCertificates.localhostKey))
        defer { server.stop() }
        let outcome = run(server.url(host: "localhost"), trustingTestCA, sending: .text("héllo over TLS"))
        #expect(outcome.messages == [.text("héllo over TLS")])
        guard case .finished? = outcome.completion else {
            Issue.record("closes normally: \(String(describing: outcome.completion))")
            return
        }
        #expect(server.requestedServerNames == ["localhost"])
    }

    @Test("wss:// to an IP address checks the address in the certificate and sends no SNI")
    func echoByAddress() throws {
        let server = try TLSWebSocketServer(
            .tls(certificate: TestCertificates.localhost, key: TestCertificates.localhostKey))
        defer { server.stop() }
        let big = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let outcome = run(server.url(host: "127.0.0.1"), trustingTestCA, sending: .data(big))
        #expect(outcome.messages == [.data(big)])
        #expect(server.requestedServerNames == [nil])
    }

    @Test("A certificate for another host name is refused with hostNameMismatch")
    func wrongHostName() throws {
        let server = try TLSWebSocketServer(
            .tls(certificate: TestCertificates.elsewhere, key: TestCertificates.elsewhereKey))
        defer { server.stop() }
        #expect(
            run(server.url(host: "localhost"), trustingTestCA).completion
                == .failure(.tlsFailed(.hostNameMismatch(host: "localhost"))))
        #expect(
            run(server.url(host: "127.0.0.1"), trustingTestCA).completion
                == .failure(.tlsFailed(.hostNameMismatch(host: "127.0.0.1"))))
        #expect(server.requestedServerNames.isEmpty, "no connection got past the handshake")
    }

    @Test("A certificate from a CA the client does not trust is refused with untrustedCertificate")
    func untrustedCertificate() throws {
        let server = try TLSWebSocketServer(
            .tls(certificate: TestCertificates.localhost, key: TestCertificates.localhostKey))
        defer { server.stop() }
        let systemStoreOnly = WebSocketConfiguration(tls: try .system())
        #expect(
            run(server.url(), systemStoreOnly).completion
                == .failure(.tlsFailed(.untrustedCertificate("unable to get local issuer certificate"))))
        #expect(server.requestedServerNames.isEmpty)
        #expect(waitUntil { server.failedHandshakeCount == 1 }, "the server saw the client refuse")
    }

    @Test("A server that does not speak TLS fails the TLS handshake")
    func notTLS() throws {
        let server = try TLSWebSocketServer(.plainHTTP)
        defer { server.stop() }
        guard case .failure(.tlsFailed(.handshakeFailed(let why)))? = run(server.url(), trustingTestCA).completion
        else {
            Issue.record("a plain HTTP answer is a TLS handshake failure")
            return
        }
        #expect(!why.isEmpty)
    }

    @Test("A server that never starts TLS fails with handshakeTimedOut")
    func silentServer() throws {
        let server = try TLSWebSocketServer(.silent)
        defer { server.stop() }
        var configuration = trustingTestCA
        configuration.handshakeTimeout = 0.3
        #expect(run(server.url(), configuration).completion == .failure(.handshakeTimedOut(seconds: 0.3)))
    }

    @Test("A trusted CA that is not a PEM certificate is refused when the configuration is made")
    func invalidTrustRoot() {
        #expect(throws: WebSocketError.tlsFailed(.invalidTrustRoot("no PEM certificate in \"not a certificate...\""))) {
            _ = try WebSocketTLS.system(additionalTrustedCertificates: ["not a certificate"])
        }
    }
}
