import Foundation
import NIOCore
import NIOPosix
import NIOWebSocket
import WebSocketKit

/// A WebSocket client written by others (websocket-kit over SwiftNIO's client upgrader and
/// frame codec), connected to `url` and watched.
final class IndependentClient: @unchecked Sendable {
    struct Seen: Sendable {
        var texts: [String] = []
        var binaries: [[UInt8]] = []
        var pings: [[UInt8]] = []
        var pongs: [[UInt8]] = []
        var closed = false
    }

    // `@unchecked`: every stored property is set once in init.
    let seen = Observed(Seen())
    let socket: WebSocket
    private let group: MultiThreadedEventLoopGroup

    init(url: URL) throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let seen = seen
        let upgraded = Observed<WebSocket?>(nil)
        try WebSocket.connect(
            to: url,
            // Frames a little over LocalHTTPServer's 1 MiB limit must get out to it.
            configuration: WebSocketClient.Configuration(maxFrameSize: 1 << 21),
            on: group
        ) { socket in
            // On the event loop, before any frame is read: nothing arrives unwatched.
            socket.onText { _, text in seen.update { $0.texts.append(text) } }
            socket.onBinary { _, buffer in seen.update { $0.binaries.append(Array(buffer.readableBytesView)) } }
            socket.onPing { _, buffer in seen.update { $0.pings.append(Array(buffer.readableBytesView)) } }
            socket.onPong { _, buffer in seen.update { $0.pongs.append(Array(buffer.readableBytesView)) } }
            socket.onClose.whenComplete { _ in seen.update { $0.closed = true } }
            upgraded.update { $0 = socket }
        }.wait()
        upgraded.wait { $0 != nil }
        guard let socket = upgraded.value else { throw CancellationError() }
        self.socket = socket
        self.group = group
    }

    /// The close code websocket-kit recorded (the server's, when the server closed first).
    var closeCodeNumber: UInt16? { socket.closeCode.map { UInt16(webSocketErrorCode: $0) } }

    /// Waits until the connection is closed (the close handshake done, or the peer gone).
    func waitUntilClosed() -> Bool { seen.wait { $0.closed } }

    /// Closes if still open, and stops the event loop.
    func stop() {
        if !socket.isClosed { try? socket.close(code: .normalClosure).wait() }
        _ = waitUntilClosed()
        try? group.syncShutdownGracefully()
    }
}
