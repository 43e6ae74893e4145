/// What secures the `wss://` connections of a `WebSocketConfiguration`.
///
/// StreamsFoundation links no TLS library, so that programs using only its streams or
/// `ws://` need none: `WebSocketTLS.system()` in the `StreamsFoundationTLS` module makes
/// one backed by the system's OpenSSL, with certificate and host-name verification:
///
/// ```swift
/// import StreamsFoundation
/// import StreamsFoundationTLS
///
/// let socket = WebSocketConnection(
///     url: URL(string: "wss://example.org/live")!,
///     configuration: WebSocketConfiguration(tls: try WebSocketTLS.system()))
/// ```
public struct WebSocketTLS: Sendable {
    /// Starts a TLS client session for `host` (the name checked against the certificate
    /// and sent as SNI when it is not an IP address).
    package let makeSession: @Sendable (_ host: String) throws(WebSocketError) -> any WebSocketSecureSession

    /// A TLS configuration whose sessions `makeSession` starts.
    package init(makeSession: @escaping @Sendable (_ host: String) throws(WebSocketError) -> any WebSocketSecureSession)
    {
        self.makeSession = makeSession
    }
}

/// One TLS client session over bytes the connection moves itself: the connection reads
/// and writes the socket (non-blocking, without SIGPIPE, with its timeouts), the session
/// only turns ciphertext into plaintext and back. Used from the connection's thread only.
package protocol WebSocketSecureSession: AnyObject {
    /// Bytes that arrived from the server, still encrypted.
    func receiveCiphertext(_ bytes: [UInt8])
    /// Advances the handshake with what has arrived: true once it is complete; throws
    /// `.tlsFailed` with the reason (an untrusted or wrong certificate, an alert...).
    func continueHandshake() throws(WebSocketError) -> Bool
    /// The plaintext decrypted from what has arrived (possibly empty); nil once the server
    /// ended the TLS session.
    func decrypt() throws(WebSocketError) -> [UInt8]?
    /// Encrypts `bytes`; the records are then in `takeCiphertext()`.
    func encrypt(_ bytes: [UInt8]) throws(WebSocketError)
    /// The encrypted bytes to send, in order (handshake, records, alerts); empties the buffer.
    func takeCiphertext() -> [UInt8]
}
