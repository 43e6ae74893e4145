import Foundation
import LocalHTTPServer
import StreamsFoundation

/// A WebSocket server on 127.0.0.1 that pushes price updates at irregular intervals and
/// echoes what a client sends. Its first connection is dropped without a close frame after
/// `updatesBeforeDrop` updates (as a server restart would); the next one gets the rest and
/// is closed normally, so a client that reconnects sees every update exactly once.
final class PriceServer: @unchecked Sendable {
    private let server: LocalHTTPServer
    private let lock = NSLock()
    private var connections = 0
    private var nextSequence = 1

    /// The prices, in order, the server will push.
    let prices: [PriceUpdate]
    let updatesBeforeDrop: Int
    /// Waits between updates, in seconds: irregular, as live data is, but fixed so runs repeat.
    private static let pauses: [TimeInterval] = [0.03, 0.12, 0.01, 0.07, 0.02, 0.09, 0.05, 0.015]

    init(updateCount: Int = 8, updatesBeforeDrop: Int = 4) throws {
        var price = 100.0
        prices = (1...updateCount).map { sequence in
            price += Double((sequence * 37) % 11 - 5) / 4
            return PriceUpdate(symbol: "SWFT", price: price, sequence: sequence)
        }
        self.updatesBeforeDrop = updatesBeforeDrop
        // `serve` needs `self`, which exists only once every property is set.
        let box = WeakBox()
        server = try LocalHTTPServer(
            handler: { _ in .text("connect with a WebSocket", status: 426) },
            webSocket: { socket in
                box.server?.serve(socket)
            })
        box.server = self
    }

    /// Where the client connects.
    var url: URL { server.webSocketURL(for: "/prices") }

    /// How many WebSocket connections were opened so far.
    var connectionCount: Int { lock.withLock { connections } }

    func stop() { server.stop() }

    /// Serves one connection: a reader echoes the client's messages while this thread pushes prices.
    private func serve(_ socket: ServerWebSocket) {
        let isFirst = lock.withLock {
            connections += 1
            return connections == 1
        }
        let echoed = DispatchSemaphore(value: 0)
        let readerDone = DispatchSemaphore(value: 0)
        let reader = Thread {
            while let message = try? socket.receive() {
                if case .text(let text) = message {
                    try? socket.send(.text("echo: \(text)"))
                    echoed.signal()
                }
            }
            readerDone.signal()
        }
        reader.start()

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        while let update = takeNextUpdate(isFirstConnection: isFirst) {
            Thread.sleep(forTimeInterval: Self.pauses[(update.sequence - 1) % Self.pauses.count])
            // Encoding a struct of a string and numbers cannot fail; if it ever did, the update is skipped.
            guard let json = try? encoder.encode(update) else { continue }
            try? socket.send(.text(String(decoding: json, as: UTF8.self)))
        }
        if isFirst {
            echoed.wait()  // the client's greeting was answered before the connection drops
            socket.abort()
        } else {
            socket.close(code: 1000, reason: "market closed")
        }
        readerDone.wait()
    }

    private func takeNextUpdate(isFirstConnection: Bool) -> PriceUpdate? {
        lock.withLock {
            guard nextSequence <= prices.count, !(isFirstConnection && nextSequence > updatesBeforeDrop) else {
                return nil
            }
            defer { nextSequence += 1 }
            return prices[nextSequence - 1]
        }
    }

    private final class WeakBox: @unchecked Sendable {
        weak var server: PriceServer?
    }
}
