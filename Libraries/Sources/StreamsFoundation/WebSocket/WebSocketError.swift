/// Why a WebSocket connection failed: the failure its `messages` stream ends with.
public enum WebSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not one this client can open (e.g. `wss://` without URLSession's support).
    case unsupportedURL(String)
    /// The TCP connection could not be made, or broke (the POSIX error's description).
    case connectionFailed(String)
    /// The server's answer to the upgrade request was not a valid WebSocket handshake.
    case handshakeFailed(String)
    /// The peer broke the framing rules of RFC 6455 (malformed, unmasked or reserved-bit frames...).
    case protocolViolation(String)
    /// A message was larger than the configured limit.
    case messageTooBig(limit: Int)
    /// The connection ended in the middle of a frame or message.
    case unexpectedEndOfStream
    /// A text message was not valid UTF-8.
    case invalidUTF8
    /// No pong came back for a keep-alive ping within the ping interval.
    case pongTimeout
    /// The peer closed the connection with a code other than a normal closure.
    case closedByPeer(code: UInt16, reason: String)
    /// The message could not be sent because the connection is not open.
    case notConnected

    /// What went wrong, in a sentence for a log or an error message.
    public var description: String {
        switch self {
        case .unsupportedURL(let url): "unsupported WebSocket URL \(url)"
        case .connectionFailed(let why): "connection failed: \(why)"
        case .handshakeFailed(let why): "handshake failed: \(why)"
        case .protocolViolation(let why): "protocol violation: \(why)"
        case .messageTooBig(let limit): "message larger than the limit of \(limit) bytes"
        case .unexpectedEndOfStream: "the connection ended in the middle of a frame or message"
        case .invalidUTF8: "a text message was not valid UTF-8"
        case .pongTimeout: "no pong answered the keep-alive ping"
        case .closedByPeer(let code, let reason):
            "closed by the peer with code \(code)\(reason.isEmpty ? "" : ": \(reason)")"
        case .notConnected: "the connection is not open"
        }
    }
}
