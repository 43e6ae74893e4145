import Foundation
import TestWaiting
import Testing

@testable import TokenRefresh

@Suite("TokenRefresh example")
struct TokenRefreshTests {
    @Test("10 concurrent requests with an expired token share one refresh, 100 times over")
    func concurrentRequestsShareOneRefresh() {
        for run in 1...100 {
            let network = MockNetwork(latency: .milliseconds(1))
            let expired = Token(value: "old", expiresAt: Date().addingTimeInterval(-1))
            let client = AuthenticatedClient(
                network: network, authenticator: Authenticator(network: network, initialToken: expired))

            let results = sendConcurrently(10, through: client)

            #expect(results.count == 10, "run \(run): every request finished")
            #expect(results.values.allSatisfy { (try? $0.get()) != nil }, "run \(run): every request succeeded")
            #expect(network.refreshCalls == 1, "run \(run): exactly one refresh")
            #expect(network.requestCalls == 10, "run \(run): no request was sent twice")
        }
    }

    @Test("A valid token is used as it is, without a refresh")
    func validTokenNeedsNoRefresh() throws {
        let network = MockNetwork()
        let authenticator = Authenticator(network: network)
        let client = AuthenticatedClient(network: network, authenticator: authenticator)
        _ = sendConcurrently(1, through: client)  // first request fetches a token
        let results = sendConcurrently(5, through: client)
        #expect(results.values.allSatisfy { (try? $0.get()) != nil })
        #expect(network.refreshCalls == 1)
    }

    @Test("A second 401 after a refresh fails instead of looping")
    func secondUnauthorizedFails() {
        let network = MockNetwork(behaviour: .alwaysUnauthorized)
        let client = AuthenticatedClient(network: network, authenticator: Authenticator(network: network))

        let result = sendConcurrently(1, through: client)[0]

        guard case .failure(let error)? = result else {
            Issue.record("expected a failure, got \(String(describing: result))")
            return
        }
        #expect(error == .unauthorized)
        #expect(network.refreshCalls == 2, "one refresh for the missing token, one forced by the 401")
        #expect(network.requestCalls == 2, "the request is retried exactly once")
    }

    @Test("Nothing is left alive once the requests are done")
    func releasesEverything() {
        weak var weakNetwork: MockNetwork?
        weak var weakAuthenticator: Authenticator?
        do {
            let network = MockNetwork(latency: .milliseconds(1))
            let authenticator = Authenticator(network: network, initialToken: nil)
            weakNetwork = network
            weakAuthenticator = authenticator
            let results = sendConcurrently(
                10, through: AuthenticatedClient(network: network, authenticator: authenticator))
            #expect(results.count == 10)
        }
        // Deliveries on background queues may still be unwinding their last references.
        waitUntil { weakNetwork == nil && weakAuthenticator == nil }
        #expect(weakNetwork == nil)
        #expect(weakAuthenticator == nil)
    }
}
