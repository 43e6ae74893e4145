import Foundation

/// Joins data frames into messages (RFC 6455 5.4 fragmentation) and enforces the message
/// size limit across fragments. Control frames are handled by the caller, between fragments.
package struct WebSocketMessageAssembler: Sendable {
    package let maximumMessageSize: Int
    private var kind: WebSocketFrame.Opcode?
    private var parts: [UInt8] = []

    package init(maximumMessageSize: Int) { self.maximumMessageSize = maximumMessageSize }

    /// Whether a message has started and not ended (a connection ending now ended mid-message).
    package var hasPartialMessage: Bool { kind != nil }

    /// Adds a text, binary or continuation frame; returns the message it completes, if any.
    package mutating func add(_ frame: WebSocketFrame) throws(WebSocketError) -> WebSocketMessage? {
        switch frame.opcode {
        case .text, .binary:
            guard kind == nil else { throw .protocolViolation("a new message started before the previous one ended") }
            kind = frame.opcode
            parts = []
        case .continuation:
            guard kind != nil else { throw .protocolViolation("continuation frame without a message to continue") }
        default:
            throw .protocolViolation("control frame passed as data")
        }
        guard parts.count + frame.payload.count <= maximumMessageSize else {
            throw .messageTooBig(limit: maximumMessageSize)
        }
        parts += frame.payload
        guard frame.isFinal, let finished = kind else { return nil }
        kind = nil
        defer { parts = [] }
        if finished == .text {
            guard let text = String(validating: parts, as: UTF8.self) else { throw .invalidUTF8 }
            return .text(text)
        }
        return .data(Data(parts))
    }
}

extension WebSocketMessage {
    /// The frame that carries this message unfragmented.
    package var frame: WebSocketFrame {
        switch self {
        case .text(let text): WebSocketFrame(opcode: .text, payload: Array(text.utf8))
        case .data(let data): WebSocketFrame(opcode: .binary, payload: Array(data))
        }
    }
}
