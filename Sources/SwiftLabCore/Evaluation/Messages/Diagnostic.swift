/// A compiler diagnostic, located in what the learner typed.
public struct Diagnostic: Equatable, Sendable {
    /// How serious a diagnostic is.
    public enum Severity: String, Equatable, Sendable {
        /// The input was not accepted.
        case error
        /// The input was accepted; the compiler points out a likely mistake.
        case warning
        /// More about the diagnostic before it.
        case note
        /// Information.
        case remark
    }

    /// How serious it is.
    public var severity: Severity
    /// The compiler's message.
    public var message: String
    /// The input it points into (`nil`: none of the learner's inputs, e.g. a library).
    public var input: Int?
    /// The 1-based line in that input (0 when unknown).
    public var line: Int
    /// The 1-based column in that input, counted in characters (0 when unknown).
    public var column: Int

    /// Creates a diagnostic.
    public init(severity: Severity, message: String, input: Int?, line: Int, column: Int) {
        self.severity = severity
        self.message = message
        self.input = input
        self.line = line
        self.column = column
    }
}
