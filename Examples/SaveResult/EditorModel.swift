import Foundation
import Streams

/// The state behind an editor screen: whether the last save failed, and why.
///
/// All published state changes on `stateQueue` (the "UI" queue of this example), so
/// readers on that queue always see a consistent pair of `hasError` and `lastError`.
final class EditorModel: ObservableObject, @unchecked Sendable {
    /// Whether the most recent save failed. A screen would show a banner for it.
    @Published private(set) var hasError = false
    /// The error of the most recent failed save, kept for display.
    @Published private(set) var lastError: SaveError?

    private let store: DocumentStore
    let stateQueue: DispatchQueue

    init(store: DocumentStore, stateQueue: DispatchQueue = DispatchQueue(label: "EditorModel.state")) {
        self.store = store
        self.stateQueue = stateQueue
    }

    /// Saves `text` and turns the outcome into `hasError`.
    ///
    /// The Future wraps the callback API. Success becomes `false` (no error); a failure
    /// is recorded in `lastError` as it passes `handleEvents`, then `replaceError` turns
    /// it into `true`, so the stream that feeds `hasError` itself never fails.
    func save(_ text: String) {
        let store = self.store
        Future<Void, SaveError> { promise in
            store.save(text) { result in promise(result) }
        }
        .receive(on: stateQueue)
        .handleEvents(receiveCompletion: { [weak self] completion in
            if case .failure(let error) = completion {
                self?.lastError = error
            }
        })
        .map { _ in false }
        .replaceError(with: true)
        .assign(to: &$hasError)
    }
}
