import Foundation

/// Where a WebSocket connection is in its life, as its `state` stream publishes it.
public enum WebSocketState: Sendable, Equatable {
    /// Opening the TCP connection and doing the upgrade handshake.
    case connecting
    /// Messages flow both ways.
    case open
    /// A close frame was sent or received; waiting for the other side's.
    case closing
    /// The connection is over: the close code and reason (1006 when it ended without a close frame).
    case closed(code: UInt16, reason: String)
    /// Reconnecting is on and the connection was lost: attempt `attempt` starts after `delay` seconds.
    case waitingToReconnect(attempt: Int, delay: TimeInterval)
}
