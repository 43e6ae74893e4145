/// Keeps only part of a response's `key.results`: those whose `key.name` starts with a
/// prefix, each with only some keys. A completion at a name sees every name in scope
/// (about 9,000 with Foundation imported); a helper process that filters before answering
/// sends a few instead of megabytes.
public struct SourceKitResultFilter: Equatable, Sendable {
    /// The key under which a request to a helper carries its filter (the helper removes
    /// it before sending the request to sourcekitd).
    public static let requestKey = "swiftlab.filter"

    /// The start every kept result's `key.name` has.
    public var namePrefix: String
    /// The keys kept in each result (`nil`: all).
    public var keys: Set<String>?

    /// A filter keeping results named `namePrefix...`, with `keys` only.
    public init(namePrefix: String, keys: Set<String>? = nil) {
        self.namePrefix = namePrefix
        self.keys = keys
    }

    /// The filter as a value, to put under ``requestKey``.
    public var value: SourceKitValue {
        var entries: [String: SourceKitValue] = ["prefix": .string(namePrefix)]
        if let keys { entries["keys"] = .array(keys.sorted().map { .string($0) }) }
        return .dictionary(entries)
    }

    /// The filter `value` describes (made by ``value``); nil for anything else.
    public init?(value: SourceKitValue) {
        guard let prefix = value["prefix"]?.string else { return nil }
        namePrefix = prefix
        keys = value["keys"]?.array.map { Set($0.compactMap(\.string)) }
    }

    /// `response` with its `key.results` filtered; other responses unchanged.
    public func apply(to response: SourceKitValue) -> SourceKitValue {
        guard var entries = response.dictionary, let results = entries["key.results"]?.array else { return response }
        entries["key.results"] = .array(
            results.compactMap { result in
                guard let name = result["key.name"]?.string, name.hasPrefix(namePrefix) else { return nil }
                guard let keys, let fields = result.dictionary else { return result }
                return .dictionary(fields.filter { keys.contains($0.key) })
            })
        return .dictionary(entries)
    }
}
