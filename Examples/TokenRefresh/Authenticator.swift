import Foundation
import Streams

/// Hands out a valid token, refreshing it when needed, and makes sure that however many
/// requests ask at once, only one refresh is in flight.
///
/// All its state lives on a serial queue: deciding between "use the current token",
/// "join the refresh in flight" and "start a refresh" happens there, and so does the end
/// of a refresh. The refresh in flight is a `Future` that every caller shares. A Future
/// replays its outcome, which matters here: with a plain `share()`, a caller that joins
/// just as the refresh delivers its token (its demand still on the way) would miss the
/// token for good, because `share()` passes values on only to subscribers that are ready
/// for them at that moment.
final class Authenticator: @unchecked Sendable {
    private let network: MockNetwork
    private let queue = DispatchQueue(label: "Authenticator")
    // Only touched on `queue`.
    private var currentToken: Token?
    private var refreshInFlight: Future<Token, NetworkError>?
    private var refreshRequest: AnyCancellable?

    init(network: MockNetwork, initialToken: Token? = nil) {
        self.network = network
        self.currentToken = initialToken
    }

    /// A publisher of one valid token. The choice of where it comes from is made when
    /// somebody subscribes (`Deferred`), not when the publisher is built.
    ///
    /// - Parameter forceRefresh: Refresh even if the current token looks valid; used after
    ///   the server answered 401 to it.
    func validToken(forceRefresh: Bool = false) -> AnyPublisher<Token, NetworkError> {
        Deferred { self.queue.sync { self.tokenSource(forceRefresh: forceRefresh) } }
            .eraseToAnyPublisher()
    }

    /// Runs on `queue`.
    private func tokenSource(forceRefresh: Bool) -> AnyPublisher<Token, NetworkError> {
        if let refresh = refreshInFlight {
            return refresh.eraseToAnyPublisher()
        }
        if !forceRefresh, let token = currentToken, token.isValid() {
            return Just(token).setFailureType(to: NetworkError.self).eraseToAnyPublisher()
        }
        // The Future's closure runs at once, here on the queue; the answer comes back on
        // the queue too (`receive(on:)`), so the token and the end of the refresh are
        // recorded in order with every decision above.
        let refresh = Future<Token, NetworkError> { promise in
            self.refreshRequest = self.network.refreshToken()
                .receive(on: self.queue)
                .sink(
                    receiveCompletion: { [weak self] completion in
                        self?.refreshInFlight = nil
                        self?.refreshRequest = nil
                        if case .failure(let error) = completion { promise(.failure(error)) }
                    },
                    receiveValue: { [weak self] token in
                        self?.currentToken = token
                        promise(.success(token))
                    }
                )
        }
        refreshInFlight = refresh
        return refresh.eraseToAnyPublisher()
    }
}
