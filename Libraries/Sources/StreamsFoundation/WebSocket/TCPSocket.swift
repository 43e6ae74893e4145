import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking TCP client socket: what the built-in `ws://` client runs its connection over.
/// Reads happen on the connection's own thread; writes may come from any thread and are
/// serialised by the caller.
final class TCPSocket: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var isClosed = false

    /// Connects to `host`:`port`, trying each address the name resolves to.
    init(host: String, port: UInt16) throws(WebSocketError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .connectionFailed("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var lastError = ECONNREFUSED
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            if fd >= 0 {
                if connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
                    var yes: Int32 = 1
                    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
                    #if canImport(Darwin)
                    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
                    #endif
                    descriptor = fd
                    return
                }
                lastError = errno
                _ = closeDescriptor(fd)
            } else {
                lastError = errno
            }
            candidate = address.pointee.ai_next
        }
        throw .connectionFailed("cannot connect to \(host):\(port): \(String(cString: strerror(lastError)))")
    }

    /// Up to `maximum` bytes; empty when the peer closed the connection or it was shut down.
    func read(maximum: Int = 64 * 1024) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, maximum) }
            if count < 0 && errno == EINTR { continue }
            return count > 0 ? Array(buffer[0..<count]) : []
        }
    }

    /// Writes every byte, or throws when the connection is gone.
    func write(_ bytes: [UInt8]) throws(WebSocketError) {
        var offset = 0
        while offset < bytes.count {
            // send, not write: writing to a connection the peer closed must fail, not raise SIGPIPE.
            let written = bytes.withUnsafeBytes {
                sendBytes(descriptor, $0.baseAddress! + offset, bytes.count - offset, noSignal)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw .connectionFailed("write failed: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    /// Ends both directions, waking a blocked `read`; the descriptor stays valid until `close`.
    /// After `close` it does nothing: the descriptor's number may already belong to another file.
    func shutdownBoth() {
        lock.withLock { if !isClosed { _ = shutdown(descriptor, Int32(SHUT_RDWR)) } }
    }

    /// Releases the descriptor (once).
    func close() {
        lock.withLock {
            if !isClosed { _ = closeDescriptor(descriptor) }
            isClosed = true
        }
    }

    deinit { close() }
}

// The module-level read/write/close, named apart from the methods above.
#if canImport(Glibc)
private let readBytes = Glibc.read
private let sendBytes = Glibc.send
private let closeDescriptor = Glibc.close
/// Flags for `send` that stop SIGPIPE (Linux; Darwin sets SO_NOSIGPIPE on the socket instead).
package let noSignal = Int32(MSG_NOSIGNAL)
#else
private let readBytes = Darwin.read
private let sendBytes = Darwin.send
private let closeDescriptor = Darwin.close
package let noSignal: Int32 = 0
#endif
