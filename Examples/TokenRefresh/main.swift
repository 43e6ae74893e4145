import Foundation

// The program runs in a function, not as top-level code: top-level variables of
// main.swift are main-actor isolated in Swift 6, and a closure that touches them traps
// when a stream calls it on another queue.
func runExample() throws {
    // Ten requests start at once while the stored token has already expired. They must
    // share one token refresh, then all succeed.
    let network = MockNetwork()
    let expired = Token(value: "token-0", expiresAt: Date().addingTimeInterval(-60))
    let client = AuthenticatedClient(
        network: network, authenticator: Authenticator(network: network, initialToken: expired))

    print("Sending 10 requests at once with an expired token...")
    let results = sendConcurrently(10, through: client)
    let successes = results.values.filter { if case .success = $0 { return true } else { return false } }.count
    print("  token refreshes: \(network.refreshCalls)")
    print("  successful responses: \(successes) of 10")

    // A server that rejects every token: the client refreshes once, retries once, then
    // reports the failure instead of looping.
    let broken = MockNetwork(behaviour: .alwaysUnauthorized)
    let stubbornClient = AuthenticatedClient(network: broken, authenticator: Authenticator(network: broken))
    print("Sending 1 request to a server that always answers 401...")
    let outcome = sendConcurrently(1, through: stubbornClient)[0]
    switch outcome {
    case .failure(let error)?:
        print("  failed with \(error) after \(broken.refreshCalls) refreshes and \(broken.requestCalls) attempts")
    case .success?: print("  unexpectedly succeeded")
    case nil: print("  timed out")
    }
}

try runExample()
