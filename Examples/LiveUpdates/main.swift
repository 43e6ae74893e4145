import Foundation
import StreamsFoundation

// The program runs in a function, not as top-level code: top-level variables of
// main.swift are main-actor isolated in Swift 6, and the streams call back on other threads.
func runExample() throws -> Bool {
    let server = try PriceServer()
    defer { server.stop() }
    print("Price server on \(server.url); it drops the first connection after \(server.updatesBeforeDrop) updates.")
    let ticker = LiveTicker(url: server.url) { print($0) }
    let result = ticker.run()
    let complete = result.updates == server.prices
    print("Received \(result.updates.count) of \(server.prices.count) updates in order: \(complete)")
    print("Echoes: \(result.echoes.count), connections: \(server.connectionCount), reconnected: \(result.reconnected)")
    print("Stream ended: \(result.completion.map { "\($0)" } ?? "no")")
    if case .finished? = result.completion { return complete && result.reconnected && !result.echoes.isEmpty }
    return false
}

exit(try runExample() ? 0 : 1)
