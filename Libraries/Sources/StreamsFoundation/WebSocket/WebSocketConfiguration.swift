import Foundation

/// How a `WebSocketConnection` behaves: limits, timeouts, keep-alive, reconnecting and TLS.
///
/// `connect()` checks every value first: one out of range (a negative size, a timeout that
/// is not a positive number, a header that would break the request) fails the `messages`
/// stream with `WebSocketError.invalidConfiguration`, saying which and why.
public struct WebSocketConfiguration: Sendable {
    /// The largest message accepted, in bytes (at least 1); a bigger one fails the stream
    /// with `.messageTooBig` after a close frame with code 1009. Default 1 MiB.
    public var maximumMessageSize: Int
    /// Send a ping this often while open, and fail with `.pongTimeout` when the previous
    /// ping got no pong by the time the next is due. `nil` (the default) sends no pings.
    public var pingInterval: TimeInterval?
    /// Reconnect after a lost connection (any end but `close()` or the server's normal
    /// closure, 1000 or a close frame without a code); `nil` (the default) ends the streams instead.
    public var reconnect: WebSocketReconnectPolicy?
    /// Extra header fields for the upgrade request, e.g. `Authorization`. The fields the
    /// handshake sets itself (`Host`, `Upgrade`, `Connection`, `Sec-WebSocket-*`) are refused:
    /// offer subprotocols with `subprotocols`.
    public var headers: [String: String]
    /// The subprotocols offered in `Sec-WebSocket-Protocol`, most preferred first; the
    /// server's choice is `WebSocketConnection.subprotocol`. A server choosing one not
    /// offered fails the handshake (RFC 6455 4.1). Empty (the default) offers none.
    public var subprotocols: [String]
    /// Seconds allowed for connecting: the TCP connection, TLS and the upgrade handshake
    /// together. Default 30. Resolving the host name happens before and is not bounded by it.
    public var handshakeTimeout: TimeInterval
    /// Seconds a frame may take to be written once it is first in line: a server that
    /// stops reading ends the connection with `.writeTimedOut` then. Default 30.
    public var writeTimeout: TimeInterval
    /// Seconds to wait, after sending a close frame, for the server's; then the TCP
    /// connection is dropped (after `close()`, the stream still finishes normally). Default 10.
    public var closeTimeout: TimeInterval
    /// The most bytes of messages waiting to be written; a `send` beyond it fails at once
    /// with `.sendQueueFull` (and the connection stays open). Default 16 MiB.
    public var maximumPendingSendBytes: Int
    /// What secures `wss://` connections: `WebSocketTLS.system()` from the
    /// `StreamsFoundationTLS` module (OpenSSL). `nil` (the default) refuses `wss://` URLs
    /// with `.unsupportedURL`, so that `StreamsFoundation` itself links no TLS library.
    public var tls: WebSocketTLS?

    /// A configuration; every argument has the default described on its property.
    public init(
        maximumMessageSize: Int = 1 << 20,
        pingInterval: TimeInterval? = nil,
        reconnect: WebSocketReconnectPolicy? = nil,
        headers: [String: String] = [:],
        subprotocols: [String] = [],
        handshakeTimeout: TimeInterval = 30,
        writeTimeout: TimeInterval = 30,
        closeTimeout: TimeInterval = 10,
        maximumPendingSendBytes: Int = 16 << 20,
        tls: WebSocketTLS? = nil
    ) {
        self.maximumMessageSize = maximumMessageSize
        self.pingInterval = pingInterval
        self.reconnect = reconnect
        self.headers = headers
        self.subprotocols = subprotocols
        self.handshakeTimeout = handshakeTimeout
        self.writeTimeout = writeTimeout
        self.closeTimeout = closeTimeout
        self.maximumPendingSendBytes = maximumPendingSendBytes
        self.tls = tls
    }
}

/// When and how often a lost connection is opened again: exponential backoff from
/// `initialDelay`, multiplied by `multiplier` after each failed attempt, up to `maximumDelay`.
public struct WebSocketReconnectPolicy: Sendable, Equatable {
    /// Attempts in a row before giving up (the count starts again after a successful open).
    public var maximumAttempts: Int
    /// The wait before the first attempt, in seconds.
    public var initialDelay: TimeInterval
    /// The factor the wait grows by per attempt (at least 1).
    public var multiplier: Double
    /// The longest wait, in seconds.
    public var maximumDelay: TimeInterval

    /// A policy; the defaults try 5 times, waiting 0.5, 1, 2, 4 and 8 seconds.
    public init(
        maximumAttempts: Int = 5, initialDelay: TimeInterval = 0.5, multiplier: Double = 2,
        maximumDelay: TimeInterval = 30
    ) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
    }

    /// The wait before attempt `attempt` (1-based).
    public func delay(beforeAttempt attempt: Int) -> TimeInterval {
        min(maximumDelay, initialDelay * pow(multiplier, Double(max(0, attempt - 1))))
    }
}
