import Foundation

/// One complete message of a WebSocket connection, reassembled from its frames.
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message (UTF-8 on the wire).
    case text(String)
    /// A binary message.
    case data(Data)
}
