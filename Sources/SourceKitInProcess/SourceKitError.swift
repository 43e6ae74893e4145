/// Why sourcekitd could not be used or did not answer a request.
public enum SourceKitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The library could not be loaded (missing file, `dlopen` error, missing symbol).
    case libraryUnavailable(String)
    /// The request could not be built: a value requests cannot carry (``SourceKitValue/bool(_:)``,
    /// ``SourceKitValue/double(_:)``, ``SourceKitValue/data(_:)``, ``SourceKitValue/null``,
    /// a request that is not a dictionary) or YAML the library did not accept.
    case invalidRequest(String)
    /// sourcekitd answered with an error: `kind` is `invalid`, `failed`, `cancelled` or
    /// `interrupted`; `message` is its description.
    case requestFailed(kind: String, message: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .libraryUnavailable(let reason): return "sourcekitd is unavailable: \(reason)"
        case .invalidRequest(let reason): return "invalid sourcekitd request: \(reason)"
        case .requestFailed(let kind, let message): return "sourcekitd request \(kind): \(message)"
        }
    }
}

extension SourceKitError {
    /// The error as a value a helper process sends back in place of a response: a
    /// dictionary whose `error` is `unavailable`, `invalid` or `failed` (with `kind`), and
    /// `message`. (sourcekitd's own keys all start with `key.`.)
    public var value: SourceKitValue {
        switch self {
        case .libraryUnavailable(let message): return ["error": "unavailable", "message": .string(message)]
        case .invalidRequest(let message): return ["error": "invalid", "message": .string(message)]
        case .requestFailed(let kind, let message):
            return ["error": "failed", "kind": .string(kind), "message": .string(message)]
        }
    }

    /// The error a value made by ``value`` describes; nil for any other value (a response).
    public init?(value: SourceKitValue) {
        guard let error = value["error"]?.string else { return nil }
        let message = value["message"]?.string ?? ""
        switch error {
        case "unavailable": self = .libraryUnavailable(message)
        case "invalid": self = .invalidRequest(message)
        default: self = .requestFailed(kind: value["kind"]?.string ?? "failed", message: message)
        }
    }
}
