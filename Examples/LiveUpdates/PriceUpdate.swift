import Foundation

/// One price the server pushes: `{"symbol":"SWFT","price":101.25,"sequence":3}`.
struct PriceUpdate: Codable, Equatable, Sendable {
    let symbol: String
    let price: Double
    /// Counts up across reconnections, so the client can tell nothing was lost or repeated.
    let sequence: Int
}
