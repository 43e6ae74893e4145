import Foundation

/// Maps what the compiler and the Swift runtime report about a generated cell back to
/// the learner's input, and renders it with the source line and a caret.
struct DiagnosticMapper {
    /// The input being evaluated.
    var input: Int
    /// The text of every input, by number (the current one included), for notes that
    /// point into earlier inputs.
    var texts: [Int: String]
    /// Columns the generator moved (see ``ColumnShift``).
    var shifts: [ColumnShift] = []
    /// The number the learner knows each input by (the prompt number of its first line),
    /// by session number; an input missing here is known by its session number.
    var labels: [Int: Int] = [:]

    /// The number the learner knows input `number` by.
    func label(_ number: Int) -> Int { labels[number] ?? number }

    /// `message` (the compiler's or the runtime's) without `CellN.` qualifiers, two copies
    /// of a declaration each followed by its input (see ``CellQualifiers``).
    func readable(_ message: String) -> String {
        CellQualifiers.readable(message) { $0 == input ? "this input" : "input \(label($0))" }
    }

    /// The diagnostics in the compiler's output, mapped to inputs. Diagnostics about the
    /// generated code itself are kept as errors without a location when they are errors,
    /// and dropped when they are warnings or notes (they are the REPL's business).
    func diagnostics(inCompilerOutput output: String) -> [Diagnostic] {
        var result: [Diagnostic] = []
        var wrapperErrors: [Diagnostic] = []
        var keepsNotes = false
        for line in output.split(separator: "\n") {
            guard let header = Self.parseHeader(line) else { continue }
            if header.severity == .note, !keepsNotes { continue }
            if header.severity == .warning, Self.isAboutCellBoundaries(header.message) {
                keepsNotes = false
                continue
            }
            if let location = Self.inputLocation(file: header.file, line: header.line) {
                let (number, mappedLine) = location
                if mappedLine == nil, header.severity != .error {
                    // About a generated line (the display call, `@MainActor`): the REPL's business.
                    keepsNotes = header.severity == .note
                    continue
                }
                guard let mappedLine else {
                    // An error on a generated line is usually a consequence of one in the
                    // learner's code; it is shown only if there is no such error.
                    wrapperErrors.append(
                        Diagnostic(severity: .error, message: readable(header.message), input: nil, line: 0, column: 0))
                    keepsNotes = false
                    continue
                }
                var byteColumn = header.column
                if number == input {
                    for shift in shifts where shift.line == mappedLine && byteColumn >= shift.column {
                        // Inside the inserted text: point at where it was inserted.
                        byteColumn = byteColumn >= shift.column + shift.width ? byteColumn - shift.width : shift.column
                    }
                }
                let diagnostic = Diagnostic(
                    severity: header.severity, message: readable(header.message), input: number, line: mappedLine,
                    column: characterColumn(input: number, line: mappedLine, byteColumn: byteColumn))
                // Code compiled twice at the same lines (the initializer of `let x = await f()`,
                // see AwaitedBinding) is reported once.
                if diagnostic.severity != .error || !result.contains(diagnostic) { result.append(diagnostic) }
                keepsNotes = true
            } else if header.severity == .error {
                result.append(
                    Diagnostic(severity: .error, message: readable(header.message), input: nil, line: 0, column: 0))
                keepsNotes = true
            } else if header.severity == .note {
                result.append(
                    Diagnostic(severity: .note, message: readable(header.message), input: nil, line: 0, column: 0))
            } else {
                keepsNotes = false
            }
        }
        if !result.contains(where: { $0.severity == .error }) {
            result += wrapperErrors
        }
        return result
    }

    /// Whether a warning exists only because inputs are compiled as separate modules
    /// (to the learner they are one program, where the warning would not appear).
    static func isAboutCellBoundaries(_ message: String) -> Bool {
        message.hasPrefix("extension declares a conformance of imported type")
    }

    /// The input and line a location in the generated file stands for: `input N` line L
    /// is line L; `input N.L` line L is the generated line before an item (line `nil`),
    /// and line L + k is line L + k - 1. `nil` when the file is not an input.
    static func inputLocation(file: Substring, line: Int) -> (input: Int, line: Int?)? {
        InputFileName.parse(file).map { location(of: $0, line: line) }
    }

