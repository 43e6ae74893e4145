/// One item of the feed.
struct FeedItem: Codable, Equatable, Sendable {
    let id: Int
    let title: String
}

/// One page as the server sends it: `{"items": [...], "hasMore": true}`.
struct FeedPage: Codable, Equatable, Sendable {
    let items: [FeedItem]
    /// Whether another page follows this one.
    let hasMore: Bool
}
