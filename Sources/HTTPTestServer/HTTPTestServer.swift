#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

#if canImport(Glibc) || canImport(Musl)
private let socketStream = Int32(SOCK_STREAM.rawValue)
private let sendFlags = Int32(MSG_NOSIGNAL)
private let shutdownBoth = Int32(SHUT_RDWR)
#else
private let socketStream = SOCK_STREAM
private let sendFlags: Int32 = 0  // Darwin sets SO_NOSIGPIPE on the socket instead.
private let shutdownBoth = SHUT_RDWR
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: it listens on a free port chosen by the
/// system and answers every request with whatever the handler returns.
///
/// It exists so that tests of networking code (for example
/// `URLSession.dataTaskPublisher(for:)`) talk to a real server over a real socket
/// without leaving the machine. Each connection is served on its own thread, the
/// connection is closed after one response (`Connection: close`), and the handler may
/// block (sleep) to simulate a slow server.
///
/// ```swift
/// let server = try HTTPTestServer { request in
///     request.path == "/hello" ? .text("hi") : .status(404)
/// }
/// defer { server.stop() }
/// let url = URL(string: server.url(for: "/hello"))!
/// ```
///
/// The server depends on nothing but the C library and Dispatch, so any test target can
/// use it.
public final class HTTPTestServer: @unchecked Sendable {
    // `@unchecked`: the only mutable state (the listening socket and the stopped flag)
    // is guarded by `lock`; the handler is `@Sendable`.

    /// One request as the server received it.
    public struct Request: Sendable {
        /// The method, such as `GET` or `POST`.
        public var method: String
        /// The request target, such as `/items?page=2`.
        public var path: String
        /// The header fields, with names lowercased (HTTP header names are case-insensitive).
        public var headers: [String: String]
        /// The body bytes (read according to `Content-Length`; empty when there is none).
        public var body: [UInt8]
    }

    /// The answer to one request.
    public struct Response: Sendable {
        /// The status code, such as 200 or 404.
        public var status: Int
        /// Header fields to send; `Content-Length` and `Connection` are added automatically.
        public var headers: [(name: String, value: String)]
        /// The body bytes.
        public var body: [UInt8]

        /// Creates a response from its parts.
        public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// A `200 OK` response (or the given status) with a UTF-8 text body.
        public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> Response {
            Response(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
        }

        /// An empty response with the given status.
        public static func status(_ status: Int) -> Response {
            Response(status: status)
        }
    }

    /// An error starting the server, with the failing system call and `errno`.
    public struct StartError: Error, CustomStringConvertible {
        /// The system call that failed (`socket`, `bind`, `listen` ...).
        public var call: String
        /// The `errno` value it reported.
        public var code: Int32

        /// A readable description such as `bind failed (errno 98)`.
        public var description: String { "\(call) failed (errno \(code))" }
    }

    /// The port the server listens on (chosen by the system).
    public let port: UInt16

    /// The server's base address, `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private let handler: @Sendable (Request) -> Response
    private let listener: Int32
    private let state = StopState()

    /// Whether stop() was called; shared with the accept loop.
    private final class StopState: @unchecked Sendable {
        // `@unchecked`: `stopped` is only touched on `queue`.
        private let queue = DispatchQueue(label: "HTTPTestServer.state")
        private var stopped = false

        /// Marks the server stopped; true only for the first call.
        func markStopped() -> Bool {
            queue.sync {
                defer { stopped = true }
                return !stopped
            }
        }

        var isStopped: Bool { queue.sync { stopped } }
    }

    /// Starts a server on 127.0.0.1 and a free port; it answers each request with
    /// `handler(request)` until `stop()` is called or the server is deallocated.
    public init(handler: @escaping @Sendable (Request) -> Response) throws {
        self.handler = handler
        let fd = socket(AF_INET, socketStream, 0)
        guard fd >= 0 else { throw StartError(call: "socket", code: errno) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))

        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw StartError(call: "bind", code: code)
        }
        guard listen(fd, 64) == 0 else {
            let code = errno
            close(fd)
            throw StartError(call: "listen", code: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(fd)
            throw StartError(call: "getsockname", code: code)
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd

        // Queues created with a label get a thread of their own when they block, unlike
        // work submitted to the global queues, so blocking in accept()/recv() is fine.
        // The loop captures the handler and the state, not `self`, so that dropping the
        // server (deinit calls stop()) ends it.
        let handler = self.handler
        let state = self.state
        DispatchQueue(label: "HTTPTestServer.accept").async {
            Self.acceptLoop(fd, state: state, handler: handler)
        }
    }

    deinit {
        stop()
    }

    /// The full address of `path` on this server, e.g. `url(for: "/a")` is
    /// `http://127.0.0.1:<port>/a`.
    public func url(for path: String) -> String {
        path.hasPrefix("/") ? baseURL + path : baseURL + "/" + path
    }

    /// Stops accepting connections and closes the listening socket. Requests already
    /// being served finish. Calling it again does nothing.
    public func stop() {
        guard state.markStopped() else { return }
        let fd = listener
        // shutdown() wakes the thread blocked in accept(); that thread closes the socket,
        // so the descriptor number cannot be reused while accept() might still use it.
        _ = shutdown(fd, shutdownBoth)
    }

    private static func acceptLoop(_ fd: Int32, state: StopState, handler: @escaping @Sendable (Request) -> Response) {
        defer { close(fd) }
        while !state.isStopped {
            let client = accept(fd, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            DispatchQueue(label: "HTTPTestServer.connection").async { Self.serve(client, handler: handler) }
        }
    }

    private static func serve(_ fd: Int32, handler: @Sendable (Request) -> Response) {
        defer { close(fd) }
        var noSigPipe: Int32 = 1
        #if canImport(Darwin)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &noSigPipe, socklen_t(MemoryLayout<Int32>.size))
        #else
        _ = noSigPipe
        #endif
        guard let request = readRequest(fd) else { return }
        let response = handler(request)
        writeAll(fd, encode(response))
    }

    /// Reads one request: the head up to the blank line, then `Content-Length` body bytes.
    private static func readRequest(_ fd: Int32) -> Request? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headEnd: Int?
        while headEnd == nil {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            bytes += buffer[0..<count]
            headEnd = findHeadEnd(bytes)
            if bytes.count > 1 << 20 { return nil }
        }
        let head = String(decoding: bytes[0..<headEnd!], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let requestLine = lines.removeFirst().split(separator: " ").map(String.init)
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            headers[name] = value
        }
        var body = Array(bytes[(headEnd! + 4)...])
        let expected = headers["content-length"].flatMap { Int($0) } ?? 0
        while body.count < expected {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            body += buffer[0..<count]
        }
        return Request(method: requestLine[0], path: requestLine[1], headers: headers, body: body)
    }

    private static func findHeadEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func encode(_ response: Response) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status) \(reason(for: response.status))\r\n"
        for (name, value) in response.headers {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + response.body
    }

    private static func reason(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        default: "Status"
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                send(fd, $0.baseAddress! + offset, $0.count - offset, sendFlags)
            }
            if written <= 0 { return }
            offset += written
        }
    }
}

private extension Substring {
    func trimmingSpaces() -> String {
        var slice = self[...]
        while slice.first == " " || slice.first == "\t" { slice = slice.dropFirst() }
        while slice.last == " " || slice.last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
