import Foundation
import LocalHTTPServer

/// The feed's backend for this example: a real HTTP server on 127.0.0.1 serving
/// `GET /feed?page=N` (pages 1...pageCount), with failures you can switch on to see the
/// loader survive them.
final class FeedServer: @unchecked Sendable {
    /// A way for one page to fail.
    enum Failure: Sendable {
        /// Answer with HTTP 500 and a plain-text body.
        case serverError
        /// Answer 200 with a body that is not a page.
        case malformedJSON
    }

    let pageCount: Int
    let itemsPerPage: Int
    private let lock = NSLock()
    private var failures: [Int: Failure] = [:]
    private var server: LocalHTTPServer!

    /// Starts serving `pageCount` pages of `itemsPerPage` items.
    init(pageCount: Int = 3, itemsPerPage: Int = 4) throws {
        self.pageCount = pageCount
        self.itemsPerPage = itemsPerPage
        server = try LocalHTTPServer { [unowned self] request in self.respond(to: request) }
    }

    /// The address of page `page`.
    func url(page: Int) -> URL { server.url(for: "/feed?page=\(page)") }

    /// Makes the next request for `page` fail once in the given way.
    func failNextRequest(forPage page: Int, with failure: Failure) {
        lock.withLock { failures[page] = failure }
    }

    /// How many page requests the server has answered.
    var requestCount: Int { server.receivedRequests.count }

    /// Stops the server.
    func stop() { server.stop() }

    private func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.path == "/feed", let page = request.query["page"].flatMap(Int.init),
            (1...pageCount).contains(page)
        else {
            return .text("no such page", status: 404)
        }
        switch lock.withLock({ failures.removeValue(forKey: page) }) {
        case .serverError?: return .text("the feed database is down", status: 500)
        case .malformedJSON?: return .json(#"{"items": [{"id": "#)
        case nil: break
        }
        let firstID = (page - 1) * itemsPerPage + 1
        let items = (firstID..<firstID + itemsPerPage).map { FeedItem(id: $0, title: "Story #\($0)") }
        return .json(encoding: FeedPage(items: items, hasMore: page < pageCount))
    }
}