    private static func location(of file: (input: Int, itemLine: Int?), line: Int) -> (input: Int, line: Int?) {
        guard let itemLine = file.itemLine else { return (file.input, line) }
        return (file.input, line == itemLine ? nil : line - 1)
    }

    /// A diagnostic as the learner sees it: `2:5: error: message`, the input line, a caret.
    func render(_ diagnostic: Diagnostic) -> String {
        guard let number = diagnostic.input, diagnostic.line > 0 else {
            return "\(diagnostic.severity.rawValue): \(diagnostic.message)\n"
        }
        let place = number == input ? "" : "input \(label(number)), "
        var text =
            "\(place)\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(diagnostic.message)\n"
        if let source = sourceLine(input: number, line: diagnostic.line) {
            text += source + "\n"
            if diagnostic.column > 0 {
                // Tabs stay tabs so the caret lines up under them.
                let lead = source.prefix(diagnostic.column - 1).map { $0 == "\t" ? "\t" : " " }.joined()
                text += lead + "^\n"
            }
        }
        return text
    }

    /// A runtime message (`Cell3/input 3:2: Fatal error: ...`) located in an input, as
    /// `2: Fatal error: ...` with the input line; `nil` when the line is not such a message.
    func renderRuntimeMessage(_ line: Substring) -> String? {
        guard let (number, sourceLineNumber, message) = Self.runtimeMessage(line) else { return nil }
        return renderRuntimeMessage(readable(String(message)), input: number, line: sourceLineNumber)
    }

    /// A runtime message as located at `line` of input `number`: `2: Fatal error: ...`
    /// with the input line.
    func renderRuntimeMessage(_ message: String, input number: Int, line sourceLineNumber: Int) -> String {
        let place = number == input ? "" : "input \(label(number)), "
        var text = "\(place)\(sourceLineNumber): \(message)\n"
        if let source = sourceLine(input: number, line: sourceLineNumber) {
            text += source + "\n"
        }
        return text
    }

    /// The input, line and message of a runtime message located in an input.
    static func runtimeMessage(_ line: Substring) -> (input: Int, line: Int, message: Substring)? {
        // The message's location is `#fileID`-like: "CellN/input N.L:LINE: ...".
        guard let marker = line.range(of: InputFileName.prefix) else { return nil }
        let rest = line[marker.upperBound...]
        let name = rest.prefix { $0.isNumber || $0 == "." }
        let afterName = rest.dropFirst(name.count)
        guard afterName.first == ":" else { return nil }
        let lineDigits = afterName.dropFirst().prefix { $0.isNumber }
        guard let generatedLine = Int(lineDigits),
            let file = InputFileName.parse(suffix: name)
        else { return nil }
        let message = afterName.dropFirst(1 + lineDigits.count)
        guard message.hasPrefix(": ") else { return nil }
        // A trap on a generated line (a display call) belongs to the item after it.
        let place = location(of: file, line: generatedLine)
        return (place.input, place.line ?? generatedLine, message.dropFirst(2))
    }

    private func sourceLine(input number: Int, line: Int) -> String? {
        guard let text = texts[number] else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return nil }
        return String(lines[line - 1])
    }

    /// The compiler counts columns in bytes; the learner sees characters.
    private func characterColumn(input number: Int, line: Int, byteColumn: Int) -> Int {
        guard let source = sourceLine(input: number, line: line) else { return byteColumn }
        var bytes = 0
        var characters = 0
        for character in source {
            if bytes >= byteColumn - 1 { break }
            bytes += character.utf8.count
            characters += 1
        }
        return characters + 1 + max(0, byteColumn - 1 - bytes)
    }

    struct Header {
        var file: Substring
        var line: Int
        var column: Int
        var severity: Diagnostic.Severity
        var message: String
    }

    /// Parses `file:line:column: severity: message`.
    static func parseHeader(_ line: Substring) -> Header? {
        for severity in [Diagnostic.Severity.error, .warning, .note, .remark] {
            guard let marker = line.range(of: ": \(severity.rawValue): ") else { continue }
            let location = line[..<marker.lowerBound]
            let parts = location.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 3, let row = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1])
            else {
                return nil
            }
            let file = location.dropLast(parts[parts.count - 1].count + parts[parts.count - 2].count + 2)
            return Header(
                file: file, line: row, column: column, severity: severity,
                message: String(line[marker.upperBound...]))
        }
        return nil
    }
}
