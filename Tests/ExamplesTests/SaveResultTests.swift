import Foundation
import Streams
import TestWaiting
import Testing

@testable import SaveResult

@Suite("SaveResult example")
struct SaveResultTests {
    /// Saves `text` and waits for the next `hasError` value.
    private func save(_ text: String, with model: EditorModel) -> Bool? {
        let changed = Signal()
        nonisolated(unsafe) var received: Bool?
        let watcher = model.$hasError.dropFirst().sink {
            received = $0
            changed.signal()
        }
        model.save(text)
        let signalled = changed.wait()
        watcher.cancel()
        return signalled ? received : nil
    }

    @Test("A successful save leaves hasError false")
    func successClearsError() {
        let store = DocumentStore { _ in nil }
        let model = EditorModel(store: store)
        #expect(save("hello", with: model) == false)
        #expect(model.stateQueue.sync { model.lastError } == nil)
        #expect(store.savedDocuments == ["hello"])
    }

    @Test("A failed save sets hasError and keeps the error for display")
    func failureSetsFlagAndKeepsError() {
        let store = DocumentStore { attempt in attempt == 1 ? .conflict(serverVersion: 7) : nil }
        let model = EditorModel(store: store)
        #expect(save("one", with: model) == false)
        #expect(save("two", with: model) == true)
        #expect(model.stateQueue.sync { model.lastError } == .conflict(serverVersion: 7))
        #expect(save("three", with: model) == false)
        #expect(
            model.stateQueue.sync { model.lastError } == .conflict(serverVersion: 7), "the last error stays visible")
        #expect(store.savedDocuments == ["one", "three"])
    }

    @Test("The model is released once its saves are over")
    func releasesModel() {
        weak var weakModel: EditorModel?
        do {
            let model = EditorModel(store: DocumentStore { _ in .diskFull })
            weakModel = model
            #expect(save("doomed", with: model) == true)
        }
        #expect(waitUntil { weakModel == nil })
    }
}
