import Foundation

/// An access token as a server hands it out: a value and the moment it stops working.
struct Token: Equatable, Sendable {
    let value: String
    let expiresAt: Date

    /// Whether the token can still be sent. The client checks this before a request so
    /// that a known-expired token triggers a refresh instead of a wasted 401.
    func isValid(at now: Date = Date()) -> Bool { now < expiresAt }
}

/// What can go wrong talking to the (mock) server.
enum NetworkError: Error, Equatable, Sendable {
    /// The server rejected the token (HTTP 401).
    case unauthorized
    /// The token endpoint itself failed.
    case refreshFailed
}

/// A successful answer to an authenticated request.
struct Response: Equatable, Sendable {
    let path: String
    let body: String
}
