import Foundation

/// Why a save can fail.
enum SaveError: Error, Equatable, Sendable {
    case diskFull
    case conflict(serverVersion: Int)
}

/// A callback-based API of the kind many SDKs still offer: `save` returns at once and
/// calls `completion` later, on a queue of its own.
final class DocumentStore: @unchecked Sendable {
    /// Decides the outcome of the n-th save (0, 1, 2 ...), so runs are repeatable.
    typealias Outcome = @Sendable (_ attempt: Int) -> SaveError?

    private let lock = NSLock()
    private var attempts = 0
    private var saved: [String] = []
    private let outcome: Outcome
    private let queue = DispatchQueue(label: "DocumentStore")

    init(outcome: @escaping Outcome) {
        self.outcome = outcome
    }

    /// Everything saved so far, oldest first.
    var savedDocuments: [String] { lock.withLock { saved } }

    /// Saves `text`, then calls `completion` on the store's queue.
    func save(_ text: String, completion: @escaping @Sendable (Result<Void, SaveError>) -> Void) {
        let attempt = lock.withLock { () -> Int in
            defer { attempts += 1 }
            return attempts
        }
        queue.asyncAfter(deadline: .now() + .milliseconds(2)) {
            if let error = self.outcome(attempt) {
                completion(.failure(error))
            } else {
                self.lock.withLock { self.saved.append(text) }
                completion(.success(()))
            }
        }
    }
}
