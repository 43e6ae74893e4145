import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTestServer
import Testing

/// The test server itself, exercised with plain URLSession so that failures in the
/// dataTaskPublisher tests can be told apart from failures of the server.
@Suite struct HTTPTestServerTests {
    @Test func answersWithTheHandlersResponseAndSeesTheRequest() async throws {
        let server = try HTTPTestServer { request in
            .text("\(request.method) \(request.path) \(String(decoding: request.body, as: UTF8.self))", status: 201)
        }
        defer { server.stop() }
        var request = URLRequest(url: URL(string: server.url(for: "/echo?x=1"))!)
        request.httpMethod = "POST"
        request.httpBody = Data("payload".utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
        #expect(String(decoding: data, as: UTF8.self) == "POST /echo?x=1 payload")
    }

    @Test func refusesConnectionsAfterStop() async throws {
        let server = try HTTPTestServer { _ in .text("up") }
        let url = URL(string: server.url(for: "/"))!
        _ = try await URLSession.shared.data(from: url)
        server.stop()
        await #expect(throws: (any Error).self) {
            _ = try await URLSession.shared.data(from: url)
        }
    }
}
