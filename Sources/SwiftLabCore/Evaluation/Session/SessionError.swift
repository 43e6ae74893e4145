/// Failures setting a session up.
public enum SessionError: Error, CustomStringConvertible {
    /// Something the session needs is missing or unusable.
    case setup(String)

    /// A message for the learner.
    public var description: String {
        switch self {
        case .setup(let reason): return "swiftlab cannot evaluate Swift: \(reason)"
        }
    }
}
