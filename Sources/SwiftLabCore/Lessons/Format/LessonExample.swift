/// A `swift example` or `swift predict` block and the `output` block that follows it.
public struct LessonExample: Sendable, Equatable {
    /// The number `:run N` uses: 1-based, in file order across the whole lesson.
    public var number: Int
    /// The Swift code, entered as one input.
    public var code: String
    /// What swiftlab prints for that input, as written in the `output` block.
    public var expectedOutput: String
    /// True for a `swift predict` block: the learner guesses the output before it runs.
    public var isPrediction: Bool
    /// The 1-based line of the opening fence in the lesson file.
    public var line: Int

    /// Creates an example from its parts.
    public init(number: Int, code: String, expectedOutput: String, isPrediction: Bool, line: Int) {
        self.number = number
        self.code = code
        self.expectedOutput = expectedOutput
        self.isPrediction = isPrediction
        self.line = line
    }
}
