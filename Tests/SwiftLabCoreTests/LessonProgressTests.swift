import Foundation
import Synchronization
import TestWaiting
import Testing

@testable import SwiftLabCore

@Suite struct LessonProgressTests {
    @Test func progressSurvivesARestart() throws {
        let folder = try LessonFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = ProgressStore(directory: folder) { _ in }
        first.update { progress in
            progress.visit(lessonID: "01-basics", section: 2)
            progress.markPassed("double-every-number", in: "01-basics")
            progress.noteHints(1, exerciseID: "double-every-number", in: "01-basics")
        }
        // A new store, as after quitting and starting swiftlab again.
        let progress = ProgressStore(directory: folder) { _ in }.load()
        #expect(progress.currentLesson == "01-basics")
        #expect(progress.currentSection == 2)
        #expect(progress.record(for: "01-basics").passedExercises == ["double-every-number"])
        #expect(progress.record(for: "01-basics").hintsSeen == ["double-every-number": 1])
        let library = LessonFixtures.library()
        #expect(progress.isDone(library.lessons[0]))
        #expect(!progress.isDone(library.lessons[1]))
    }

    @Test func aFailedSaveWarnsOnceAndSaysWhatIsLost() throws {
        let folder = try LessonFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A file where the data folder should be: nothing can be created or saved there
        // (even by root, unlike a read-only folder).
        let blocker = folder.appendingPathComponent("data")
        try Data("not a folder".utf8).write(to: blocker)
        let warnings = Mutex<[String]>([])
        let store = ProgressStore(directory: blocker.appendingPathComponent("swiftlab")) { message in
            warnings.withLock { $0.append(message) }
        }
        for section in 0..<3 {
            store.update { $0.visit(lessonID: "01-basics", section: section) }
            _ = store.load()
        }
        let told = warnings.withLock { $0 }
        #expect(told.count == 1)
        #expect(told.first?.contains("will not be saved") == true)
        #expect(told.first?.contains("not repeated") == true)
    }

    @Test func aCorruptFileIsKeptAsideAndReplacedWithAMessage() throws {
        let folder = try LessonFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("progress.json")
        try Data("{\"version\": 1, \"lessons\": [tru".utf8).write(to: file)
        let box = MessageBox()
        let store = ProgressStore(directory: folder) { box.append($0) }

        #expect(store.load() == LessonProgress())
        let backup = folder.appendingPathComponent("progress.json.corrupt-1")
        #expect(try String(contentsOf: backup, encoding: .utf8) == "{\"version\": 1, \"lessons\": [tru")
        #expect(box.messages.count == 1)
        #expect(box.messages[0].contains(backup.path))
        #expect(!FileManager.default.fileExists(atPath: file.path))

        store.update { $0.markPassed("total", in: "02-sums") }
        #expect(ProgressStore(directory: folder) { _ in }.load().record(for: "02-sums").passedExercises == ["total"])
        #expect(box.messages.count == 1)
    }

    @Test func usesXDGDataHomeOrTheDefault() {
        #expect(
            ProgressStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"]).path
                == "/data/swiftlab")
        #expect(
            ProgressStore.defaultDirectory(environment: ["HOME": "/home/a"]).path == "/home/a/.local/share/swiftlab")
        // A relative XDG_DATA_HOME is invalid by the specification and ignored.
        #expect(
            ProgressStore.defaultDirectory(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/a"]).path
                == "/home/a/.local/share/swiftlab")
    }

    /// Two writers, each with its own store and file descriptors (as two processes have),
    /// mark different exercises at the same time; every change must be in the final file.
    /// The two-process version of this test is in the end-to-end tests.
    @Test func concurrentWritersMergeInsteadOfOverwriting() throws {
        let folder = try LessonFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 150
        let ready = MessageBox()
        // Two threads of their own (tasks or a concurrentPerform may run one after the other).
        let finished = Signal()
        for writer in ["a", "b"] {
            Thread {
                let store = ProgressStore(directory: folder) { _ in }
                // Start together, so that the writes overlap.
                ready.append(writer)
                while ready.messages.count < 2 { sched_yield() }
                for index in 0..<count {
                    store.update { $0.markPassed("\(writer)\(index)", in: "lesson-\(writer)") }
                }
                finished.signal()
            }.start()
        }
        #expect(finished.wait())
        #expect(finished.wait())
        let progress = ProgressStore(directory: folder) { _ in }.load()
        #expect(progress.record(for: "lesson-a").passedExercises.count == count)
        #expect(progress.record(for: "lesson-b").passedExercises.count == count)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }
}

/// Collects the store's messages from any thread.
final class MessageBox: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ message: String) { storage.withLock { $0.append(message) } }
    var messages: [String] { storage.withLock { $0 } }
}
