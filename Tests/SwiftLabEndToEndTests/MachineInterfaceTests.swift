import Foundation
import PTYTestSupport
import TestWaiting
import Testing

/// `swiftlab serve --jsonl` as a front end drives it: requests on standard input, events
/// on standard output (Documentation/MachineInterface.md).
@Suite("Machine interface (swiftlab serve --jsonl)")
struct MachineInterfaceTests {
    /// A running `swiftlab serve --jsonl` and the messages it has sent.
    final class Server: @unchecked Sendable {
        // `@unchecked`: `messages` is guarded by `lock`; the rest is set once.
        let sandbox: LessonSandbox
        let process = Process()
        private let input = Pipe()
        private let lock = NSLock()
        private var received: [[String: Any]] = []

        init() throws {
            sandbox = try LessonSandbox()
            process.executableURL = URL(fileURLWithPath: try LessonSandbox.executable())
            process.arguments = ["serve", "--jsonl"]
            process.environment = sandbox.environment
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread { [self] in
                var pending = Data()
                while case let data = output.fileHandleForReading.availableData, !data.isEmpty {
                    pending += data
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        let line = pending[pending.startIndex..<newline]
                        pending = Data(pending[(newline + 1)...])
                        let object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any]
                        lock.withLock { received.append(object ?? ["type": "not JSON"]) }
                    }
                }
            }.start()
        }

        deinit {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }

        /// Ends swiftlab's standard input, as a front end that quits or dies does.
        func closeInput() {
            try? input.fileHandleForWriting.close()
        }

        func send(_ request: [String: Any]) throws {
            var data = try JSONSerialization.data(withJSONObject: request)
            data.append(UInt8(ascii: "\n"))
            input.fileHandleForWriting.write(data)
        }

        /// Every message so far.
        var messages: [[String: Any]] { lock.withLock { received } }

        /// The messages of request `id`, once its last one (of type `last`) arrived.
        func messages(of id: String, until last: String) throws -> [[String: Any]] {
            let arrived = waitUntil {
                messages.contains { $0["id"] as? String == id && $0["type"] as? String == last }
            }
            try #require(arrived, "no \(last) for request \(id); got \(messages)")
            return messages.filter { $0["id"] as? String == id }
        }

        /// Runs `code` as a cell and returns its events, its `execute_reply` last.
        func execute(_ code: String, id: String) throws -> [[String: Any]] {
            try send(["type": "execute", "id": id, "code": code])
            return try messages(of: id, until: "execute_reply")
        }
    }

    static func types(_ events: [[String: Any]]) -> [String] { events.compactMap { $0["type"] as? String } }

    static func status(_ events: [[String: Any]]) -> String? {
        events.last { $0["type"] as? String == "execute_reply" }?["status"] as? String
    }

    @Test func resultsOutputPicturesAndErrorsArriveApartWithTheCellsLines() throws {
        let server = try Server()
        #expect(waitUntil { server.messages.first?["type"] as? String == "ready" })

        let first = try server.execute("let xs = [1, 2, 3]\nprint(xs.count)\nxs.map { $0 * 2 }", id: "1")
        #expect(Self.types(first) == ["stream", "result", "result", "execute_reply"])
        #expect(first[0]["text"] as? String == "3\n")
        let results = first.compactMap { ($0["data"] as? [String: Any])?["text/plain"] as? String }
        #expect(results == ["$R0: [Int] = [2, 4, 6]", "xs: [Int] = [1, 2, 3]"])
        #expect(Self.status(first) == "ok")

        let marbles = try server.execute(
            ":marbles scheduler.cold(\"-a-b|\").delay(for: 2, scheduler: scheduler)", id: "2")
        let picture = try #require(marbles.first { $0["type"] as? String == "display" }?["data"] as? [String: Any])
        #expect((picture["image/svg+xml"] as? String)?.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") == true)
        #expect(picture["text/plain"] as? String == "input   -a-b|\noutput  ---a-b|")

        // A recording shown as a result comes with its picture.
        let recorded = try server.execute(
            "let clock = TestScheduler()\nlet recording = clock.record(clock.cold(\"-a|\"))\nclock.run()", id: "2b")
        let drawing = try #require(recorded.first { $0["type"] as? String == "display" }?["data"] as? [String: Any])
        #expect((drawing["image/svg+xml"] as? String)?.contains("<circle") == true)
        #expect(drawing["text/plain"] as? String == "-a|")

        // The error is on the cell's third line, after a blank one: its line is the cell's.
        let failed = try server.execute("let y = 1\n\nlet z: String = y", id: "3")
        let error = try #require(failed.first { $0["type"] as? String == "error" })
        #expect(error["ename"] as? String == "CompileError")
        let diagnostic = try #require((error["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["line"] as? Int == 3)
        #expect(diagnostic["column"] as? Int == 17)
        #expect((error["traceback"] as? [String])?.first?.hasPrefix("3:17: error: cannot convert") == true)
        #expect(Self.status(failed) == "error")

        // The rest of a cell does not run after a failure; earlier state stays.
        let stopped = try server.execute("let w: Int = \"no\"\n:type xs", id: "4")
        #expect(!Self.types(stopped).contains("stream"))
        let kept = try server.execute("xs.count", id: "5")
        #expect((kept.first?["data"] as? [String: Any])?["text/plain"] as? String == "$R1: Int = 3")
    }

    @Test func completionAndCompletenessAnswerFromTheSession() throws {
        let server = try Server()
        _ = try server.execute("let numbers = [3, 1, 2]", id: "1")
        try server.send(["type": "complete", "id": "2", "code": "numbers.sor", "cursor": 11])
        let completion = try #require(try server.messages(of: "2", until: "complete_reply").last)
        let matches = try #require(completion["matches"] as? [String])
        #expect(matches.contains("sorted()"))
        #expect(completion["cursor_start"] as? Int == 8)
        #expect(completion["cursor_end"] as? Int == 11)

        try server.send(["type": "is_complete", "id": "3", "code": "func f() {\n    let a = ["])
        let open = try #require(try server.messages(of: "3", until: "is_complete_reply").last)
        #expect(open["status"] as? String == "incomplete")
        #expect(open["indent"] as? String == "        ")
        try server.send(["type": "is_complete", "id": "4", "code": "func f() {}"])
        #expect(try server.messages(of: "4", until: "is_complete_reply").last?["status"] as? String == "complete")
    }

    @Test func anInterruptStopsTheRunningCellAndKeepsTheState() throws {
        let server = try Server()
        _ = try server.execute("var counter = 41", id: "1")
        try server.send(["type": "execute", "id": "2", "code": "print(\"looping\")\nwhile true {}"])
        #expect(
            waitUntil {
                server.messages.contains { $0["id"] as? String == "2" && $0["text"] as? String == "looping\n" }
            })
        try server.send(["type": "interrupt", "id": "stop"])
        let events = try server.messages(of: "2", until: "execute_reply")
        #expect(Self.status(events) == "interrupted")
        #expect(events.contains { $0["ename"] as? String == "Interrupted" })
        let after = try server.execute("counter += 1\ncounter", id: "3")
        #expect((after.first?["data"] as? [String: Any])?["text/plain"] as? String == "$R0: Int = 42")
    }

    @Test func swiftlabEndsWhenItsFrontEndGoesEvenDuringAnEndlessLoop() throws {
        let server = try Server()
        try server.send(["type": "execute", "id": "1", "code": "print(\"looping\")\nwhile true {}"])
        #expect(waitUntil { server.messages.contains { $0["text"] as? String == "looping\n" } })
        server.closeInput()
        #expect(finishesInTime { server.process.waitUntilExit() })
    }

    @Test func lessonTextIsMarkdownAndBadRequestsAreAnswered() throws {
        let server = try Server()
        let lesson = try server.execute(":lesson 1\n:next", id: "1")
        let pages = lesson.compactMap { ($0["data"] as? [String: Any])?["text/markdown"] as? String }
        #expect(pages.count == 2)
        #expect(pages.first?.contains("# Basics") == true)
        #expect(pages.last?.contains("## Bindings") == true)
        #expect(pages.last?.contains("```swift\nlet numbers = [1, 2, 3]\n```") == true)

        try server.send(["type": "frobnicate", "id": "2"])
        let refused = try server.messages(of: "2", until: "protocol_error")
        #expect((refused.last?["message"] as? String)?.contains("unknown request type 'frobnicate'") == true)
        let unknown = try server.execute(":nope", id: "3")
        #expect(unknown.contains { $0["ename"] as? String == "UnknownCommand" })
        try server.send(["type": "shutdown", "id": "4"])
        _ = try server.messages(of: "4", until: "shutdown_reply")
        #expect(finishesInTime { server.process.waitUntilExit() })
        #expect(server.process.terminationStatus == 0)
    }
}
