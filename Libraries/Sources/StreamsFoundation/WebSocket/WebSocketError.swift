/// Why a WebSocket connection failed: the failure its `messages` stream ends with, or why a
/// send failed.
public enum WebSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not one this client can open (not `ws://` or `wss://`, no host, a port
    /// outside 1–65535, or `wss://` without a TLS configuration).
    case unsupportedURL(String)
    /// A `WebSocketConfiguration` value is out of range or malformed (what and why).
    case invalidConfiguration(String)
    /// The TCP connection could not be made, or broke (the POSIX error's description).
    case connectionFailed(String)
    /// The TLS layer of a `wss://` connection failed or refused the server (what and why).
    case tlsFailed(WebSocketTLSFailure)
    /// The server's answer to the upgrade request was not a valid WebSocket handshake.
    case handshakeFailed(String)
    /// Connecting (TCP, TLS and the upgrade handshake) took longer than the configuration's
    /// `handshakeTimeout`, in seconds.
    case handshakeTimedOut(seconds: Double)
    /// The peer broke the framing rules of RFC 6455 (malformed, unmasked or reserved-bit frames...).
    case protocolViolation(String)
    /// A message was larger than the configured limit.
    case messageTooBig(limit: Int)
    /// The connection ended in the middle of a frame or message.
    case unexpectedEndOfStream
    /// A text message (or a close frame's reason) was not valid UTF-8.
    case invalidUTF8
    /// No pong came back for a keep-alive ping within the ping interval.
    case pongTimeout
    /// A frame could not be written within the configuration's `writeTimeout`, in seconds:
    /// the server stopped reading, or the network is gone.
    case writeTimedOut(seconds: Double)
    /// The message was not queued: the messages waiting to be written already hold
    /// `limit` bytes (the configuration's `maximumPendingSendBytes`).
    case sendQueueFull(limit: Int)
    /// The peer closed the connection with a code other than a normal closure.
    case closedByPeer(code: UInt16, reason: String)
    /// The message could not be sent because the connection is not open.
    case notConnected

    /// What went wrong, in a sentence for a log or an error message.
    public var description: String {
        switch self {
        case .unsupportedURL(let url): "unsupported WebSocket URL \(url)"
        case .invalidConfiguration(let why): "invalid WebSocket configuration: \(why)"
        case .connectionFailed(let why): "connection failed: \(why)"
        case .tlsFailed(let failure): "TLS failed: \(failure)"
        case .handshakeFailed(let why): "handshake failed: \(why)"
        case .handshakeTimedOut(let seconds): "no WebSocket connection within the handshake timeout of \(seconds) s"
        case .protocolViolation(let why): "protocol violation: \(why)"
        case .messageTooBig(let limit): "message larger than the limit of \(limit) bytes"
        case .unexpectedEndOfStream: "the connection ended in the middle of a frame or message"
        case .invalidUTF8: "a text message or close reason was not valid UTF-8"
        case .pongTimeout: "no pong answered the keep-alive ping"
        case .writeTimedOut(let seconds): "a frame could not be written within the write timeout of \(seconds) s"
        case .sendQueueFull(let limit): "the messages waiting to be sent already hold the limit of \(limit) bytes"
        case .closedByPeer(let code, let reason):
            "closed by the peer with code \(code)\(reason.isEmpty ? "" : ": \(reason)")"
        case .notConnected: "the connection is not open"
        }
    }
}

/// Why the TLS layer of a `wss://` connection failed, one case per kind of failure.
public enum WebSocketTLSFailure: Sendable, Equatable, CustomStringConvertible {
    /// The server's certificate chain does not lead to a trusted certificate authority
    /// (self-signed, or signed by a CA that is neither in the system's store nor added).
    case untrustedCertificate(String)
    /// The server's certificate is valid but not for the host name (or IP address) in the URL.
    case hostNameMismatch(host: String)
    /// The server's certificate has expired or is not valid yet.
    case certificateExpired(String)
    /// The server's certificate was refused for another reason (the verifier's words).
    case invalidCertificate(String)
    /// The TLS handshake failed: no common protocol version or cipher, an alert, or bytes
    /// that are not TLS (e.g. a `ws://` server behind a `wss://` URL).
    case handshakeFailed(String)
    /// An added certificate authority is not a PEM-encoded certificate.
    case invalidTrustRoot(String)
    /// The TLS library could not be set up, or failed during the connection.
    case libraryError(String)

    /// The failure in a sentence.
    public var description: String {
        switch self {
        case .untrustedCertificate(let why): "the server's certificate is not trusted (\(why))"
        case .hostNameMismatch(let host): "the server's certificate is not valid for \(host)"
        case .certificateExpired(let why): "the server's certificate is out of its validity period (\(why))"
        case .invalidCertificate(let why): "the server's certificate was refused (\(why))"
        case .handshakeFailed(let why): "the TLS handshake failed (\(why))"
        case .invalidTrustRoot(let why): "an added certificate authority could not be read (\(why))"
        case .libraryError(let why): "the TLS library failed (\(why))"
        }
    }
}
