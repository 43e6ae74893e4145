import Foundation

/// One connection attempt of a `WebSocketConnection`, from the TCP connect to the end, on
/// the connection's own thread: a single `poll` loop reads, writes, keeps alive and keeps
/// time. Other threads only queue sends and ask for the close (under `lock`) and wake it,
/// so nothing the server does (not reading, flooding pings, never answering) can block the
/// reading side, the keep-alive or `close()`.
final class WebSocketLink: @unchecked Sendable {
    /// How the attempt ended.
    enum Ending {
        case closed(code: UInt16, reason: String, wasOpen: Bool)
        case failed(WebSocketError, wasOpen: Bool)
    }

    typealias Promise = @Sendable (Result<Void, WebSocketError>) -> Void

    /// A frame waiting to be written, with whom to tell once it is.
    private struct Outgoing {
        var frame: WebSocketFrame
        var promise: Promise?
    }

    private let endpoint: WebSocketEndpoint
    private let configuration: WebSocketConfiguration
    private let stateChanged: @Sendable (WebSocketState) -> Void
    private let delivered: @Sendable (WebSocketMessage) -> Void
    private let waker: WakeUpPipe

    // Shared with other threads, guarded by `lock`:
    private let lock = NSLock()
    private var isOpen = false
    private var isFinished = false
    private var userQueue: [Outgoing] = []
    private var userQueueBytes = 0
    private var closeRequest: (code: UInt16, reason: String)?

    // The connection thread's own:
    private var socket: TCPSocket?
    private var secure: (any WebSocketSecureSession)?
    private var wire: [UInt8] = []
    private var wireWritten = 0
    private var wirePromise: Promise?
    private var wireDeadline: Deadline?
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// The subprotocol the server chose.
    private var subprotocol: String?

    init(
        endpoint: WebSocketEndpoint, configuration: WebSocketConfiguration,
        stateChanged: @escaping @Sendable (WebSocketState) -> Void,
        delivered: @escaping @Sendable (WebSocketMessage) -> Void
    ) throws(WebSocketError) {
        self.endpoint = endpoint
        self.configuration = configuration
        self.stateChanged = stateChanged
        self.delivered = delivered
        waker = try WakeUpPipe()
    }

    // MARK: - From any thread

    /// Queues `frame` behind the messages already queued; `promise` hears when it is
    /// written, or at once why not (not open, queue full).
    func enqueue(_ frame: WebSocketFrame, promise: @escaping Promise) {
        let refusal: WebSocketError? = lock.withLock {
            guard isOpen, !isFinished, closeRequest == nil else { return .notConnected }
            guard userQueueBytes + frame.payload.count <= configuration.maximumPendingSendBytes else {
                return .sendQueueFull(limit: configuration.maximumPendingSendBytes)
            }
            userQueue.append(Outgoing(frame: frame, promise: promise))
            userQueueBytes += frame.payload.count
            return nil
        }
        if let refusal { promise(.failure(refusal)) } else { waker.wake() }
    }

    /// Asks for the closing handshake (the close frame goes after the messages already
    /// queued), or abandons connecting. The first call counts.
    func requestClose(code: UInt16, reason: String) {
        lock.withLock { if closeRequest == nil { closeRequest = (code, reason) } }
        waker.wake()
    }

    private var closeWasRequested: Bool { lock.withLock { closeRequest != nil } }

    // MARK: - The connection thread

    /// Connects, hands-shake and serves the connection until it ends; releases everything.
    /// `opened` hears the subprotocol the server chose before the state turns `.open`.
    func run(opened: (String?) -> Void) -> Ending {
        var wasOpen = false
        let ending: Ending
        do {
            if let decoder = try open() {
                wasOpen = true
                opened(subprotocol)
                ending = try serve(decoder: decoder)
            } else {
                ending = .closed(code: 1000, reason: "", wasOpen: false)
            }
        } catch {
            ending = .failed(error, wasOpen: wasOpen)
        }
        let unsent: [Outgoing] = lock.withLock {
            isFinished = true
            defer { userQueue = [] }
            return userQueue
        }
        // The frame being written when a write timed out failed for that reason; the rest were never sent.
        if case .failed(let error, _) = ending, case .writeTimedOut = error {
            wirePromise?(.failure(error))
        } else {
            wirePromise?(.failure(.notConnected))
        }
        for item in unsent { item.promise?(.failure(.notConnected)) }
        socket?.close()
        waker.close()
        return ending
    }

