import Foundation
import SwiftLabDescriptorIO

/// The persistent input history: one file, one input per line (line breaks and
/// backslashes inside an input escaped as `\n` and `\\`), newest last.
///
/// Problems never stop the shell: an unreadable or unwritable file produces one warning,
/// then the history is kept in memory only.
public final class HistoryStore {
    /// The history file.
    public let path: String
    /// How many entries are kept; older ones are dropped when the file is loaded.
    public let maximumEntries: Int
    private let warn: (String) -> Void
    private var hasWarned = false

    /// Creates a store for the file at `path`; `warn` receives the one warning, if any.
    public init(path: String, maximumEntries: Int = 1000, warn: @escaping (String) -> Void) {
        self.path = path
        self.maximumEntries = maximumEntries
        self.warn = warn
    }

    /// `$XDG_STATE_HOME/swiftlab/history`, or `~/.local/state/swiftlab/history` when
    /// `XDG_STATE_HOME` is unset, empty or relative (as the XDG spec says); `nil`
    /// without a home directory.
    public static func defaultPath(environment: [String: String] = ProcessEnvironment.current) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/swiftlab/history"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/swiftlab/history"
    }

    /// The saved entries, oldest first. Creates the directory if it is missing, and
    /// rewrites the file when it holds more than ``maximumEntries``.
    public func load() -> [String] {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            warnOnce("cannot create \(directory) (\(Self.reason(error)))")
            return []
        }
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            warnOnce("cannot read \(path)")
            return []
        }
        let entries = String(decoding: data, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: true)
            .map { Self.decode($0) }
        guard entries.count > maximumEntries else { return entries }
        let kept = Array(entries.suffix(maximumEntries))
        let text = kept.map { Self.encode($0) + "\n" }.joined()
        if !FileManager.default.createFile(
            atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        {
            warnOnce("cannot write \(path)")
        }
        return kept
    }

    /// Appends `entry` to the file at once, so that nothing is lost if the shell ends
    /// abruptly.
    public func append(_ entry: String) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            warnOnce("cannot write \(path) (\(String(cString: strerror(errno))))")
            return
        }
        defer { close(fd) }
        FileDescriptorWriter.write(Self.encode(entry) + "\n", to: fd)
    }

    private func warnOnce(_ problem: String) {
        guard !hasWarned else { return }
        hasWarned = true
        warn("swiftlab: \(problem); history will not be saved this session.")
    }

    private static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(code)))
        }
        return error.localizedDescription
    }

    static func encode(_ entry: String) -> String {
        var result = ""
        for character in entry {
            switch character {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r\n": result += "\\r\\n"
            case "\r": result += "\\r"
            default: result.append(character)
            }
        }
        return result
    }

    static func decode(_ line: Substring) -> String {
        var result = ""
        var escaping = false
        for character in line {
            if escaping {
                switch character {
                case "n": result += "\n"
                case "r": result += "\r"
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
