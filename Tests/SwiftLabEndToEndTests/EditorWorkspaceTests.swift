import Foundation
import Synchronization
import TestWaiting
import Testing

/// The exercise workspace opens in an editor with a language server: the toolchain's
/// sourcekit-lsp, started on a workspace `swiftlab check 10` made, finds the modules and
/// the imports cells have (before, the starter code reported `Cannot find type
/// 'AnyCancellable' in scope` and completed nothing after `names.`).
@Suite struct EditorWorkspaceTests {
    @Test func sourceKitLSPOpensAStarterFileWithoutCannotFindAndCompletesASubject() throws {
        let sandbox = try LessonSandbox(lessons: LessonSandbox.realLessons)
        _ = try sandbox.run(["check", "10"])
        let workspace = sandbox.dataDirectory.appendingPathComponent("workspace")
        #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("compile_commands.json").path))
        let files = try FileManager.default.contentsOfDirectory(
            at: workspace.appendingPathComponent("10-state-that-streams"), includingPropertiesForKeys: nil)
        // The exercise whose starter uses AnyCancellable and PassthroughSubject.
        let file = try #require(
            files.first { (try? String(contentsOf: $0, encoding: .utf8))?.contains("PassthroughSubject") == true })
        let text = try String(contentsOf: file, encoding: .utf8)

        let server = try LanguageServer(workspace: workspace)
        defer { server.stop() }
        _ = try server.request(
            "initialize",
            [
                "processId": Int(ProcessInfo.processInfo.processIdentifier), "rootUri": workspace.absoluteString,
                "capabilities": [String: Any](),
            ])
        server.notify("initialized", [String: Any]())
        server.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": file.absoluteString, "languageId": "swift", "version": 1, "text": text]])

        // Completion after a subject's dot (the file's `names`, a PassthroughSubject).
        let lines = text.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("names.assign") })
        let column = try #require(lines[line].range(of: "names.")).upperBound.utf16Offset(in: lines[line])
        let completion = try server.request(
            "textDocument/completion",
            ["textDocument": ["uri": file.absoluteString], "position": ["line": line, "character": column]])
        let items = (completion as? [String: Any])?["items"] as? [[String: Any]] ?? []
        let labels = items.compactMap { $0["label"] as? String }
        #expect(labels.contains { $0.hasPrefix("sink(") }, "\(labels.prefix(40))")
        #expect(labels.contains { $0.hasPrefix("assign(") }, "\(labels.prefix(40))")

        // The file as it is, with the settings completion used: no name unknown.
        let report = try server.request("textDocument/diagnostic", ["textDocument": ["uri": file.absoluteString]])
        let diagnostics = (report as? [String: Any])?["items"] as? [[String: Any]] ?? []
        let messages = diagnostics.compactMap { $0["message"] as? String }
        #expect(!messages.contains { $0.lowercased().contains("cannot find") }, "\(messages)")
        #expect(!messages.contains { $0.contains("no such module") }, "\(messages)")
    }
}

/// The toolchain's sourcekit-lsp on pipes, spoken to in JSON-RPC with LSP's framing.
private final class LanguageServer: Sendable {
    private let process: Process
    private let input: FileHandle
    private let received = Mutex<[Int: Data]>([:])
    private let buffer = Mutex(Data())
    private let nextID = Mutex(1)

    init(workspace: URL) throws {
        let swiftc = try #require(
            ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/swiftc" }
                .first { FileManager.default.isExecutableFile(atPath: $0) })
        let executable = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("sourcekit-lsp")
        process = Process()
        process.executableURL = executable
        process.currentDirectoryURL = workspace
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        input = stdin.fileHandleForWriting
        try process.run()
        let handle = stdout.fileHandleForReading
        Thread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                buffer.withLock { $0.append(data) }
                readMessages()
            }
        }.start()
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    private func send(_ message: [String: Any]) {
        var body = message
        body["jsonrpc"] = "2.0"
        guard let json = try? JSONSerialization.data(withJSONObject: body) else { return }
        input.write(Data("Content-Length: \(json.count)\r\n\r\n".utf8) + json)
    }

    func notify(_ method: String, _ parameters: Any) {
        send(["method": method, "params": parameters])
    }

    /// Sends a request and waits for its result (a failed request fails the test).
    func request(_ method: String, _ parameters: Any) throws -> Any? {
        let id = nextID.withLock { id in
            defer { id += 1 }
            return id
        }
        send(["id": id, "method": method, "params": parameters])
        try #require(waitUntil { self.received.withLock { $0[id] != nil } }, "no answer to \(method)")
        let body = received.withLock { $0[id] } ?? Data()
        let response = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        try #require(response?["error"] == nil, "\(method): \(String(describing: response?["error"]))")
        return response?["result"]
    }

    /// Takes every whole message out of the buffer: responses are kept by id, requests
    /// from the server (configuration, progress) are answered with nothing.
    private func readMessages() {
        while true {
            let body = buffer.withLock { data -> Data? in
                guard let headerEnd = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
                let header = String(decoding: data[data.startIndex..<headerEnd.lowerBound], as: UTF8.self)
                guard
                    let lengthLine = header.split(separator: "\r\n").first(where: { $0.hasPrefix("Content-Length:") }),
                    let length = Int(
                        lengthLine.dropFirst("Content-Length:".count).trimmingCharacters(in: .whitespaces)),
                    data.count - (headerEnd.upperBound - data.startIndex) >= length
                else { return nil }
                let body = Data(data[headerEnd.upperBound..<(headerEnd.upperBound + length)])
                data = Data(data[(headerEnd.upperBound + length)...])
                return body
            }
            guard let body else { return }
            let message = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
            if let id = message["id"] as? Int, message["method"] == nil {
                received.withLock { $0[id] = body }
            } else if let id = message["id"], message["method"] != nil {
                send(["id": id, "result": NSNull()])
            }
        }
    }
}
