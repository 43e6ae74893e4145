import Foundation
import Streams

// The program runs in a function, not as top-level code: top-level variables of
// main.swift are main-actor isolated in Swift 6, and a closure that touches them traps
// when a stream calls it on another queue.
func runExample() throws {
    // Every third save hits a full disk; the rest succeed.
    let store = DocumentStore { attempt in attempt % 3 == 2 ? .diskFull : nil }
    let model = EditorModel(store: store)

    // Print each change of `hasError` after the initial value, on the model's queue.
    let done = DispatchSemaphore(value: 0)
    let watcher = model.$hasError.dropFirst().sink { hasError in
        let status = hasError ? "failed: \(model.lastError.map { "\($0)" } ?? "unknown error")" : "saved"
        print("  \(status)")
        done.signal()
    }

    for draft in ["First draft", "Second draft", "Third draft", "Fourth draft"] {
        print("Saving \"\(draft)\"...")
        model.save(draft)
        done.wait()
    }
    print("Saved documents: \(store.savedDocuments)")
    withExtendedLifetime(watcher) {}
}

try runExample()
