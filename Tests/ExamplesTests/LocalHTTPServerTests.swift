import Foundation
import LocalHTTPServer
import TestWaiting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

@Suite("LocalHTTPServer")
struct LocalHTTPServerTests {
    /// Sends a request with URLSession and waits for the answer.
    private func fetch(_ request: URLRequest) throws -> (status: Int, body: String) {
        let done = Signal()
        nonisolated(unsafe) var outcome: Result<(Int, String), Error> = .failure(URLError(.timedOut))
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                outcome = .failure(error)
            } else {
                outcome = .success(
                    ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data ?? Data(), as: UTF8.self)))
            }
            done.signal()
        }.resume()
        done.wait()
        let (status, body) = try outcome.get()
        return (status, body)
    }

    @Test("Passes method, path, query and body to the handler and sends its response")
    func roundTrip() throws {
        let server = try LocalHTTPServer { request in
            .text(
                "\(request.method) \(request.path) q=\(request.query["q"] ?? "-") body=\(String(decoding: request.body, as: UTF8.self))",
                status: 201)
        }
        defer { server.stop() }
        var request = URLRequest(url: server.url(for: "/echo?q=a%20b"))
        request.httpMethod = "POST"
        request.httpBody = Data("hello".utf8)

        let (status, body) = try fetch(request)

        #expect(status == 201)
        #expect(body == "POST /echo q=a b body=hello")
        #expect(server.receivedRequests.map(\.path) == ["/echo"])
    }

    @Test("Answers many clients at once")
    func concurrentClients() throws {
        let server = try LocalHTTPServer { request in .text(request.query["n"] ?? "") }
        defer { server.stop() }
        let bodies = NSLock()
        nonisolated(unsafe) var received: Set<String> = []
        DispatchQueue.concurrentPerform(iterations: 20) { n in
            if let body = try? fetch(URLRequest(url: server.url(for: "/?n=\(n)"))).body {
                bodies.withLock { _ = received.insert(body) }
            }
        }
        #expect(received == Set((0..<20).map(String.init)))
    }

    @Test("Answers a request that is not HTTP with 400, and stops cleanly")
    func malformedRequest() throws {
        let server = try LocalHTTPServer { _ in .text("never") }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = server.port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(connected == 0)
        let garbage = Array("nonsense\r\n\r\n".utf8)
        _ = garbage.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(fd, &buffer, buffer.count)
        close(fd)
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).hasPrefix("HTTP/1.1 400"))
        server.stop()
        server.stop()  // a second stop is harmless
    }

    @Test("Refuses connections once stopped")
    func refusesAfterStop() throws {
        let server = try LocalHTTPServer { _ in .text("up") }
        let url = server.url(for: "/")
        #expect(try fetch(URLRequest(url: url)).body == "up")
        server.stop()
        #expect(throws: (any Error).self) { try fetch(URLRequest(url: url)) }
    }

    @Test("Reads a large body that arrives in many pieces")
    func largeBody() throws {
        let server = try LocalHTTPServer { request in .text("\(request.body.count)") }
        defer { server.stop() }
        var request = URLRequest(url: server.url(for: "/upload"))
        request.httpMethod = "POST"
        request.httpBody = Data(repeating: 65, count: 200_000)
        #expect(try fetch(request).body == "200000")
    }
}
