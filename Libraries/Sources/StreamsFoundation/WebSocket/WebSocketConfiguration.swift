import Foundation

/// How a `WebSocketConnection` behaves: size limit, keep-alive and reconnecting.
public struct WebSocketConfiguration: Sendable {
    /// The largest message accepted; a bigger one fails the stream with `.messageTooBig`.
    public var maximumMessageSize: Int
    /// Send a ping this often while open, and fail with `.pongTimeout` when the previous
    /// ping got no pong by the time the next is due. `nil` (the default) sends no pings.
    public var pingInterval: TimeInterval?
    /// Reconnect after a lost connection (any end but `close()` or the server's normal
    /// closure, 1000); `nil` (the default) ends the streams instead.
    public var reconnect: WebSocketReconnectPolicy?
    /// Extra header fields for the upgrade request, e.g. `Authorization`.
    public var headers: [String: String]

    /// A configuration; every argument has the default described on its property.
    public init(
        maximumMessageSize: Int = 1 << 20,
        pingInterval: TimeInterval? = nil,
        reconnect: WebSocketReconnectPolicy? = nil,
        headers: [String: String] = [:]
    ) {
        self.maximumMessageSize = maximumMessageSize
        self.pingInterval = pingInterval
        self.reconnect = reconnect
        self.headers = headers
    }
}

/// When and how often a lost connection is opened again: exponential backoff from
/// `initialDelay`, multiplied by `multiplier` after each failed attempt, up to `maximumDelay`.
public struct WebSocketReconnectPolicy: Sendable, Equatable {
    /// Attempts in a row before giving up (the count starts again after a successful open).
    public var maximumAttempts: Int
    /// The wait before the first attempt, in seconds.
    public var initialDelay: TimeInterval
    /// The factor the wait grows by per attempt.
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
