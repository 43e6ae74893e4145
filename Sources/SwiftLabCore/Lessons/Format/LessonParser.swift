/// Reads the lesson format described in `Lessons/README.md`.
///
/// The parser is line based: it finds fenced code blocks and `#`/`##` headings outside
/// them, then groups what it found into sections. Anything it cannot make sense of is a
/// ``LessonParseError`` naming the file and line, never a crash or a silent skip.
public enum LessonParser {
    /// Parses the text of the lesson file at `path`; the file's name gives the number and slug.
    public static func parse(_ text: String, path: String) throws(LessonParseError) -> Lesson {
        let fileName = String(path.split(separator: "/").last ?? Substring(path))
        guard let (number, slug) = numberAndSlug(ofFileName: fileName) else {
            throw LessonParseError(
                path: path, line: 1,
                message:
                    "a lesson file is named NN-slug.md (two digits, a dash, lower-case letters, digits and dashes), not '\(fileName)'"
            )
        }
        let elements = try scan(text, path: path)
        var builder = SectionBuilder(path: path)
        var title: String?
        for element in elements {
            switch element {
            case .heading(let level, let text, let line) where level == 1:
                guard title == nil else {
                    throw LessonParseError(
                        path: path, line: line,
                        message: "a lesson has one '# ' title; start sections with '## '")
                }
                guard builder.isEmpty else {
                    throw LessonParseError(path: path, line: line, message: "the '# Title' line must come first")
                }
                title = text
                builder.begin(title: text, line: 1, isExercise: false)
            case .heading(_, let text, let line):
                guard title != nil else {
                    throw LessonParseError(path: path, line: line, message: "a lesson starts with a '# Title' line")
                }
                try builder.finish()
                let exercisePrefix = "Exercise:"
                if text.hasPrefix(exercisePrefix) {
                    let name = text.dropFirst(exercisePrefix.count).trimmingSpaces()
                    guard !name.isEmpty else {
                        throw LessonParseError(
                            path: path, line: line,
                            message: "an exercise heading needs a name: '## Exercise: Double every number'")
                    }
                    builder.begin(title: name, line: line, isExercise: true)
                } else {
                    builder.begin(title: text, line: line, isExercise: false)
                }
            case .text(let text, let line):
                if title == nil {
                    if text.trimmingSpaces().isEmpty { continue }
                    throw LessonParseError(path: path, line: line, message: "a lesson starts with a '# Title' line")
                }
                try builder.addText(text)
            case .fence(let info, let body, let raw, let line):
                guard title != nil else {
                    throw LessonParseError(path: path, line: line, message: "a lesson starts with a '# Title' line")
                }
                try builder.addFence(info: info, body: body, raw: raw, line: line)
            }
        }
        guard let title else {
            throw LessonParseError(
                path: path, line: 1, message: "the file is empty: a lesson starts with a '# Title' line")
        }
        try builder.finish()
        return Lesson(number: number, slug: slug, title: title, path: path, sections: builder.sections)
    }

    /// `03-flatmap.md` gives `(3, "flatmap")`; nil for a name that is not `NN-slug.md`.
    public static func numberAndSlug(ofFileName name: String) -> (Int, String)? {
        guard name.hasSuffix(".md") else { return nil }
        let stem = Array(name.dropLast(3))
        guard stem.count >= 4, stem[0].isASCII, stem[0].isNumber, stem[1].isASCII, stem[1].isNumber,
            stem[2] == "-", let number = Int(String(stem[0...1]))
        else { return nil }
        let slug = String(stem[3...])
        let allowed = slug.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
        guard allowed, slug.first != "-", slug.last != "-" else { return nil }
        return (number, slug)
    }

    // MARK: - Scanning lines into headings, text and fenced blocks

    enum Element {
        case heading(level: Int, text: String, line: Int)
        case text(String, line: Int)
        /// `raw` is the block exactly as written, fences included, to show it as Markdown.
        case fence(info: String, body: String, raw: String, line: Int)
    }

    static func scan(_ text: String, path: String) throws(LessonParseError) -> [Element] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        if lines.last == "" { lines.removeLast() }
        var elements: [Element] = []
        var open: (marker: Character, length: Int, info: String, line: Int, body: [String], raw: [String])?
        for (index, line) in lines.enumerated() {
            let lineNumber = index + 1
            if var block = open {
                block.raw.append(line)
                if let fence = MarkdownFence.marker(line), fence.marker == block.marker, fence.length >= block.length,
                    fence.rest.trimmingSpaces().isEmpty
                {
                    elements.append(
                        .fence(
                            info: block.info, body: block.body.joined(separator: "\n"),
                            raw: block.raw.joined(separator: "\n"), line: block.line))
                    open = nil
                } else {
                    block.body.append(line)
                    open = block
                }
                continue
            }
            if let fence = MarkdownFence.marker(line) {
                open = (fence.marker, fence.length, fence.rest.trimmingSpaces(), lineNumber, [], [line])
            } else if line.hasPrefix("# ") || line == "#" {
                elements.append(.heading(level: 1, text: line.dropFirst(1).trimmingSpaces(), line: lineNumber))
            } else if line.hasPrefix("## ") {
                elements.append(.heading(level: 2, text: line.dropFirst(2).trimmingSpaces(), line: lineNumber))
            } else {
                elements.append(.text(line, line: lineNumber))
            }
        }
        if let block = open {
            throw LessonParseError(
                path: path, line: block.line,
                message:
                    "this code block is never closed: add a line with \(String(repeating: block.marker, count: block.length))"
            )
        }
        return elements
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }),
            let end = lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(self[start...end])
    }
}
