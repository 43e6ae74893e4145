/// One frame of RFC 6455's framing, and its encoding. Shared by the client here and by the
/// server side in LocalHTTPServer (which depends on StreamsFoundation), so both ends speak
/// exactly the same wire format; `package` keeps it out of the public API.
package struct WebSocketFrame: Sendable, Equatable {
    /// The frame's kind (RFC 6455 section 5.2).
    package enum Opcode: UInt8, Sendable {
        case continuation = 0x0
        case text = 0x1
        case binary = 0x2
        case close = 0x8
        case ping = 0x9
        case pong = 0xA

        /// Close, ping and pong: at most 125 bytes, never fragmented.
        var isControl: Bool { rawValue & 0x8 != 0 }
    }

    package var isFinal: Bool
    package var opcode: Opcode
    package var payload: [UInt8]

    package init(isFinal: Bool = true, opcode: Opcode, payload: [UInt8]) {
        self.isFinal = isFinal
        self.opcode = opcode
        self.payload = payload
    }

    /// A close frame carrying `code` and `reason`, the reason cut to the 123 bytes a
    /// control frame has room for at a character boundary, so that it stays valid UTF-8.
    package static func close(code: UInt16, reason: String) -> WebSocketFrame {
        WebSocketFrame(opcode: .close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + closeReasonBytes(reason))
    }

    /// `reason` in UTF-8, whole characters only, at most 123 bytes.
    static func closeReasonBytes(_ reason: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for character in reason {
            let encoded = Array(character.utf8)
            guard bytes.count + encoded.count <= 123 else { break }
            bytes += encoded
        }
        return bytes
    }

    /// The bytes on the wire; clients must pass a `mask` (RFC 6455 5.3), servers must not.
    package func encoded(mask: [UInt8]? = nil) -> [UInt8] {
        var bytes: [UInt8] = [(isFinal ? 0x80 : 0) | opcode.rawValue]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        switch payload.count {
        case 0..<126: bytes.append(maskBit | UInt8(payload.count))
        case 126...0xFFFF:
            bytes.append(maskBit | 126)
            bytes += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            bytes.append(maskBit | 127)
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64($0 * 8)) }
        }
        if let mask {
            bytes += mask
            let start = bytes.count
            bytes += payload
            // Through a buffer pointer: megabytes are masked here, and this stays fast in debug builds.
            bytes.withUnsafeMutableBufferPointer { buffer in
                for index in start..<buffer.count { buffer[index] ^= mask[(index - start) & 3] }
            }
        } else {
            bytes += payload
        }
        return bytes
    }
}

/// Reads frames out of a byte stream as it arrives, checking the framing rules.
package struct WebSocketFrameDecoder: Sendable {
    /// Whether frames must be masked (a server reading a client) or must not be (a client).
    package let expectsMaskedFrames: Bool
    /// The largest payload accepted, so a peer cannot make us buffer without bound.
    package let maximumPayloadSize: Int
    private var buffer: [UInt8] = []

    package init(expectsMaskedFrames: Bool, maximumPayloadSize: Int) {
        self.expectsMaskedFrames = expectsMaskedFrames
        self.maximumPayloadSize = maximumPayloadSize
    }

    /// Whether part of a frame is waiting for more bytes (a connection ending now ended mid-frame).
    package var hasPartialFrame: Bool { !buffer.isEmpty }

    /// Adds bytes read from the connection.
    package mutating func append(_ bytes: some Collection<UInt8>) { buffer += bytes }

    /// The next complete frame, or nil until more bytes arrive.
    package mutating func nextFrame() throws(WebSocketError) -> WebSocketFrame? {
        guard buffer.count >= 2 else { return nil }
        let first = buffer[0]
        let second = buffer[1]
        guard first & 0x70 == 0 else { throw .protocolViolation("reserved bits set without an extension") }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw .protocolViolation("unknown opcode \(first & 0x0F)")
        }
        let isFinal = first & 0x80 != 0
        let masked = second & 0x80 != 0
        if masked != expectsMaskedFrames {
            throw .protocolViolation(masked ? "a server frame was masked" : "a client frame was not masked")
        }
        var offset = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            guard buffer.count >= 4 else { return nil }
            length = UInt64(buffer[2]) << 8 | UInt64(buffer[3])
            offset = 4
        } else if length == 127 {
            guard buffer.count >= 10 else { return nil }
            length = buffer[2..<10].reduce(0) { $0 << 8 | UInt64($1) }
            guard length >> 63 == 0 else { throw .protocolViolation("64-bit length with the top bit set") }
            offset = 10
        }
        if opcode.isControl {
            guard isFinal else { throw .protocolViolation("fragmented control frame") }
            guard length <= 125 else { throw .protocolViolation("control frame longer than 125 bytes") }
        }
        guard length <= UInt64(maximumPayloadSize) else { throw .messageTooBig(limit: maximumPayloadSize) }
        let maskKey: [UInt8]?
        if masked {
            guard buffer.count >= offset + 4 else { return nil }
            maskKey = Array(buffer[offset..<offset + 4])
            offset += 4
        } else {
            maskKey = nil
        }
        // Compared before adding: with a limit of Int.max, a length near 2^63 would overflow.
        guard UInt64(buffer.count - offset) >= length else { return nil }
        let end = offset + Int(length)
        var payload = Array(buffer[offset..<end])
        if let maskKey {
            for index in payload.indices { payload[index] ^= maskKey[index % 4] }
        }
        buffer.removeFirst(end)
        return WebSocketFrame(isFinal: isFinal, opcode: opcode, payload: payload)
    }
}
