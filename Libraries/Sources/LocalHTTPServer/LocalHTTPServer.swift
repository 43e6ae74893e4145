import Foundation
import StreamsFoundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small, real HTTP/1.1 server on the loopback interface, for examples and tests that
/// need a server to talk to without any network: it binds 127.0.0.1 on a free port,
/// answers each connection with the handler's response and closes it.
///
/// ```swift
/// let server = try LocalHTTPServer { request in
///     request.path == "/hello" ? .text("hi") : .text("no such page", status: 404)
/// }
/// let url = server.url(for: "/hello")   // http://127.0.0.1:PORT/hello
/// // ... use it ...
/// server.stop()
/// ```
///
/// The handler runs on a background queue, one call per request, possibly several at once.
///
/// With a `webSocket` handler, a request asking to upgrade (`Upgrade: websocket`) is answered
/// with RFC 6455's handshake and handed over as a `ServerWebSocket`; the connection stays
/// open until that handler returns:
///
/// ```swift
/// let server = try LocalHTTPServer(handler: { _ in .text("not here", status: 404) }) { socket in
///     while let message = try? socket.receive() { try? socket.send(message) }   // echo
/// }
/// let url = server.webSocketURL(for: "/echo")   // ws://127.0.0.1:PORT/echo
/// ```
public final class LocalHTTPServer: @unchecked Sendable {
    /// Answers one request.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse
    /// Serves one upgraded WebSocket connection, for as long as it runs.
    public typealias WebSocketHandler = @Sendable (ServerWebSocket) -> Void

    /// The largest message a WebSocket client may send.
    public static let maximumWebSocketMessageSize = 1 << 20

    /// The port the server listens on.
    public let port: UInt16

    private let listener: Int32
    private let handler: Handler
    private let webSocketHandler: WebSocketHandler?
    private let connections = DispatchQueue(label: "LocalHTTPServer.connections", attributes: .concurrent)
    private let lock = NSLock()
    private var stopped = false
    private var requests: [HTTPRequest] = []
    private let acceptLoopDone = DispatchSemaphore(value: 0)

    /// Starts a server that answers with `handler`, and upgrades WebSocket requests to
    /// `webSocket` when it is given (without it they get a plain answer from `handler`).
    ///
    /// - Throws: `POSIXError` if no socket could be bound on 127.0.0.1.
    public init(handler: @escaping Handler, webSocket: WebSocketHandler? = nil) throws {
        self.handler = handler
        self.webSocketHandler = webSocket
        #if canImport(Glibc)
        let socketType = Int32(SOCK_STREAM.rawValue)
        #else
        let socketType = SOCK_STREAM
        #endif
        let fd = socket(AF_INET, socketType, 0)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0  // the kernel picks a free port
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            close(fd)
            throw POSIXError(code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.listener = fd
        self.port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LocalHTTPServer.accept"
        thread.start()
    }

    deinit { stop() }

    /// The URL of `path` on this server, e.g. `url(for: "/items?page=1")`.
    public func url(for path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path.hasPrefix("/") ? path : "/" + path)")!
    }

    /// The `ws://` URL of `path` on this server, e.g. `webSocketURL(for: "/live")`.
    public func webSocketURL(for path: String) -> URL {
        URL(string: "ws://127.0.0.1:\(port)\(path.hasPrefix("/") ? path : "/" + path)")!
    }

    /// Every request received so far, in the order they were read.
    public var receivedRequests: [HTTPRequest] { lock.withLock { requests } }

    /// Stops accepting connections and waits until the accept loop has ended. Calling it
    /// more than once is harmless.
    public func stop() {
        let wasRunning: Bool = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard wasRunning else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        acceptLoopDone.wait()
        close(listener)
    }

    private func acceptLoop() {
        defer { acceptLoopDone.signal() }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return  // shut down
            }
            if lock.withLock({ stopped }) {
                close(client)
                return
            }
            connections.async { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            received.append(contentsOf: buffer[0..<count])
            headEnd = received.range(of: separator)
            if received.count > 1 << 20 { return }  // not an HTTP request we want to read
        }
        guard let headRange = headEnd, let head = String(data: received[..<headRange.lowerBound], encoding: .utf8)
        else { return }
        var body = Data(received[headRange.upperBound...])
        let contentLength =
            head.lowercased().components(separatedBy: "\r\n")
            .first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        while body.count < contentLength {
            let count = read(client, &buffer, min(buffer.count, contentLength - body.count))
            guard count > 0 else { return }
            body.append(contentsOf: buffer[0..<count])
        }
        let response: HTTPResponse
        if let request = HTTPRequest.parse(head: head, body: body) {
            lock.withLock { requests.append(request) }
            if let webSocketHandler, request.headers["upgrade"]?.lowercased() == "websocket" {
                serveWebSocket(client, request: request, leftover: Array(body), handler: webSocketHandler)
                return
            }
            response = handler(request)
        } else {
            response = .text("malformed request", status: 400)
        }
        writeAll(response.serialized(), to: client)
    }

    /// Answers the upgrade (or refuses a request without a key) and runs the handler.
    private func serveWebSocket(_ client: Int32, request: HTTPRequest, leftover: [UInt8], handler: WebSocketHandler) {
        guard let key = request.headers["sec-websocket-key"], request.headers["sec-websocket-version"] == "13" else {
            writeAll(
                HTTPResponse.text("a WebSocket upgrade needs Sec-WebSocket-Key and version 13", status: 400)
                    .serialized(), to: client)
            return
        }
        let head =
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(forKey: key))\r\n\r\n"
        writeAll(Data(head.utf8), to: client)
        let socket = ServerWebSocket(
            descriptor: client, request: request, leftover: leftover,
            maximumMessageSize: Self.maximumWebSocketMessageSize)
        handler(socket)
        socket.close()
        lingerUntilClientLeaves(client)
    }

    /// Half-closes `client` and reads what it still sends until it hangs up (at most a few
    /// seconds): closing a socket with unread bytes resets the connection, and a client
    /// still sending (an oversized message) could lose our close frame (1009) to the reset.
    private func lingerUntilClientLeaves(_ client: Int32) {
        shutdown(client, Int32(SHUT_WR))
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while read(client, &buffer, buffer.count) > 0 {}
    }

    private func writeAll(_ bytes: Data, to client: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                // noSignal: no SIGPIPE from a client that left.
                let written = send(client, raw.baseAddress! + offset, raw.count - offset, noSignal)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
