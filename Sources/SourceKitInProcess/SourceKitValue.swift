/// A value in sourcekitd's data model: what a request is made of and what a response
/// holds. Dictionary keys and ``uid(_:)`` values are sourcekitd UIDs written as text
/// (`key.request`, `source.request.codecomplete`).
///
/// ```swift
/// let request: SourceKitValue = [
///     "key.request": .uid("source.request.codecomplete"),
///     "key.sourcefile": "/tmp/a.swift", "key.sourcetext": "let xs = [1]\nxs.",
///     "key.offset": 16, "key.compilerargs": ["/tmp/a.swift"],
/// ]
/// ```
public enum SourceKitValue: Hashable, Sendable {
    /// A string.
    case string(String)
    /// An integer (sourcekitd's flags are integers too: 0 or 1).
    case int(Int64)
    /// A boolean (responses only: requests carry flags as integers).
    case bool(Bool)
    /// A floating-point number (responses only).
    case double(Double)
    /// A UID, such as a request name or a kind (`source.lang.swift.decl.function.method.instance`).
    case uid(String)
    /// An array.
    case array([SourceKitValue])
    /// A dictionary keyed by UID text.
    case dictionary([String: SourceKitValue])
    /// Raw bytes (responses only).
    case data([UInt8])
    /// No value.
    case null

    /// The value under `key` of a dictionary; nil for another kind of value or a missing key.
    public subscript(key: String) -> SourceKitValue? {
        if case .dictionary(let entries) = self { return entries[key] }
        return nil
    }

    /// The text of a string or of a UID.
    public var string: String? {
        switch self {
        case .string(let text), .uid(let text): return text
        default: return nil
        }
    }

    /// The number of an integer (or of a boolean, as 0 or 1).
    public var int: Int64? {
        switch self {
        case .int(let value): return value
        case .bool(let value): return value ? 1 : 0
        default: return nil
        }
    }

    /// The elements of an array.
    public var array: [SourceKitValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The entries of a dictionary.
    public var dictionary: [String: SourceKitValue]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }
}

extension SourceKitValue: ExpressibleByStringLiteral {
    /// A ``string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension SourceKitValue: ExpressibleByIntegerLiteral {
    /// An ``int(_:)``.
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension SourceKitValue: ExpressibleByArrayLiteral {
    /// An ``array(_:)``.
    public init(arrayLiteral elements: SourceKitValue...) { self = .array(elements) }
}

extension SourceKitValue: ExpressibleByDictionaryLiteral {
    /// A ``dictionary(_:)``; a key given twice keeps its last value.
    public init(dictionaryLiteral elements: (String, SourceKitValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
