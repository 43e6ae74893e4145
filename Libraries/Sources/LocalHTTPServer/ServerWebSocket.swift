import Foundation
import StreamsFoundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's end of one WebSocket connection that `LocalHTTPServer` upgraded: blocking
/// `receive()` for the client's messages, `send` from any thread. The frame codec is
/// StreamsFoundation's (the same one the client uses), with the server's rules: client
/// frames must be masked, server frames are not.
public final class ServerWebSocket: @unchecked Sendable {
    /// The upgrade request, e.g. to read its path or query.
    public let request: HTTPRequest
    private let descriptor: Int32
    private let maximumMessageSize: Int
    private let lock = NSLock()
    private var decoder: WebSocketFrameDecoder
    private var closeSent = false
    private var closeFrameReceived: CloseFrame?

    /// The code and reason of a close frame.
    public struct CloseFrame: Sendable, Equatable {
        /// The close code (1005 when the frame carried none).
        public let code: UInt16
        /// The reason, empty when the frame carried none.
        public let reason: String

        /// A close frame's contents.
        public init(code: UInt16, reason: String) {
            self.code = code
            self.reason = reason
        }
    }

    /// The client's close frame, once `receive()` has read it: nil before, and when the
    /// connection ended without one.
    public var receivedClose: CloseFrame? { lock.withLock { closeFrameReceived } }

    init(descriptor: Int32, request: HTTPRequest, leftover: [UInt8], maximumMessageSize: Int) {
        self.descriptor = descriptor
        self.request = request
        self.maximumMessageSize = maximumMessageSize
        decoder = WebSocketFrameDecoder(expectsMaskedFrames: true, maximumPayloadSize: maximumMessageSize)
        decoder.append(leftover)
    }

    /// The next message from the client: nil once the client closed the connection (the
    /// close is answered), throws when it broke the protocol (after closing with 1002/1009).
    /// Answers pings while waiting.
    public func receive() throws(WebSocketError) -> WebSocketMessage? {
        var assembler = WebSocketMessageAssembler(maximumMessageSize: maximumMessageSize)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        do throws(WebSocketError) {
            while true {
                while let frame = try decoder.nextFrame() {
                    switch frame.opcode {
                    case .ping: try? sendFrame(WebSocketFrame(opcode: .pong, payload: frame.payload))
                    case .pong: break
                    case .close:
                        let (code, reason) = frame.closeCodeAndReason
                        lock.withLock { closeFrameReceived = CloseFrame(code: code, reason: reason) }
                        close(code: code == 1005 ? 1000 : code)
                        return nil
                    default:
                        if let message = try assembler.add(frame) { return message }
                    }
                }
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else {
                    if decoder.hasPartialFrame || assembler.hasPartialMessage {
                        throw WebSocketError.unexpectedEndOfStream
                    }
                    return nil
                }
                decoder.append(buffer[0..<count])
            }
        } catch {
            let code: UInt16 =
                if case .messageTooBig = error { 1009 } else if case .invalidUTF8 = error { 1007 } else { 1002 }
            close(code: code, reason: error.description)
            throw error
        }
    }

    /// Sends `message` to the client; throws `.notConnected` once the connection is gone.
    public func send(_ message: WebSocketMessage) throws(WebSocketError) {
        try sendFrame(message.frame)
    }

    /// Sends a close frame (once); the client answers and `receive()` then returns nil.
    public func close(code: UInt16 = 1000, reason: String = "") {
        let first = lock.withLock {
            defer { closeSent = true }
            return !closeSent
        }
        if first { try? writeAll(WebSocketFrame.close(code: code, reason: reason).encoded()) }
    }

    /// Drops the TCP connection without a close frame, as a crashed server or a lost
    /// network would: the client sees an abnormal closure (1006).
    public func abort() {
        lock.withLock { closeSent = true }
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Writes raw bytes, e.g. a deliberately malformed frame in a test.
    public func sendRaw(_ bytes: [UInt8]) throws(WebSocketError) { try writeAll(bytes) }

    private func sendFrame(_ frame: WebSocketFrame) throws(WebSocketError) {
        guard !lock.withLock({ closeSent }) else { throw .notConnected }
        try writeAll(frame.encoded())
    }

    private func writeAll(_ bytes: [UInt8]) throws(WebSocketError) {
        lock.lock()
        defer { lock.unlock() }
        var offset = 0
        while offset < bytes.count {
            // send with no SIGPIPE: a client that already left must not kill the process.
            let written = bytes.withUnsafeBytes {
                sendBytes(descriptor, $0.baseAddress! + offset, bytes.count - offset, noSignal)
            }
            guard written > 0 else { throw .notConnected }
            offset += written
        }
    }
}

#if canImport(Glibc)
private let sendBytes = Glibc.send
#else
private let sendBytes = Darwin.send
#endif
