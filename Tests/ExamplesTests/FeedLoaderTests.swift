import Foundation
import StreamsFoundation
import TestWaiting
import Testing

@testable import FeedLoader

@Suite("FeedLoader example", .serialized)
struct FeedLoaderTests {
    /// Loads one page and waits until the load is over.
    private func loadPage(_ feed: FeedModel) {
        let ended = Signal()
        let watcher = feed.$isLoading.dropFirst().filter { !$0 }.sink { _ in ended.signal() }
        feed.stateQueue.sync { feed.loadNextPage() }
        #expect(ended.wait(), "the page load ended")
        watcher.cancel()
    }

    private func snapshot(_ feed: FeedModel) -> (ids: [Int], canLoadMore: Bool, error: String?) {
        feed.stateQueue.sync { (feed.items.map(\.id), feed.canLoadMore, feed.lastError) }
    }

    @Test("Loads every page in order and stops when the server says there are no more")
    func loadsAllPages() throws {
        let server = try FeedServer(pageCount: 3, itemsPerPage: 4)
        defer { server.stop() }
        let feed = FeedModel { server.url(page: $0) }
        for _ in 1...3 { loadPage(feed) }
        let state = snapshot(feed)
        #expect(state.ids == Array(1...12))
        #expect(!state.canLoadMore)
        #expect(server.requestCount == 3)

        feed.stateQueue.sync { feed.loadNextPage() }  // past the end: nothing to do
        #expect(!feed.stateQueue.sync { feed.isLoading })
        #expect(server.requestCount == 3)
    }

    @Test(
        "A failing page keeps the items and can be retried",
        arguments: [FeedServer.Failure.serverError, .malformedJSON])
    func failedPageKeepsItems(failure: FeedServer.Failure) throws {
        let server = try FeedServer(pageCount: 3, itemsPerPage: 2)
        defer { server.stop() }
        let feed = FeedModel { server.url(page: $0) }
        loadPage(feed)
        server.failNextRequest(forPage: 2, with: failure)
        loadPage(feed)

        var state = snapshot(feed)
        #expect(state.ids == [1, 2], "the items loaded before the failure are intact")
        #expect(state.error != nil)
        #expect(state.canLoadMore)

        loadPage(feed)  // the retry
        state = snapshot(feed)
        #expect(state.ids == [1, 2, 3, 4])
        #expect(state.error == nil)
    }

    @Test("The model is released once it is no longer used")
    func noLeaks() throws {
        let server = try FeedServer(pageCount: 2, itemsPerPage: 1)
        defer { server.stop() }
        weak var weakFeed: FeedModel?
        do {
            let feed = FeedModel { server.url(page: $0) }
            weakFeed = feed
            loadPage(feed)
            loadPage(feed)
        }
        #expect(waitUntil { weakFeed == nil })
    }
}
