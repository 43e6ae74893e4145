import Foundation
import Streams

/// A stand-in for a real HTTP client. The example is about concurrency, so the server
/// side is simulated: answers arrive on a background queue after a short delay, like
/// real responses do, and every call is counted so tests can assert on them.
final class MockNetwork: @unchecked Sendable {
    /// How the server treats tokens.
    enum Behaviour: Sendable {
        /// Tokens the server issued are accepted until they expire.
        case normal
        /// Every request is rejected with 401, even with a fresh token (a broken
        /// backend): the client must give up instead of refreshing forever.
        case alwaysUnauthorized
    }

    private let lock = NSLock()
    private var issuedTokens = 0
    private var _refreshCalls = 0
    private var _requestCalls = 0
    private var acceptedToken: String?
    private let behaviour: Behaviour
    private let latency: DispatchTimeInterval
    private let tokenLifetime: TimeInterval

    init(
        behaviour: Behaviour = .normal, latency: DispatchTimeInterval = .milliseconds(5),
        tokenLifetime: TimeInterval = 3600
    ) {
        self.behaviour = behaviour
        self.latency = latency
        self.tokenLifetime = tokenLifetime
    }

    /// How many times the token endpoint was called.
    var refreshCalls: Int { lock.withLock { _refreshCalls } }
    /// How many authenticated requests reached the server.
    var requestCalls: Int { lock.withLock { _requestCalls } }

    /// Asks the token endpoint for a new token. Nothing happens until someone subscribes
    /// (`Deferred`), so building the publisher is free.
    func refreshToken() -> AnyPublisher<Token, NetworkError> {
        Deferred {
            Future<Token, NetworkError> { promise in
                let token: Token = self.lock.withLock {
                    self._refreshCalls += 1
                    self.issuedTokens += 1
                    let token = Token(
                        value: "token-\(self.issuedTokens)",
                        expiresAt: Date().addingTimeInterval(self.tokenLifetime))
                    self.acceptedToken = token.value
                    return token
                }
                DispatchQueue.global().asyncAfter(deadline: .now() + self.latency) {
                    promise(.success(token))
                }
            }
        }
        .eraseToAnyPublisher()
    }

    /// Sends an authenticated GET for `path`.
    func fetch(_ path: String, with token: Token) -> AnyPublisher<Response, NetworkError> {
        Deferred {
            Future<Response, NetworkError> { promise in
                let accepted: Bool = self.lock.withLock {
                    self._requestCalls += 1
                    switch self.behaviour {
                    case .normal: return token.value == self.acceptedToken && token.isValid()
                    case .alwaysUnauthorized: return false
                    }
                }
                DispatchQueue.global().asyncAfter(deadline: .now() + self.latency) {
                    promise(
                        accepted ? .success(Response(path: path, body: "contents of \(path)")) : .failure(.unauthorized)
                    )
                }
            }
        }
        .eraseToAnyPublisher()
    }
}
