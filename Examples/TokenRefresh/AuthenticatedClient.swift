import Streams

/// Sends requests with a token, and recovers once from a 401 by forcing a refresh.
struct AuthenticatedClient: Sendable {
    let network: MockNetwork
    let authenticator: Authenticator

    /// Fetches `path`: token first, then the call (`flatMap`). If the server still says
    /// 401, the token was revoked behind our back: refresh once and try again. A second
    /// 401 is passed on as a failure, so a broken server cannot make us loop.
    func get(_ path: String) -> AnyPublisher<Response, NetworkError> {
        let network = self.network
        let authenticator = self.authenticator
        return authenticator.validToken()
            .flatMap { token in network.fetch(path, with: token) }
            .tryCatch { error -> AnyPublisher<Response, NetworkError> in
                guard error == .unauthorized else { throw error }
                return authenticator.validToken(forceRefresh: true)
                    .flatMap { token in network.fetch(path, with: token) }
                    .eraseToAnyPublisher()
            }
            .mapError { $0 as? NetworkError ?? .refreshFailed }
            .eraseToAnyPublisher()
    }
}
