/// Why a lesson file could not be read, with the place to fix it.
///
/// The description has the `file:line: message` form that editors and terminals
/// recognise, so a teacher can jump straight to the line.
public struct LessonParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The lesson file's path.
    public var path: String
    /// The 1-based line the problem is on (or starts on).
    public var line: Int
    /// What is wrong, and how to fix it.
    public var message: String

    /// Creates an error for `path` at `line`.
    public init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `Lessons/02-map.md:14: the example has no output block after it`.
    public var description: String { "\(path):\(line): \(message)" }
}
