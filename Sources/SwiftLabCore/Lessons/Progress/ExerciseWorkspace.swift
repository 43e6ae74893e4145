import Foundation

/// The learner's own copies of exercise files, for working in an editor
/// (`:edit`, `swiftlab check`, `swiftlab watch`).
///
/// Files live under `$XDG_DATA_HOME/swiftlab/workspace/NN-slug/N-exercise.swift`. They are
/// created from the starter code the first time; afterwards only ``write(_:for:in:)``
/// replaces one (with the learner's own code), keeping the previous file as a backup. The
/// lessons in `Lessons/` are never written to.
public struct ExerciseWorkspace: Sendable {
    /// The workspace folder.
    public let directory: URL

    /// A workspace in `directory`.
    public init(directory: URL) { self.directory = directory }

    /// `$XDG_DATA_HOME/swiftlab/workspace` (see ``ProgressStore/defaultDirectory(environment:)``).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        ProgressStore.defaultDirectory(environment: environment).appendingPathComponent("workspace")
    }

    /// Where the learner's file for `exercise` is (whether or not it exists yet).
    public func fileURL(for exercise: Exercise, in lesson: Lesson) -> URL {
        directory.appendingPathComponent(relativePath(for: exercise, in: lesson))
    }

    /// Creates the learner's file for `exercise` from its task and starter code unless it
    /// exists already; returns its location and whether it was created now.
    @discardableResult
    public func prepareFile(for exercise: Exercise, in lesson: Lesson) throws -> (url: URL, created: Bool) {
        let url = fileURL(for: exercise, in: lesson)
        if FileManager.default.fileExists(atPath: url.path) { return (url, false) }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try Data(starterText(for: exercise, in: lesson).utf8).write(to: url, options: .withoutOverwriting)
        return (url, true)
    }

    /// Where an editor's language server (sourcekit-lsp) finds how each exercise file is
    /// compiled: `compile_commands.json` at the workspace's top.
    public var compileCommandsURL: URL { directory.appendingPathComponent("compile_commands.json") }

    /// Writes ``compileCommandsURL`` for every exercise of `library`, each compiled by
    /// `command(file)`, so that the workspace opens in VS Code, Neovim or any LSP editor
    /// with no "cannot find" errors and with completion. Written again whenever swiftlab
    /// starts a session, so it follows swiftlab when it is rebuilt or moved; left alone
    /// when nothing changed.
    public func writeCompileCommands(for library: LessonLibrary, command: (URL) -> [String]) throws {
        let entries = library.lessons.flatMap { lesson in
            lesson.exercises.map { exercise -> [String: Any] in
                let file = fileURL(for: exercise, in: lesson)
                return ["directory": directory.path, "file": file.path, "arguments": command(file)]
            }
        }
        let data = try JSONSerialization.data(
            withJSONObject: entries, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        if FileManager.default.contents(atPath: compileCommandsURL.path) == data { return }
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try data.write(to: compileCommandsURL, options: .atomic)
    }

    /// What a fresh file for `exercise` holds: the task and the starter code.
    private func starterText(for exercise: Exercise, in lesson: Lesson) -> String {
        header(for: exercise, in: lesson) + (exercise.starter.map { $0 + "\n" } ?? "")
    }

    /// Puts the file for `exercise` back to its starter code (`swiftlab reset`, `:reset N`),
    /// keeping what it held at ``backupURL(for:in:)``. Returns the backup's location, or
    /// nil when there was nothing to keep (no file, or the starter code already).
    @discardableResult
    public func reset(_ exercise: Exercise, in lesson: Lesson) throws -> URL? {
        let (url, created) = try prepareFile(for: exercise, in: lesson)
        let fresh = Data(starterText(for: exercise, in: lesson).utf8)
        guard !created, let previous = FileManager.default.contents(atPath: url.path), previous != fresh else {
            return nil
        }
        let backup = backupURL(for: exercise, in: lesson)
        try? FileManager.default.removeItem(at: backup)
        try FileManager.default.copyItem(at: url, to: backup)
        try fresh.write(to: url, options: .atomic)
        return backup
    }

    /// Whether the learner has written in the file for `exercise`: it exists and holds
    /// something other than the starter code.
    public func isStarted(_ exercise: Exercise, in lesson: Lesson) -> Bool {
        guard let data = FileManager.default.contents(atPath: fileURL(for: exercise, in: lesson).path) else {
            return false
        }
        return data != Data(starterText(for: exercise, in: lesson).utf8)
    }

    /// Where the file for `exercise` is, relative to ``directory`` (`02-map/1-double.swift`).
    public func relativePath(for exercise: Exercise, in lesson: Lesson) -> String {
        "\(lesson.id)/\(exercise.number)-\(exercise.id).swift"
    }

    /// Where ``write(_:for:in:)`` keeps the file it replaced.
    public func backupURL(for exercise: Exercise, in lesson: Lesson) -> URL {
        fileURL(for: exercise, in: lesson).appendingPathExtension("previous")
    }

    /// Makes the file for `exercise` hold the task and `code` (the learner's own, typed in
    /// the REPL). A file that held something else is first kept at ``backupURL(for:in:)``.
    /// Returns whether the file changed.
    @discardableResult
    public func write(_ code: String, for exercise: Exercise, in lesson: Lesson) throws -> Bool {
        let (url, _) = try prepareFile(for: exercise, in: lesson)
        let text = header(for: exercise, in: lesson) + code + (code.hasSuffix("\n") ? "" : "\n")
        let previous = try Data(contentsOf: url)
        guard previous != Data(text.utf8) else { return false }
        let backup = backupURL(for: exercise, in: lesson)
        try? FileManager.default.removeItem(at: backup)
        try FileManager.default.copyItem(at: url, to: backup)
        try Data(text.utf8).write(to: url, options: .atomic)
        return true
    }

    /// The comment a file starts with: the exercise's task and how to check it.
    private func header(for exercise: Exercise, in lesson: Lesson) -> String {
        let header =
            [
                "// Lesson \(lesson.number): \(lesson.title). Exercise \(exercise.number): \(exercise.title)",
                "//",
            ]
            + exercise.task.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.isEmpty ? "//" : "// " + $0
            } + [
                "//",
                "// Check it with `swiftlab check \(lesson.number)` (or `:edit` and `:check` in swiftlab).",
                "",
            ]
        return header.joined(separator: "\n") + "\n"
    }

    /// The learner's code for `exercise`, or nil when the file does not exist or cannot be read.
    public func code(for exercise: Exercise, in lesson: Lesson) -> String? {
        guard let data = FileManager.default.contents(atPath: fileURL(for: exercise, in: lesson).path) else {
            return nil
        }
        return String(data: data, encoding: .utf8)
    }

    /// The modification dates of `lesson`'s exercise files, to notice saves (`swiftlab watch`).
    public func modificationDates(of lesson: Lesson) -> [Date?] {
        lesson.exercises.map { exercise in
            (try? FileManager.default.attributesOfItem(atPath: fileURL(for: exercise, in: lesson).path))?[
                .modificationDate] as? Date
        }
    }
}
