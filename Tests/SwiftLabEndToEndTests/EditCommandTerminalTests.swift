import Foundation
import PTYTestSupport
import SwiftLabCore
import Testing

/// `:edit` with real terminal editors, as a learner uses it: the file starts from the
/// answer typed in the REPL, quitting without saving loads nothing, and a saved change is
/// loaded. The editors are the system's; a test is skipped when its editor is missing
/// (`apt-get install vim-tiny nano`).
@Suite("`:edit` with terminal editors", .serialized)
struct EditCommandTerminalTests {
    static func installed(_ name: String) -> Bool {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + name) }
    }

    @Test(.enabled(if: installed("vi"), "vi is not installed"))
    func viEditsTheLatestAnswerAndLoadsOnlyASavedChange() throws {
        try walkThrough(editor: "vi", quitWithoutSaving: ":q!\r", replaceTwoByThreeAndSave: ":%s/\\* 2/* 3/\r:wq\r")
    }

    @Test(.enabled(if: installed("nano"), "nano is not installed"))
    func nanoEditsTheLatestAnswerAndLoadsOnlyASavedChange() throws {
        // Ctrl-X leaves; Ctrl-\ replaces (search, replacement, All), then Ctrl-X, Yes, Enter saves.
        try walkThrough(
            editor: "nano", quitWithoutSaving: "\u{18}", replaceTwoByThreeAndSave: "\u{1C}* 2\r* 3\rA\u{18}y\r")
    }

    private func walkThrough(editor: String, quitWithoutSaving: String, replaceTwoByThreeAndSave: String) throws {
        let sandbox = try LessonSandbox()
        let terminal = try sandbox.startTerminal(extra: ["EDITOR": editor])
        var learner = Learner(terminal)
        _ = try learner.type(":lesson 1")
        _ = try learner.type(":exercise")
        _ = try learner.type("func doubled(_ numbers: [Int]) -> [Int] { numbers.map { $0 * 2 } }")

        // The editor shows the answer typed above, not the starter code; leaving without
        // saving keeps the session as it was.
        terminal.send(":edit\r")
        try terminal.waitForOutput(containing: "numbers.map {")  // the answer (an editor may colour the rest)
        try terminal.waitForRawMode()
        terminal.send(quitWithoutSaving)
        try terminal.waitForOutput(containing: "The file was not changed, so nothing was loaded.")
        try terminal.waitForOutput(containing: REPL.prompt(line: 5))
        try terminal.waitForRawMode()
        let file = sandbox.dataDirectory.appendingPathComponent("workspace/01-basics/1-double-every-number.swift")
        #expect(
            try String(contentsOf: file, encoding: .utf8).contains(
                "func doubled(_ numbers: [Int]) -> [Int] { numbers.map { $0 * 2 } }"))
        #expect(
            try String(contentsOf: file.appendingPathExtension("previous"), encoding: .utf8).contains(
                "    return numbers\n"))

        // A saved change is loaded and checked.
        terminal.send(":edit\r")
        try terminal.waitForOutput(containing: "numbers.map {")  // the answer (an editor may colour the rest)
        try terminal.waitForRawMode()
        terminal.send(replaceTwoByThreeAndSave)
        try terminal.waitForOutput(containing: "Loaded. :check checks it.", timeout: 60)
        try terminal.waitForOutput(containing: REPL.prompt(line: 6))
        try terminal.waitForRawMode()
        terminal.send(":check\r")
        try terminal.waitForOutput(containing: "actual:   [3, 6, 9]", timeout: 60)
        try terminal.waitForOutput(containing: REPL.prompt(line: 7))
        try terminal.waitForRawMode()
        terminal.send(.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }
}
