/// The parts of the swiftlab REPL, each testable without a terminal.
public enum SwiftLabCore {
    /// The version `swiftlab --version` prints.
    public static let version = "0.1.0"
}
