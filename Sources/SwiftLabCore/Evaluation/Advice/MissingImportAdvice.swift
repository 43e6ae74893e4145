/// What to tell the learner when the compiler cannot find a name that lives in a module
/// the input did not import. Every input sees Streams and Pipelines, but, exactly as in
/// a Swift file, `DispatchQueue`, `Date` or `JSONDecoder` need `import Foundation`
/// first, and "cannot find 'DispatchQueue' in scope" alone does not say so.
enum MissingImportAdvice {
    /// The module that provides each well-known name, as a learner would import it.
    /// Foundation re-exports Dispatch, so it is the one import to suggest for both.
    static let homes: [String: String] = {
        let foundation = [
            "DispatchQueue", "DispatchGroup", "DispatchSemaphore", "DispatchTime", "DispatchWorkItem",
            "Date", "DateFormatter", "Calendar", "TimeInterval", "Data", "URL", "URLRequest", "URLSession",
            "URLError", "UUID", "JSONDecoder", "JSONEncoder", "PropertyListDecoder", "PropertyListEncoder",
            "NotificationCenter", "Notification", "Timer", "RunLoop", "OperationQueue", "Thread", "NSLock",
            "NSRecursiveLock", "NSError", "NumberFormatter", "CharacterSet", "FileManager", "ProcessInfo",
            "IndexSet", "Decimal", "Locale", "TimeZone", "NSRegularExpression", "usleep", "sleep",
        ]
        return Dictionary(uniqueKeysWithValues: foundation.map { ($0, "Foundation") })
    }()

    /// One note per missing well-known name in `diagnostics`, each ending in a line break.
    static func notes(for diagnostics: [Diagnostic]) -> [String] {
        var notes: [String] = []
        let prefix = "cannot find '"
        for diagnostic in diagnostics where diagnostic.severity == .error && diagnostic.message.hasPrefix(prefix) {
            let name = String(diagnostic.message.dropFirst(prefix.count).prefix { $0 != "'" })
            guard let module = homes[name] else { continue }
            let note =
                "note: '\(name)' comes from \(module): enter `import \(module)` once, "
                + "and every later input can use it.\n"
            if !notes.contains(note) { notes.append(note) }
        }
        return notes
    }
}
