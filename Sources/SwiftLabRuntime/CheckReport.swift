/// One expectation's result, as a check cell reports it to swiftlab.
///
/// A check runs inside the worker process, so its results travel on the cell's standard
/// output as one line each. The line starts with an ASCII record separator and uses unit
/// separators between fields, characters that printed values never contain unescaped,
/// so swiftlab can tell reports from what the learner's code prints.
public struct CheckReport: Sendable, Equatable {
    /// Whether the expectation held.
    public var passed: Bool
    /// What was checked, in the lesson's words (`doubled([1, 2, 3])`).
    public var description: String
    /// The expected value, for `expectEqual`; nil for `expect`.
    public var expected: String?
    /// The actual value, for `expectEqual`; nil for `expect`.
    public var actual: String?

    /// Creates a report.
    public init(passed: Bool, description: String, expected: String? = nil, actual: String? = nil) {
        self.passed = passed
        self.description = description
        self.expected = expected
        self.actual = actual
    }

    /// The start of every report line.
    public static let marker = "\u{1E}swiftlab-check"
    private static let separator: Character = "\u{1F}"

    /// The report as one line of text (without the newline).
    public var line: String {
        let fields = [passed ? "pass" : "fail", description, expected ?? "\u{0}", actual ?? "\u{0}"]
        return CheckReport.marker + fields.map { String(CheckReport.separator) + CheckReport.escape($0) }.joined()
    }

    /// Reads a line written by ``line``; nil for any other line.
    public init?(line: some StringProtocol) {
        guard line.hasPrefix(CheckReport.marker) else { return nil }
        let fields = line.dropFirst(CheckReport.marker.count)
            .split(separator: CheckReport.separator, omittingEmptySubsequences: false)
            .dropFirst()
            .map { CheckReport.unescape($0) }
        guard fields.count == 4, fields[0] == "pass" || fields[0] == "fail" else { return nil }
        self.init(
            passed: fields[0] == "pass", description: fields[1],
            expected: fields[2] == "\u{0}" ? nil : fields[2],
            actual: fields[3] == "\u{0}" ? nil : fields[3])
    }

    private static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\u{1F}": result += "\\u"
            case "\u{1E}": result += "\\s"
            default: result.append(character)
            }
        }
        return result
    }

    private static func unescape(_ text: some StringProtocol) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "u": result.append("\u{1F}")
                case "s": result.append("\u{1E}")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