    /// Connects, secures and upgrades within the handshake timeout; the decoder holding the
    /// bytes that followed the answer, or nil when `close()` came first.
    private func open() throws(WebSocketError) -> WebSocketFrameDecoder? {
        let deadline = Deadline(secondsFromNow: configuration.handshakeTimeout)
        let timeout = WebSocketError.handshakeTimedOut(seconds: configuration.handshakeTimeout)
        guard
            let socket = try TCPSocket.connect(
                host: endpoint.host, port: endpoint.port, deadline: deadline, timeout: timeout, waker: waker,
                isCancelled: { closeWasRequested })
        else { return nil }
        self.socket = socket
        if endpoint.isSecure {
            guard let tls = configuration.tls else { throw .unsupportedURL("wss:// without a TLS configuration") }
            let session = try tls.makeSession(endpoint.host)
            secure = session
            while try !session.continueHandshake() {
                try queueCiphertext()
                if case .cancelled = try exchange(until: deadline, timeout: timeout, tlsHandshake: true) { return nil }
            }
            try queueCiphertext()  // the client's last handshake flight
        }
        let handshake = WebSocketClientHandshake(endpoint: endpoint, configuration: configuration)
        try queue(handshake.request)
        var received: [UInt8] = []
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            switch try exchange(until: deadline, timeout: timeout) {
            case .cancelled: return nil
            case .ended: throw .handshakeFailed("the server closed the connection during the handshake")
            case .bytes(let bytes): received += bytes
            }
            if let headEnd = received.firstRange(of: separator) {
                subprotocol = try handshake.check(
                    responseHead: String(decoding: received[..<headEnd.lowerBound], as: UTF8.self))
                var decoder = WebSocketFrameDecoder(
                    expectsMaskedFrames: false, maximumPayloadSize: configuration.maximumMessageSize)
                decoder.append(received[headEnd.upperBound...])
                let cancelled = lock.withLock {
                    isOpen = closeRequest == nil
                    return !isOpen
                }
                return cancelled ? nil : decoder
            }
            if received.count > 64 * 1024 { throw .handshakeFailed("response head too long") }
        }
    }

    /// What one wait during the handshake brought.
    private enum Arrival {
        /// `close()` was called: stop connecting.
        case cancelled
        /// The server hung up.
        case ended
        /// Plaintext (empty when only the TLS handshake moved on).
        case bytes([UInt8])
    }

    /// During the handshake: writes what is queued, then waits for bytes and reads them;
    /// with `tlsHandshake`, only feeds them to the TLS session.
    private func exchange(until deadline: Deadline, timeout: WebSocketError, tlsHandshake: Bool = false)
        throws(WebSocketError) -> Arrival
    {
        while true {
            if closeWasRequested { return .cancelled }
            if deadline.hasPassed { throw timeout }
            try flushWire()
            let ready = socket!.wait(forWriting: wireWritten < wire.count, waker: waker, until: deadline)
            guard ready.readable else { continue }
            switch try socket!.read(into: &readBuffer) {
            case .wouldBlock: continue
            case .endOfStream:
                if tlsHandshake {
                    throw .tlsFailed(.handshakeFailed("the server closed the connection during the TLS handshake"))
                }
                return .ended
            case .moved(let count):
                let bytes = Array(readBuffer[0..<count])
                guard let secure else { return .bytes(bytes) }
                secure.receiveCiphertext(bytes)
                if tlsHandshake { return .bytes([]) }
                guard let plaintext = try secure.decrypt() else { return .ended }
                try queueCiphertext()
                if !plaintext.isEmpty { return .bytes(plaintext) }
            }
        }
    }

    // MARK: Serving the open connection

    /// The protocol's state while open.
    private struct Session {
        var decoder: WebSocketFrameDecoder
        var assembler: WebSocketMessageAssembler
        var pendingPong: [UInt8]?
        var pingDue = false
        var awaitingPong = false
        var nextPing: Deadline?
        var closeSent = false
        var closeReceived: (code: UInt16, reason: String)?
        var closeDeadline: Deadline?
        var userClosed = false
        /// Set when the server broke the protocol: the close frame telling it why goes out, then the end.
        var failure: WebSocketError?
    }

    private func serve(decoder: WebSocketFrameDecoder) throws(WebSocketError) -> Ending {
        stateChanged(.open)
        var session = Session(
            decoder: decoder, assembler: WebSocketMessageAssembler(maximumMessageSize: configuration.maximumMessageSize)
        )
        if let interval = configuration.pingInterval { session.nextPing = Deadline(secondsFromNow: interval) }
        // Frames that came with the handshake's answer.
        if let ending = try handleFrames(&session) { return ending }
        while true {
            if !session.userClosed, let request = lock.withLock({ closeRequest }) {
                session.userClosed = true
                if session.closeReceived == nil {
                    stateChanged(.closing)
                    session.closeDeadline = Deadline(secondsFromNow: configuration.closeTimeout)
                }
                // The close frame itself goes in order, after the messages queued before it.
                lock.withLock { userQueue.append(Outgoing(frame: closeFrame(for: request), promise: nil)) }
            }
            // The timers first: a keep-alive ping they make due goes on the wire now, not
            // after the wait (which would end only at the next ping's time, when the first
            // would count as unanswered).
            if let ending = checkTimers(&session) { return ending }
            if let ending = try writeNext(&session) { return ending }

            let deadlines = [session.nextPing, session.closeDeadline, wireDeadline].compactMap { $0 }
            let ready = socket!.wait(forWriting: wireWritten < wire.count, waker: waker, until: deadlines.min())
            guard ready.readable else { continue }
            switch try socket!.read(into: &readBuffer) {
            case .wouldBlock: continue
            case .endOfStream:
                return endOfStream(session)
            case .moved(let count):
                var bytes = Array(readBuffer[0..<count])
                if let secure {
                    secure.receiveCiphertext(bytes)
                    guard let plaintext = try secure.decrypt() else { return endOfStream(session) }
                    try queueCiphertext()
                    bytes = plaintext
                }
                // After a failure or the server's close frame, what still comes is read (to
                // see the server hang up) and dropped.
                guard session.failure == nil, session.closeReceived == nil else { continue }
                session.decoder.append(bytes)
                if let ending = try handleFrames(&session) { return ending }
            }
        }
    }

    /// The close frame for a user's `close(code:reason:)`: a code the client may not send
    /// becomes 1000, the reason is cut to fit at a character boundary.
    private func closeFrame(for request: (code: UInt16, reason: String)) -> WebSocketFrame {
        .close(code: WebSocketFrame.isSendableCloseCode(request.code) ? request.code : 1000, reason: request.reason)
    }

    /// Decodes and acts on the frames received; an ending once the connection is over.
    private func handleFrames(_ session: inout Session) throws(WebSocketError) -> Ending? {
        do throws(WebSocketError) {
            while session.failure == nil, session.closeReceived == nil, let frame = try session.decoder.nextFrame() {
                switch frame.opcode {
                case .ping:
                    // Only the newest ping is answered when several wait (RFC 6455 5.5.3): a
                    // flood of pings that the server never reads cannot pile up pongs.
                    if !session.closeSent { session.pendingPong = frame.payload }
                case .pong:
                    session.awaitingPong = false
                case .close:
                    let (code, reason) = try frame.validatedCloseCodeAndReason()
                    session.closeReceived = (code, reason)
                    if session.closeSent { return .closed(code: code, reason: reason, wasOpen: true) }
                    stateChanged(.closing)
                    session.closeDeadline = Deadline(secondsFromNow: configuration.closeTimeout)
                    // The echo goes after the frame being written; queued messages are dropped.
                    let dropped: [Outgoing] = lock.withLock {
                        defer {
                            userQueue = []
                            userQueueBytes = 0
                        }
                        return userQueue
                    }
                    for item in dropped { item.promise?(.failure(.notConnected)) }
                case .text, .binary, .continuation:
                    if let message = try session.assembler.add(frame) { delivered(message) }
                }
            }
        } catch {
            // Tell a peer that broke the protocol why we leave (1002, 1007, 1009), then go.
            session.failure = error
            session.closeDeadline = Deadline(
                secondsFromNow: min(configuration.closeTimeout, configuration.writeTimeout))
            if session.closeSent { return .failed(error, wasOpen: true) }
        }
        return nil
    }

    /// Puts the next frame on the wire when the previous one is written: a failure's close
    /// frame first, then the echo of the server's close, a pong, a ping, the user's queue.
    private func writeNext(_ session: inout Session) throws(WebSocketError) -> Ending? {
        while true {
            do throws(WebSocketError) {
                try flushWire()
            } catch {
                return session.failure.map { .failed($0, wasOpen: true) }
                    ?? (session.userClosed
                        ? .closed(code: 1006, reason: error.description, wasOpen: true) : .failed(error, wasOpen: true))
            }
            guard wireWritten == wire.count else { return nil }  // still writing
            if session.closeSent {
                if let failure = session.failure { return .failed(failure, wasOpen: true) }
                if let received = session.closeReceived {
                    return .closed(code: received.code, reason: received.reason, wasOpen: true)
                }
                return nil  // waiting for the server's close frame
            }
            if let failure = session.failure {
                let code: UInt16 =
                    switch failure {
                    case .messageTooBig: 1009
                    case .invalidUTF8: 1007
                    default: 1002
                    }
                try put(.close(code: code, reason: ""), promise: nil, session: &session)
                continue
            }
            if let received = session.closeReceived {
                // Echo the code; a close without one is echoed without one (RFC 6455 5.5.1).
                let echo =
                    received.code == 1005
                    ? WebSocketFrame(opcode: .close, payload: []) : .close(code: received.code, reason: "")
                try put(echo, promise: nil, session: &session)
                continue
            }
            if let pong = session.pendingPong {
                session.pendingPong = nil
                try put(WebSocketFrame(opcode: .pong, payload: pong), promise: nil, session: &session)
                continue
            }
            if session.pingDue {
                session.pingDue = false
                try put(
                    WebSocketFrame(opcode: .ping, payload: Array("keep-alive".utf8)), promise: nil, session: &session)
                continue
            }
            let next: Outgoing? = lock.withLock {
                guard !userQueue.isEmpty else { return nil }
                let first = userQueue.removeFirst()
                if first.frame.opcode != .close { userQueueBytes -= first.frame.payload.count }
                return first
            }
            guard let next else { return nil }
            try put(next.frame, promise: next.promise, session: &session)
        }
    }

    /// Masks (and encrypts) `frame` onto the empty wire, its write timeout starting now.
    private func put(_ frame: WebSocketFrame, promise: Promise?, session: inout Session) throws(WebSocketError) {
        if frame.opcode == .close { session.closeSent = true }
        wirePromise = promise
        wireDeadline = Deadline(secondsFromNow: configuration.writeTimeout)
        try queue(frame.encoded(mask: (0..<4).map { _ in UInt8.random(in: .min ... .max) }))
    }

    /// Fires the keep-alive and the write and close timeouts.
    private func checkTimers(_ session: inout Session) -> Ending? {
        if wireWritten < wire.count, let wireDeadline, wireDeadline.hasPassed {
            if let failure = session.failure { return .failed(failure, wasOpen: true) }
            if session.userClosed { return closeUnanswered() }
            return .failed(.writeTimedOut(seconds: configuration.writeTimeout), wasOpen: true)
        }
        if let closeDeadline = session.closeDeadline, closeDeadline.hasPassed {
            if let failure = session.failure { return .failed(failure, wasOpen: true) }
            if let received = session.closeReceived {
                return .closed(code: received.code, reason: received.reason, wasOpen: true)
            }
            return closeUnanswered()
        }
        if let nextPing = session.nextPing, nextPing.hasPassed, !session.closeSent, session.closeReceived == nil {
            if session.awaitingPong { return .failed(.pongTimeout, wasOpen: true) }
            session.awaitingPong = true
            session.pingDue = true
            session.nextPing = Deadline(secondsFromNow: configuration.pingInterval ?? 0)
        }
        return nil
    }

    /// The end of a `close()` the server did not answer in time.
    private func closeUnanswered() -> Ending {
        .closed(
            code: 1006, reason: "the server did not answer the close frame within \(configuration.closeTimeout) s",
            wasOpen: true)
    }

    /// The server hung up.
    private func endOfStream(_ session: Session) -> Ending {
        if let failure = session.failure { return .failed(failure, wasOpen: true) }
        if let received = session.closeReceived {
            return .closed(code: received.code, reason: received.reason, wasOpen: true)
        }
        if session.userClosed {
            return .closed(code: 1006, reason: "the server closed the connection without a close frame", wasOpen: true)
        }
        if session.decoder.hasPartialFrame || session.assembler.hasPartialMessage {
            return .failed(.unexpectedEndOfStream, wasOpen: true)
        }
        return .failed(.connectionFailed("the server closed the connection without a close frame"), wasOpen: true)
    }

    // MARK: Bytes on the wire

    /// Appends `plaintext` to what goes out, encrypted on a `wss://` connection.
    private func queue(_ plaintext: [UInt8]) throws(WebSocketError) {
        if let secure {
            try secure.encrypt(plaintext)
            try queueCiphertext()
        } else {
            appendToWire(plaintext)
        }
    }

    /// Moves what the TLS session produced (records, handshake messages, alerts) onto the wire.
    private func queueCiphertext() throws(WebSocketError) {
        guard let secure else { return }
        let bytes = secure.takeCiphertext()
        if !bytes.isEmpty { appendToWire(bytes) }
    }

    private func appendToWire(_ bytes: [UInt8]) {
        if wireWritten == wire.count {
            wire = bytes
            wireWritten = 0
        } else {
            wire += bytes
        }
    }

    /// Writes what the socket takes now; tells the frame's sender once all of it is written.
    private func flushWire() throws(WebSocketError) {
        while wireWritten < wire.count {
            guard case .moved(let count) = try socket!.write(wire, from: wireWritten) else { return }
            wireWritten += count
        }
        if let promise = wirePromise {
            wirePromise = nil
            promise(.success(()))
        }
        wireDeadline = nil
    }
}
