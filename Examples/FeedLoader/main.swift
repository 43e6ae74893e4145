import Foundation
import StreamsFoundation

// The program runs in a function, not as top-level code: top-level variables of
// main.swift are main-actor isolated in Swift 6, and a closure that touches them traps
// when a stream calls it on another queue.
func runExample() throws {
    let server = try FeedServer(pageCount: 3, itemsPerPage: 4)
    server.failNextRequest(forPage: 2, with: .serverError)
    let feed = FeedModel { page in server.url(page: page) }

    // Wait for each load to end: `isLoading` going back to false.
    let loadEnded = DispatchSemaphore(value: 0)
    let watcher = feed.$isLoading.dropFirst().filter { !$0 }.sink { _ in loadEnded.signal() }

    func loadPage() {
        feed.stateQueue.sync { feed.loadNextPage() }
        loadEnded.wait()
        feed.stateQueue.sync {
            if let error = feed.lastError {
                print("Page failed (\(error)); still showing \(feed.items.count) items")
            } else {
                print(
                    "Loaded page: \(feed.items.count) items, last is \"\(feed.items.last?.title ?? "-")\", more: \(feed.canLoadMore)"
                )
            }
        }
    }

    print("Loading a paged feed from \(server.url(page: 1).host ?? "")")
    while feed.stateQueue.sync(execute: { feed.canLoadMore }) {
        loadPage()
    }
    print("Done: \(feed.stateQueue.sync { feed.items.count }) items in \(server.requestCount) requests")
    server.stop()
    withExtendedLifetime(watcher) {}
}

try runExample()
