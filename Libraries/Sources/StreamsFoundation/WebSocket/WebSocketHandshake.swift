import Foundation

/// The parts of RFC 6455's opening handshake that client and server share.
package enum WebSocketHandshake {
    /// The GUID RFC 6455 appends to the client's key before hashing it.
    static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// The `Sec-WebSocket-Accept` value a server must answer to `key`.
    package static func acceptValue(forKey key: String) -> String {
        Data(sha1Digest(Array((key + acceptGUID).utf8))).base64EncodedString()
    }

    /// A fresh `Sec-WebSocket-Key`: 16 random bytes, base64.
    package static func makeKey() -> String {
        Data((0..<16).map { _ in UInt8.random(in: .min ... .max) }).base64EncodedString()
    }
}
