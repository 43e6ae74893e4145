import Foundation

/// Goes through a cell's stderr line by line: the Swift runtime's trap messages
/// (`Cell3/input 3:2: Fatal error: ...`) are mapped to the input, its stack trace lines
/// dropped, and everything else passed on unchanged.
struct RuntimeErrorFilter {
    let mapper: DiagnosticMapper
    private var partial = ""
    private var inStackTrace = false
    /// Whether a runtime message was seen.
    private(set) var sawRuntimeMessage = false
    /// The input the last runtime message located in an input points into.
    private(set) var lastMessageInput: Int?
    /// The stack frames in cell libraries the worker reported as it crashed, innermost
    /// first (see ``TrapLocator``).
    private(set) var cellFrames: [TrapLocator.Frame] = []

    /// The start of a frame line the worker writes as it crashes.
    static let frameMarker = "\u{1E}swiftlab-frame "

    init(mapper: DiagnosticMapper) {
        self.mapper = mapper
    }

    /// A piece of text to show: program output, or a message of the runtime's.
    struct Piece: Equatable {
        /// The text, ending in a newline.
        var text: String
        /// Whether it is the runtime's message about a trap (shown on a line of its own).
        var isRuntimeMessage: Bool
        /// A runtime message whose location was not in the learner's code (`Fatal error:
        /// Index out of range` from the standard library): the message alone, to be
        /// located from the crash's stack frames.
        var unlocatedMessage: String?
    }

    /// Takes a chunk of stderr; returns what to show now.
    mutating func consume(_ text: String) -> [Piece] {
        partial += text
        guard let lastNewline = partial.lastIndex(of: "\n") else { return [] }
        let complete = partial[...lastNewline]
        partial = String(partial[partial.index(after: lastNewline)...])
        return complete.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { filter($0) }
    }

    /// Returns what is left of an unfinished last line.
    mutating func finish() -> [Piece] {
        defer { partial = "" }
        return partial.isEmpty ? [] : filter(Substring(partial)).map { [$0] } ?? []
    }

    private mutating func filter(_ line: Substring) -> Piece? {
        if line.hasPrefix(Self.frameMarker) {
            let fields = line.dropFirst(Self.frameMarker.count).split(separator: "\u{1F}")
            if fields.count == 2, let offset = UInt(fields[1], radix: 16) {
                cellFrames.append(TrapLocator.Frame(library: String(fields[0]), offset: offset))
            }
            return nil
        }
        if line == "Current stack trace:" {
            inStackTrace = true
            return nil
        }
        if inStackTrace {
            // Frames look like "3    libswiftCore.so   0x00007f... symbol + 12".
            if let first = line.first, first.isNumber { return nil }
            inStackTrace = false
        }
        if let message = mapper.renderRuntimeMessage(line) {
            sawRuntimeMessage = true
            lastMessageInput = DiagnosticMapper.runtimeMessage(line)?.input
            return Piece(text: message, isRuntimeMessage: true)
        }
        // A trap inside the standard library (`Swift/ContiguousArrayBuffer.swift:705:
        // Fatal error: Index out of range`) or in the REPL's own helper (an error thrown out
        // of an input): that file and line mean nothing to the learner.
        // An exclusivity violation ends with this line, after the accesses it found.
        if line == "Fatal access conflict detected." {
            sawRuntimeMessage = true
            return Piece(text: line + "\n", isRuntimeMessage: true)
        }
        if let message = Self.runtimeMessageWithoutLocation(line) {
            sawRuntimeMessage = true
            let readable = mapper.readable(message)
            return Piece(text: readable + "\n", isRuntimeMessage: true, unlocatedMessage: readable)
        }
        return Piece(text: line + "\n", isRuntimeMessage: false)
    }

    /// The kinds of message the Swift runtime prints before it traps.
    static let runtimeMessageKinds = ["Fatal error", "Precondition failed", "Assertion failed"]

    /// `Fatal error: message` for a runtime message `file:line: Fatal error: message`.
    static func runtimeMessageWithoutLocation(_ line: Substring) -> String? {
        for kind in runtimeMessageKinds {
            if line.hasPrefix(kind + ":") || line == kind { return String(line) }
            guard let marker = line.range(of: ": " + kind) else { continue }
            let location = line[..<marker.lowerBound]
            guard location.split(separator: ":").last?.allSatisfy(\.isNumber) == true,
                !location.contains(" ") || location.contains("/")
            else { continue }
            return String(line[line.index(marker.lowerBound, offsetBy: 2)...])
        }
        return nil
    }
}
