import Foundation
import Streams

/// Hands out a valid token, refreshing it when needed, and makes sure that however many
/// requests ask at once, only one refresh is in flight.
///
/// The trick is a serial queue. Choosing between "use the current token", "join the
/// refresh in flight" and "start a refresh" happens on it (`subscribe(on:)`), and so does
/// the end of a refresh (`receive(on:)` before `share()`). Without that, a caller could pick
/// up the shared refresh just after it finished and, because `share()` does not replay,
/// wait forever for a token that had already gone by.
final class Authenticator: @unchecked Sendable {
    private let network: MockNetwork
    private let queue = DispatchQueue(label: "Authenticator")
    // Only touched on `queue`.
    private var currentToken: Token?
    private var refreshInFlight: AnyPublisher<Token, NetworkError>?

    init(network: MockNetwork, initialToken: Token? = nil) {
        self.network = network
        self.currentToken = initialToken
    }

    /// A publisher of one valid token.
    ///
    /// - Parameter forceRefresh: Refresh even if the current token looks valid; used after
    ///   the server answered 401 to it.
    func validToken(forceRefresh: Bool = false) -> AnyPublisher<Token, NetworkError> {
        Deferred { self.chooseTokenSource(forceRefresh: forceRefresh) }
            .subscribe(on: queue)
            .eraseToAnyPublisher()
    }

    /// Runs on `queue`, when a subscriber arrives.
    private func chooseTokenSource(forceRefresh: Bool) -> AnyPublisher<Token, NetworkError> {
        if let refresh = refreshInFlight {
            return refresh
        }
        if !forceRefresh, let token = currentToken, token.isValid() {
            return Just(token).setFailureType(to: NetworkError.self).eraseToAnyPublisher()
        }
        let refresh = network.refreshToken()
            .receive(on: queue)
            .handleEvents(
                receiveOutput: { [weak self] token in self?.currentToken = token },
                receiveCompletion: { [weak self] _ in self?.refreshInFlight = nil }
            )
            .share()
            .eraseToAnyPublisher()
        refreshInFlight = refresh
        return refresh
    }
}
