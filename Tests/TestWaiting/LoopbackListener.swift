import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP listener on 127.0.0.1, on a port the kernel picks, that serves each connection on
/// a thread of its own: what the tests' hand-written servers (misbehaving WebSocket
/// servers, the TLS test server) are built on. The connection is closed when `serve` returns.
public final class LoopbackListener: @unchecked Sendable {
    // `@unchecked`: both properties are constants.
    /// The port it listens on.
    public let port: UInt16
    private let descriptor: Int32

    /// Starts listening and accepting; `serve` gets each connection's descriptor.
    ///
    /// - Throws: `POSIXError` when no socket could be bound on 127.0.0.1.
    public init(serve: @escaping @Sendable (Int32) -> Void) throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard fd >= 0, bound == 0, listen(fd, 16) == 0 else {
            if fd >= 0 { close(fd) }
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        descriptor = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread {
            // The listener is closed here, once accept fails after stop(), never in stop():
            // its number could be reused by another test's socket before this thread next
            // called accept, which would then take that socket's connections.
            defer { close(fd) }
            while case let client = accept(fd, nil, nil), client >= 0 {
                Thread {
                    serve(client)
                    close(client)
                }.start()
            }
        }.start()
    }

    /// Stops accepting: wakes the accept loop, which closes the listener. Connections being
    /// served go on until their `serve` returns.
    public func stop() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }
}
