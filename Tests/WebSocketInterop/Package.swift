// swift-tools-version: 6.0
// WebSocket interoperability: StreamsFoundation's WebSocketConnection against a server
// written by others, and LocalHTTPServer's WebSocket side against a client written by
// others, so that our RFC 6455 code is not only checked against itself. The other side is
// Vapor's websocket-kit on SwiftNIO (NIOWebSocket's handshake and frame codec). Its own
// package, so that only it, never the product, depends on them:
//
//     swift test --package-path Tests/WebSocketInterop
//
// `make test` runs it that way.
import PackageDescription

let package = Package(
    name: "WebSocketInterop",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "SwiftLab", path: "../../Libraries"),
        .package(url: "https://github.com/vapor/websocket-kit", exact: "2.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .testTarget(
            name: "WebSocketInteropTests",
            dependencies: [
                .product(name: "Streams", package: "SwiftLab"),
                .product(name: "StreamsFoundation", package: "SwiftLab"),
                .product(name: "LocalHTTPServer", package: "SwiftLab"),
                .product(name: "WebSocketKit", package: "websocket-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
