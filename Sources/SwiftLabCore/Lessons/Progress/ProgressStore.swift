import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Saves ``LessonProgress`` in `progress.json` so that it survives restarts, crashes and
/// a second swiftlab running at the same time.
///
/// - Every change is a read-modify-write under an exclusive `flock` on `progress.json.lock`:
///   the change is applied to what is on disk now (merging with other processes' changes)
///   rather than overwriting it with an older copy.
/// - The file is written to a temporary file in the same folder and renamed over the old
///   one, so a reader sees either the old or the new file, never half of one.
/// - A file that cannot be decoded is renamed to `progress.json.corrupt-N` (kept, not
///   deleted) and replaced by empty progress, and ``warn`` is told where the copy is.
/// - When progress cannot be saved (a read-only or full disk), ``warn`` is told once, not
///   at every change: the learner can go on, knowing that this session's progress is lost.
public final class ProgressStore: Sendable {
    /// The folder holding `progress.json` (usually `$XDG_DATA_HOME/swiftlab`).
    public let directory: URL
    /// Receives messages for the learner (a corrupt file set aside, a failed save).
    public let warn: @Sendable (String) -> Void
    /// Whether the learner has been told that progress cannot be saved.
    private let toldSaveFails = Locked(false)

    /// Creates a store in `directory`; nothing is read or created until first use.
    public init(directory: URL, warn: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.warn = warn
    }

    /// The progress file.
    public var fileURL: URL { directory.appendingPathComponent("progress.json") }
    private var lockPath: String { directory.appendingPathComponent("progress.json.lock").path }

    /// `$XDG_DATA_HOME/swiftlab`, or `~/.local/share/swiftlab` when it is not set.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("swiftlab")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/swiftlab")
    }

    /// The saved progress (empty when there is none yet).
    public func load() -> LessonProgress {
        withLock { readUnlocked() }
    }

    /// Applies `change` to the newest saved progress and saves the result; returns it.
    @discardableResult
    public func update(_ change: (inout LessonProgress) -> Void) -> LessonProgress {
        withLock {
            var progress = readUnlocked()
            change(&progress)
            writeUnlocked(progress)
            return progress
        }
    }

    // MARK: - Locking and file access

    private func withLock<T>(_ body: () -> T) -> T {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            warnSaveFails("cannot create \(directory.path) (\(error.localizedDescription))")
        }
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            // Without the lock file we still work, only without protection from a second process.
            return body()
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { _ = flock(descriptor, LOCK_UN) }
        return body()
    }

    private func readUnlocked() -> LessonProgress {
        let path = fileURL.path
        guard FileManager.default.fileExists(atPath: path) else { return LessonProgress() }
        let problem: String
        if let data = FileManager.default.contents(atPath: path) {
            do {
                return try JSONDecoder().decode(LessonProgress.self, from: data)
            } catch {
                problem = "it is not valid progress data"
            }
        } else {
            problem = "it cannot be read"
        }
        let backup = backupURL()
        do {
            try FileManager.default.moveItem(at: fileURL, to: backup)
            warn(
                "swiftlab: \(path) could not be used (\(problem)); kept it as \(backup.path) and started fresh progress."
            )
        } catch {
            warn(
                "swiftlab: \(path) could not be used (\(problem)) nor moved aside (\(error.localizedDescription)); starting fresh progress."
            )
        }
        return LessonProgress()
    }

    private func backupURL() -> URL {
        var index = 1
        while true {
            let candidate = directory.appendingPathComponent("progress.json.corrupt-\(index)")
            if !FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            index += 1
        }
    }

    private func writeUnlocked(_ progress: LessonProgress) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let temporary = directory.appendingPathComponent("progress.json.tmp-\(getpid())")
        do {
            var data = try encoder.encode(progress)
            data.append(0x0A)
            try data.write(to: temporary)
            guard rename(temporary.path, fileURL.path) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            warnSaveFails("could not save progress to \(fileURL.path) (\(error.localizedDescription))")
        }
    }

    /// Tells the learner, the first time only, that progress cannot be saved and why.
    private func warnSaveFails(_ problem: String) {
        let first = toldSaveFails.withLock { told in
            defer { told = true }
            return !told
        }
        guard first else { return }
        warn(
            "swiftlab: \(problem). Your progress in this session (exercises passed, hints seen, "
                + "where you are) will not be saved; you can go on, and this warning is not repeated.")
    }
}
