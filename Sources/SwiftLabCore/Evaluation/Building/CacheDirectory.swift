import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// swiftlab's files: `$XDG_CACHE_HOME/swiftlab` (default `~/.cache/swiftlab`), mode 0700.
///
/// - `module-cache/` is shared by all runs (a fixed absolute path keeps the compiler's
///   module cache warm across runs);
/// - `sessions/<pid>-<random>/` belongs to one running swiftlab, which holds an exclusive lock on
///   its `lock` file; it holds the cells and is removed at exit. A directory whose lock is
///   free was left by a crashed run and is removed at the next start.
public final class CacheDirectory: @unchecked Sendable {
    /// The root, `.../swiftlab`.
    public let root: URL
    /// The compiler's module cache, shared by all runs.
    public let moduleCache: URL
    /// This process's own directory for cells and build products.
    public let session: URL
    /// Scratch space for the compiler (`TMPDIR`).
    public let temporary: URL
    /// The descriptor holding the session's lock (the lock goes with the process).
    private var lockDescriptor: Int32 = -1
    private let lock = NSLock()

    /// Errors creating the directories.
    public struct SetupError: Error, CustomStringConvertible {
        /// What went wrong, for the learner.
        public var description: String
    }

    /// The default root for an environment: `$XDG_CACHE_HOME/swiftlab`, else `~/.cache/swiftlab`.
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("swiftlab")
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/swiftlab")
    }

    /// Creates (or reuses) the root, removes stale session directories and creates this
    /// process's own, locked.
    public init(root: URL = CacheDirectory.defaultRoot()) throws {
        self.root = root
        moduleCache = root.appendingPathComponent("module-cache")
        let sessions = root.appendingPathComponent("sessions")
        // The pid says whose it is; the random part keeps processes with the same pid (in
        // different containers sharing a home) apart.
        session = sessions.appendingPathComponent("\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 36))")
        temporary = session.appendingPathComponent("tmp")

        try Self.makePrivateDirectory(root, parents: true)
        try Self.makePrivateDirectory(moduleCache)
        try Self.makePrivateDirectory(sessions)
        Self.removeStaleSessions(in: sessions, except: session.lastPathComponent)
        try Self.makePrivateDirectory(session)
        try Self.makePrivateDirectory(temporary)
        lockDescriptor = open(session.appendingPathComponent("lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockDescriptor >= 0, flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0 else {
            throw SetupError(description: "cannot lock \(session.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Removes this process's session directory (call at exit; safe to call twice).
    public func removeSession() {
        lock.lock()
        defer { lock.unlock() }
        guard lockDescriptor >= 0 else { return }
        try? FileManager.default.removeItem(at: session)
        close(lockDescriptor)
        lockDescriptor = -1
    }

    deinit { removeSession() }

    /// Whether the module cache has been warmed by an earlier run with this compiler and library.
    public func isWarm(for compilerIdentity: String) -> Bool {
        warmIdentities().contains(compilerIdentity)
    }

    /// Records that the module cache is warm for this compiler and library.
    ///
    /// The stamp keeps the last few identities, one per line: a debug and a release build
    /// (or two checkouts) sharing one cache would otherwise overwrite each other's stamp,
    /// and every start of the other one would prepare the cache again.
    public func markWarm(for compilerIdentity: String) {
        let kept = warmIdentities().filter { $0 != compilerIdentity }.suffix(Self.warmIdentitiesKept - 1)
        let text = (kept + [compilerIdentity]).joined(separator: "\n") + "\n"
        try? text.write(to: warmthStamp, atomically: true, encoding: .utf8)
    }

    /// How many compiler and library identities the stamp remembers.
    static let warmIdentitiesKept = 8

    private func warmIdentities() -> [String] {
        guard let text = try? String(contentsOf: warmthStamp, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    private var warmthStamp: URL { moduleCache.appendingPathComponent("swiftlab-warm") }

    /// Creates a directory with mode 0700, or checks that an existing one is ours and
    /// makes it 0700 (other users must not read or plant cells).
    static func makePrivateDirectory(_ url: URL, parents: Bool = false) throws {
        let files = FileManager.default
        if !files.fileExists(atPath: url.path) {
            do {
                if parents {
                    try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                }
                try files.createDirectory(
                    at: url, withIntermediateDirectories: false,
                    attributes: [.posixPermissions: 0o700])
            } catch  where files.fileExists(atPath: url.path) {
                // Another swiftlab created it at the same moment: fine.
            } catch {
                throw SetupError(description: "cannot create \(url.path): \(error.localizedDescription)")
            }
        }
        var info = stat()
        guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw SetupError(description: "\(url.path) exists but is not a directory")
        }
        guard info.st_uid == getuid() else {
            throw SetupError(
                description: "\(url.path) belongs to another user; set XDG_CACHE_HOME to a directory of your own")
        }
        if info.st_mode & 0o777 != 0o700 {
            chmod(url.path, 0o700)
        }
    }

    /// Removes session directories whose owner has gone: their lock can be taken, or they
    /// have no lock file and no live process of that pid.
    static func removeStaleSessions(in sessions: URL, except own: String) {
        let files = FileManager.default
        guard let entries = try? files.contentsOfDirectory(atPath: sessions.path) else { return }
        for entry in entries where entry != own {
            let directory = sessions.appendingPathComponent(entry)
            let lockPath = directory.appendingPathComponent("lock").path
            let fd = open(lockPath, O_RDWR | O_CLOEXEC)
            if fd >= 0 {
                defer { close(fd) }
                // Holding the lock while removing keeps a racing swiftlab from doing the same.
                if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                    try? files.removeItem(at: directory)
                }
            } else if let pid = entry.split(separator: "-").first.flatMap({ pid_t($0) }), kill(pid, 0) != 0,
                errno == ESRCH
            {
                try? files.removeItem(at: directory)
            }
        }
    }
}
