import Foundation
import StreamsFoundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The state behind an infinite-scrolling list: the items loaded so far and where paging
/// stands. Loading a page is one stream; see `loadNextPage()`.
///
/// All published state changes on `stateQueue` (the "UI" queue of this example).
final class FeedModel: ObservableObject, @unchecked Sendable {
    /// Every item loaded so far, in order.
    @Published private(set) var items: [FeedItem] = []
    /// Whether a page request is running.
    @Published private(set) var isLoading = false
    /// Whether the server said more pages follow.
    @Published private(set) var canLoadMore = true
    /// What went wrong with the last page, if it failed.
    @Published private(set) var lastError: String?

    let stateQueue: DispatchQueue
    private let pageURL: @Sendable (Int) -> URL
    private let session: URLSession
    private var nextPage = 1

    init(
        session: URLSession = .shared, stateQueue: DispatchQueue = DispatchQueue(label: "FeedModel.state"),
        pageURL: @escaping @Sendable (Int) -> URL
    ) {
        self.session = session
        self.stateQueue = stateQueue
        self.pageURL = pageURL
    }

    /// Loads the next page and appends its items. Does nothing while a page is loading or
    /// after the last page. A failed page leaves the items as they were; call again to
    /// retry it. Call on `stateQueue`.
    func loadNextPage() {
        dispatchPrecondition(condition: .onQueue(stateQueue))
        guard !isLoading, canLoadMore else { return }
        isLoading = true
        session.dataTaskPublisher(for: pageURL(nextPage))
            .map(\.data)
            // A 500 carries a text body, so it fails here too: anything that is not a
            // page is an error.
            .decode(type: FeedPage.self, decoder: JSONDecoder())
            .receive(on: stateQueue)
            // Paging state changes as a side effect of the page going by.
            .handleEvents(
                receiveOutput: { [weak self] page in
                    self?.nextPage += 1
                    self?.canLoadMore = page.hasMore
                    self?.lastError = nil
                },
                receiveCompletion: { [weak self] completion in
                    if case .failure(let error) = completion {
                        self?.lastError = Self.describe(error)
                    }
                    self?.isLoading = false
                }
            )
            .map { [weak self] page in (self?.items ?? []) + page.items }
            // On failure, the list stays what it was.
            .catch { [weak self] _ in Just(self?.items ?? []) }
            .assign(to: &$items)
    }

    private static func describe(_ error: Error) -> String {
        if error is DecodingError { return "the server's answer was not a feed page" }
        return error.localizedDescription
    }
}
