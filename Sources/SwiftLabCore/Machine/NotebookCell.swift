/// A notebook cell (or any block of text a front end sends at once) as the REPL would
/// take it typed line by line: `:` command lines, and the Swift between them, each run
/// of Swift one input (not one input per line, so a cell compiles once).
///
/// As at the prompt, a line starting with `:` is a command only where no Swift input is
/// open (inside an open brace or a multi-line string it is Swift).
struct NotebookCell: Equatable {
    /// One part of the cell, in order.
    enum Part: Equatable {
        /// A `:` command line: the text after the colon, blanks trimmed, with the 1-based
        /// line of the cell it is on and the column its text starts at.
        case command(String, line: Int, column: Int)
        /// Swift lines, with the 1-based line of the cell the first one is.
        case swift(String, firstLine: Int)
    }

    /// The parts, in order; blank lines between them belong to none.
    var parts: [Part] = []

    /// Splits `text`.
    init(_ text: String) {
        var pending: [String] = []
        var pendingStart = 1
        var completeness = LineByLineCompleteness()
        var isComplete = true
        func flush() {
            let swift = pending.drop { $0.allSatisfy(\.isWhitespace) }
            let start = pendingStart + (pending.count - swift.count)
            var lines = Array(swift)
            while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
            if !lines.isEmpty { parts.append(.swift(lines.joined(separator: "\n"), firstLine: start)) }
            pending = []
            completeness.reset()
            isComplete = true
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            if isComplete, let command = Self.command(in: line) {
                flush()
                parts.append(.command(command, line: index + 1, column: Self.commandColumn(in: line)))
                continue
            }
            if pending.isEmpty { pendingStart = index + 1 }
            pending.append(line)
            isComplete = completeness.append(line: line) == .complete
        }
        flush()
    }

    /// The command on `line`, when it starts with `:` after blanks.
    static func command(in line: String) -> String? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.first == ":" else { return nil }
        return Substring(trimmed.dropFirst()).trimmingBlanks()
    }

    /// The 1-based column where the text of the command on `line` starts (after the
    /// blanks, the colon and the blanks after it).
    static func commandColumn(in line: String) -> Int {
        let blanks: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let beforeColon = line.prefix(while: blanks).count
        return beforeColon + 1 + line.dropFirst(beforeColon + 1).prefix(while: blanks).count + 1
    }

    /// Whether `text` is ready to run, for a front end deciding whether Return runs the
    /// cell or starts a new line (Jupyter's `is_complete_request`): `incomplete` while
    /// a bracket, brace, multi-line string or comment is open, with the indent the next
    /// line would get.
    static func completeness(of text: String) -> (isComplete: Bool, indent: String) {
        var completeness = LineByLineCompleteness()
        var state = InputCompleteness.complete
        var lastCodeLine = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if state == .complete, command(in: line) != nil { continue }
            state = completeness.append(line: line)
            if state == .complete { completeness.reset() }
            if !line.allSatisfy(\.isWhitespace) { lastCodeLine = line }
        }
        guard state == .incomplete else { return (true, "") }
        let indent = String(lastCodeLine.prefix { $0 == " " || $0 == "\t" })
        return (false, indent + "    ")
    }
}
