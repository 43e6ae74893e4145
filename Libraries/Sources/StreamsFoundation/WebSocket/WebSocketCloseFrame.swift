/// The rules of RFC 6455 (5.5.1, 7.4) for close frames' contents: which codes may be
/// received, which the client may send, and what a well-formed payload is.
extension WebSocketFrame {
    /// The code and reason of a close frame (1005 "no status" when it carries none), unchecked.
    package var closeCodeAndReason: (code: UInt16, reason: String) {
        guard payload.count >= 2 else { return (1005, "") }
        return (UInt16(payload[0]) << 8 | UInt16(payload[1]), String(decoding: payload[2...], as: UTF8.self))
    }

    /// The code and reason of a close frame received from a peer, checked: a one-byte
    /// payload or a code no endpoint may send fails with `.protocolViolation` (answered
    /// with 1002), a reason that is not UTF-8 with `.invalidUTF8` (answered with 1007).
    /// A frame without a payload is 1005, a close without a status.
    package func validatedCloseCodeAndReason() throws(WebSocketError) -> (code: UInt16, reason: String) {
        guard !payload.isEmpty else { return (1005, "") }
        guard payload.count >= 2 else { throw .protocolViolation("a close frame with a one-byte payload") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard Self.isSendableCloseCode(code) else {
            throw .protocolViolation("close code \(code) is not allowed on the wire")
        }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else { throw .invalidUTF8 }
        return (code, reason)
    }

    /// Whether an endpoint may put `code` in a close frame: 1000–1003, 1007–1014 (the codes
    /// RFC 6455 and IANA's registry define for the wire) and 3000–4999 (libraries and
    /// applications). Never 1004 (reserved), 1005, 1006 or 1015 (reserved for reporting
    /// only), other codes under 3000, or 5000 and above.
    package static func isSendableCloseCode(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }
}
