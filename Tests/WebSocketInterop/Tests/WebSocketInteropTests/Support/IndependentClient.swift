import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import WebSocketKit

/// A WebSocket client written by others: SwiftNIO's client upgrader (the handshake and its
/// `Sec-WebSocket-Accept` check) and frame codec, and websocket-kit's `WebSocket` for
/// messages, pings and closing; connected to `url` and watched. Set up as websocket-kit's
/// own `WebSocket.connect` does, plus a handler that reads close frames off the wire.
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
    /// Every close frame the server sent, as NIO decoded it (websocket-kit does not tell the reason).
    let closeFrames = Observed<[CloseFrame]>([])
    let socket: WebSocket
    private let group: MultiThreadedEventLoopGroup

    init(url: URL) throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let seen = seen
        let closeFrames = closeFrames
        let upgraded = Observed<WebSocket?>(nil)
        let upgrader = NIOWebSocketClientUpgrader(
            // Frames a little over LocalHTTPServer's 1 MiB limit must get through to it.
            maxFrameSize: 1 << 21,
            upgradePipelineHandler: { channel, _ in
                do {
                    try channel.pipeline.syncOperations.addHandler(CloseFrameRecorder(into: closeFrames))
                } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
                return WebSocket.client(on: channel) { socket in
                    // On the event loop, before any frame is read: nothing arrives unwatched.
                    socket.onText { _, text in seen.update { $0.texts.append(text) } }
                    socket.onBinary { _, buffer in seen.update { $0.binaries.append(Array(buffer.readableBytesView)) } }
                    socket.onPing { _, buffer in seen.update { $0.pings.append(Array(buffer.readableBytesView)) } }
                    socket.onPong { _, buffer in seen.update { $0.pongs.append(Array(buffer.readableBytesView)) } }
                    socket.onClose.whenComplete { _ in seen.update { $0.closed = true } }
                    upgraded.update { $0 = socket }
                }
            }
        )
        let host = "\(url.host ?? "127.0.0.1"):\(url.port ?? 80)"
        let path = url.path.isEmpty ? "/" : url.path
        let bootstrap = ClientBootstrap(group: group).channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHTTPClientHandlers(
                    leftOverBytesStrategy: .forwardBytes,
                    withClientUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
                try channel.pipeline.syncOperations.addHandler(UpgradeRequestSender(host: host, path: path))
            }
        }
        _ = try bootstrap.connect(host: url.host ?? "127.0.0.1", port: url.port ?? 80).wait()
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

/// Sends the GET that asks to upgrade once connected; NIO's upgrader adds the WebSocket
/// header fields (key, version) to it. Passes everything read on unchanged.
private final class UpgradeRequestSender: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let host: String
    private let path: String

    init(host: String, path: String) {
        self.host = host
        self.path = path
    }

    func channelActive(context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: host)
        headers.add(name: "Content-Length", value: "0")
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }
}
