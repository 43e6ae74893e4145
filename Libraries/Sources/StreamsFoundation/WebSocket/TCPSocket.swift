import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-blocking TCP client socket: what the built-in client runs its connection over.
/// Only the connection's own thread uses it; it waits with `poll` (beside a `WakeUpPipe`),
/// so no read, write or connect can block past a deadline or a `close()`.
final class TCPSocket {
    let descriptor: Int32
    private var isClosed = false

    /// What a read or a write did.
    enum Progress: Equatable {
        /// This many bytes moved.
        case moved(Int)
        /// Nothing now: wait until the socket is ready.
        case wouldBlock
        /// The peer closed the connection (reads only).
        case endOfStream
    }

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Connects to `host`:`port`, trying each address the name resolves to; nil when `waker`
    /// woke and `isCancelled()` says the connection is no longer wanted. Throws `timeout`
    /// when `deadline` passes first.
    static func connect(
        host: String, port: UInt16, deadline: Deadline, timeout: WebSocketError, waker: WakeUpPipe,
        isCancelled: () -> Bool
    ) throws(WebSocketError) -> TCPSocket? {
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
            candidate = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard fd >= 0 else {
                lastError = errno
                continue
            }
            let socket = TCPSocket(descriptor: fd)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var yes: Int32 = 1
            #if canImport(Darwin)
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            if connectSocket(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) != 0 {
                guard errno == EINPROGRESS else {
                    lastError = errno
                    continue
                }
                // Wait for the connection, a wake-up or the deadline.
                while true {
                    let ready = socket.wait(forWriting: true, waker: waker, until: deadline)
                    if isCancelled() { return nil }
                    if ready.writable || ready.readable { break }
                    if deadline.hasPassed { throw timeout }
                }
                var failure: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length)
                guard failure == 0 else {
                    lastError = failure
                    continue
                }
            }
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            return socket
        }
        throw .connectionFailed("cannot connect to \(host):\(port): \(String(cString: strerror(lastError)))")
    }

    /// What `wait` saw.
    struct Readiness {
        var readable = false
        var writable = false
        var woken = false
    }

    /// Waits until the socket is readable (or writable, when `forWriting`), `waker` wakes,
    /// or `deadline` passes (nil: no deadline).
    func wait(forWriting: Bool, waker: WakeUpPipe, until deadline: Deadline?) -> Readiness {
        var fds = [
            pollfd(fd: descriptor, events: Int16(POLLIN) | (forWriting ? Int16(POLLOUT) : 0), revents: 0),
            pollfd(fd: waker.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        let result = poll(&fds, nfds_t(fds.count), deadline?.millisecondsLeft ?? -1)
        guard result > 0 else { return Readiness() }
        if fds[1].revents != 0 { waker.drain() }
        // An error or hang-up shows as readable: the next read reports it.
        let failed = fds[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
        return Readiness(
            readable: fds[0].revents & Int16(POLLIN) != 0 || failed,
            writable: fds[0].revents & Int16(POLLOUT) != 0 || (forWriting && failed),
            woken: fds[1].revents != 0)
    }

    /// Reads what is there, up to `maximum` bytes, without waiting.
    func read(into buffer: inout [UInt8]) throws(WebSocketError) -> Progress {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { return .moved(count) }
            if count == 0 { return .endOfStream }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: throw .connectionFailed("read failed: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Writes what the socket takes now of `bytes[offset...]`, without waiting.
    func write(_ bytes: [UInt8], from offset: Int) throws(WebSocketError) -> Progress {
        while true {
            // send, not write: writing to a connection the peer closed must fail, not raise SIGPIPE.
            let written = bytes.withUnsafeBytes {
                sendBytes(descriptor, $0.baseAddress! + offset, bytes.count - offset, noSignal)
            }
            if written >= 0 { return .moved(written) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: throw .connectionFailed("write failed: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Releases the descriptor (once).
    func close() {
        if !isClosed { _ = closeDescriptor(descriptor) }
        isClosed = true
    }

    deinit { close() }
}

// The module-level calls, named apart from the methods above.
#if canImport(Glibc)
private let sendBytes = Glibc.send
private let connectSocket = Glibc.connect
let closeDescriptor = Glibc.close
/// Flags for `send` that stop SIGPIPE (Linux; Darwin sets SO_NOSIGPIPE on the socket instead).
package let noSignal = Int32(MSG_NOSIGNAL)
#else
private let sendBytes = Darwin.send
private let connectSocket = Darwin.connect
let closeDescriptor = Darwin.close
package let noSignal: Int32 = 0
#endif
