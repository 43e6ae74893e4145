import Foundation
import Testing

@testable import StreamsFoundation  // the frame codec: package access in Libraries/, another package

@Suite("WebSocket frames and handshake")
struct WebSocketCodecTests {
    @Test("SHA-1 matches the FIPS 180 test vectors")
    func sha1Vectors() {
        func hex(_ text: String) -> String { sha1Digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(String(repeating: "a", count: 1000)) == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
    }

    @Test("The accept value of RFC 6455's sample key")
    func acceptValue() {
        #expect(WebSocketHandshake.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test(
        "Frames of every length encoding decode back, masked and not", arguments: [0, 1, 125, 126, 65535, 65536, 70000])
    func roundTrip(length: Int) throws {
        let frame = WebSocketFrame(opcode: .binary, payload: (0..<length).map { UInt8(truncatingIfNeeded: $0) })
        for masked in [false, true] {
            var decoder = WebSocketFrameDecoder(expectsMaskedFrames: masked, maximumPayloadSize: 1 << 20)
            let bytes = frame.encoded(mask: masked ? [1, 2, 3, 4] : nil)
            // Byte by byte for the head, then the rest: a frame split anywhere still decodes.
            for byte in bytes.prefix(20) {
                #expect(try decoder.nextFrame() == nil)
                decoder.append([byte])
            }
            decoder.append(bytes.dropFirst(20))
            #expect(try decoder.nextFrame() == frame)
            #expect(!decoder.hasPartialFrame)
        }
    }

    @Test("Fragments join into one message; control frames may come between them")
    func fragmentation() throws {
        var assembler = WebSocketMessageAssembler(maximumMessageSize: 100)
        #expect(try assembler.add(WebSocketFrame(isFinal: false, opcode: .text, payload: Array("Hel".utf8))) == nil)
        #expect(
            try assembler.add(WebSocketFrame(isFinal: false, opcode: .continuation, payload: Array("lo, ".utf8))) == nil
        )
        #expect(
            try assembler.add(WebSocketFrame(isFinal: true, opcode: .continuation, payload: Array("wire".utf8)))
                == .text("Hello, wire"))
        #expect(throws: WebSocketError.self) { try assembler.add(WebSocketFrame(opcode: .continuation, payload: [])) }
    }

    @Test("Framing violations are errors, not crashes")
    func violations() {
        func decode(_ bytes: [UInt8], masked: Bool = false, limit: Int = 1000) -> WebSocketError? {
            var decoder = WebSocketFrameDecoder(expectsMaskedFrames: masked, maximumPayloadSize: limit)
            decoder.append(bytes)
            do {
                _ = try decoder.nextFrame()
                return nil
            } catch { return error }
        }
        #expect(decode([0xC1, 0x00]) == .protocolViolation("reserved bits set without an extension"))
        #expect(decode([0x83, 0x00]) == .protocolViolation("unknown opcode 3"))
        #expect(decode([0x09, 0x00]) == .protocolViolation("fragmented control frame"))
        #expect(decode([0x89, 126, 0, 200]) == .protocolViolation("control frame longer than 125 bytes"))
        #expect(decode([0x82, 0x01, 0xFF]) == nil)
        #expect(decode([0x82, 0x01, 0xFF], masked: true) == .protocolViolation("a client frame was not masked"))
        #expect(decode([0x82, 0x81, 0, 0, 0, 0, 0xFF]) == .protocolViolation("a server frame was masked"))
        #expect(decode([0x82, 127, 0, 0, 0, 1, 0, 0, 0, 0], limit: 1000) == .messageTooBig(limit: 1000))
        var assembler = WebSocketMessageAssembler(maximumMessageSize: 10)
        #expect(throws: WebSocketError.invalidUTF8) {
            try assembler.add(WebSocketFrame(opcode: .text, payload: [0xC3, 0x28]))
        }
        #expect(throws: WebSocketError.messageTooBig(limit: 10)) {
            _ = try assembler.add(
                WebSocketFrame(isFinal: false, opcode: .binary, payload: Array(repeating: 1, count: 6)))
            _ = try assembler.add(
                WebSocketFrame(isFinal: true, opcode: .continuation, payload: Array(repeating: 1, count: 6)))
        }
    }
}
