import Foundation
import StreamsFoundation
import TestWaiting
import Testing

@testable import LiveUpdates

@Suite("LiveUpdates example", .serialized)
struct LiveUpdatesTests {
    @Test("Every pushed price arrives once, in order, across the server's dropped connection")
    func survivesDisconnect() throws {
        let server = try PriceServer(updateCount: 8, updatesBeforeDrop: 3)
        defer { server.stop() }
        let lines = LineLog()
        nonisolated(unsafe) var finished: LiveTicker.Result?
        let ticker = LiveTicker(url: server.url) { lines.append($0) }
        // The run blocks until the server's final close; on a thread of its own, bounded
        // only against a hang.
        #expect(finishesInTime { finished = ticker.run() })
        guard let result = finished else { return }
        #expect(result.updates == server.prices)
        #expect(result.reconnected)
        #expect(server.connectionCount == 2)
        #expect(result.echoes == ["echo: hello", "echo: hello"])  // one greeting per connection
        guard case .finished? = result.completion else {
            Issue.record("the server's normal close finishes the feed")
            return
        }
        // The log starts where the learner expects: connecting, not a "closed" before it.
        #expect(result.states.first == .connecting)
        #expect(result.states.last == .closed(code: 1000, reason: "market closed"))
        #expect(lines.all.contains("  #8 SWFT \(String(format: "%.2f", server.prices[7].price))"))
    }
}

final class LineLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    func append(_ line: String) { lock.withLock { lines.append(line) } }
}
