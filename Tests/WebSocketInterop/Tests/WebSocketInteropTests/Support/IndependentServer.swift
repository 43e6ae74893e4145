import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import WebSocketKit

/// A WebSocket server on 127.0.0.1 written by others: SwiftNIO's HTTP upgrader, handshake
/// and frame codec, and websocket-kit's `WebSocket` for messages, pings and closing.
/// `onUpgrade` gets each connection's socket, on its event loop.
final class IndependentServer: @unchecked Sendable {
    // `@unchecked`: every stored property is set once in init.
    let port: Int
    /// Every close frame a client sent, as NIO decoded it (websocket-kit does not tell the reason).
    let closeFrames = Observed<[CloseFrame]>([])
    private let group: MultiThreadedEventLoopGroup
    private let listener: any Channel

    init(onUpgrade: @escaping @Sendable (WebSocket) -> Void) throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let closeFrames = closeFrames
        let upgrader = NIOWebSocketServerUpgrader(
            // Frames a little over our client's 1 MiB limit must get through to it.
            maxFrameSize: 1 << 21,
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture([:]) },
            upgradePipelineHandler: { channel, _ in
                do {
                    try channel.pipeline.syncOperations.addHandler(CloseFrameRecorder(into: closeFrames))
                } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
                return WebSocket.server(on: channel, onUpgrade: onUpgrade)
            }
        )
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
                }
            }
        self.group = group
        listener = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
        port = listener.localAddress?.port ?? 0
    }

    var url: URL { URL(string: "ws://127.0.0.1:\(port)/live")! }

    /// Stops listening and closes every connection.
    func stop() {
        try? listener.close().wait()
        try? group.syncShutdownGracefully()
    }
}
