/// Renders the Markdown used in lessons for a terminal: headings, emphasis, inline code,
/// lists (items may continue on the following lines), block quotes, pipe tables and
/// fenced code blocks (Swift ones coloured), wrapped to a width. Lessons/README.md lists
/// what is supported.
///
/// With ``TerminalStyle/plain`` the result is plain text: emphasis markers are dropped,
/// inline code keeps its backticks, and nothing but the text and indentation is written.
public struct MarkdownRenderer: Sendable {
    /// The column to wrap prose at; code blocks are never wrapped.
    public var width: Int
    /// Whether to write ANSI styles.
    public var style: TerminalStyle
    /// Colours a code block given its language tag (`swift`) and code; the identity by default.
    public var highlight: @Sendable (_ language: String, _ code: String) -> String
    /// Whether the output stays Markdown, for a front end that renders it itself (a
    /// notebook): text is passed through and code blocks are fenced.
    public var writesMarkdown = false

    /// Creates a renderer; `highlight` colours code blocks (see ``SwiftHighlighter``).
    public init(
        width: Int, style: TerminalStyle,
        highlight: @escaping @Sendable (_ language: String, _ code: String) -> String = { $1 }
    ) {
        self.width = max(20, width)
        self.style = style
        self.highlight = highlight
    }

    /// Renders `markdown` into lines of text joined by newlines (no trailing newline).
    public func render(_ markdown: String) -> String {
        if writesMarkdown { return markdown }
        var output: [String] = []
        var paragraph: [String] = []
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]

        func flushParagraph() {
            guard !paragraph.isEmpty else { return }
            let text = paragraph.map { $0.trimmingSpaces() }.joined(separator: " ")
            output += wrapper.wrap(inline(text))
            paragraph = []
        }
        func separate() {
            if let last = output.last, !last.isEmpty { output.append("") }
        }

        while let line = lines.popFirst() {
            let trimmed = line.trimmingSpaces()
            if let fence = MarkdownFence.marker(line) {
                flushParagraph()
                separate()
                var code: [String] = []
                while let next = lines.popFirst() {
                    if let closing = MarkdownFence.marker(next), closing.marker == fence.marker,
                        closing.length >= fence.length, closing.rest.trimmingSpaces().isEmpty
                    {
                        break
                    }
                    code.append(next)
                }
                output += codeBlock(code.joined(separator: "\n"), language: fence.rest.trimmingSpaces())
                output.append("")
            } else if trimmed.isEmpty {
                flushParagraph()
                separate()
            } else if let (level, text) = heading(trimmed) {
                flushParagraph()
                separate()
                output += headingLines(text, level: level)
                output.append("")
            } else if let table = MarkdownTable.parse(header: line, rest: &lines) {
                flushParagraph()
                separate()
                output += table.render(width: width, style: style, wrapper: wrapper) { inline($0) }
                output.append("")
            } else if let (marker, firstText) = listItem(line) {
                flushParagraph()
                // The item goes on over the following lines until a blank line or another
                // block starts (CommonMark's continuation lines, indented or not).
                var text = firstText
                while let next = lines.first, startsItemContinuation(next) {
                    text += " " + next.trimmingSpaces()
                    lines.removeFirst()
                }
                let indent = String(repeating: " ", count: line.prefix { $0 == " " }.count)
                let bullet = marker.first?.isNumber == true ? marker : "•"
                let first = "  " + indent + style.apply(.bold, to: bullet) + " "
                let hanging = String(repeating: " ", count: TerminalStyle.visibleWidth(of: first))
                output += wrapper.wrap(inline(text), firstIndent: first, indent: hanging)
            } else if trimmed.hasPrefix(">") {
                flushParagraph()
                let text = trimmed.dropFirst().trimmingSpaces()
                let bar = style.apply(.dim, to: "│") + " "
                output += wrapper.wrap(inline(text), firstIndent: bar, indent: bar)
            } else {
                paragraph.append(line)
            }
        }
        flushParagraph()
        while let last = output.last, last.isEmpty { output.removeLast() }
        return output.joined(separator: "\n")
    }

    /// A code block indented by four spaces, coloured when it is Swift.
    public func codeBlock(_ code: String, language: String = "swift") -> [String] {
        if writesMarkdown {
            return ["```" + (language == "output" ? "text" : language)]
                + code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + ["```"]
        }
        let isSwift = language.split(separator: " ").first == "swift"
        let coloured = style.usesColor && isSwift ? highlight("swift", code) : code
        return coloured.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
    }

    private var wrapper: TextWrapper { TextWrapper(width: width, style: style) }

    private func heading(_ line: String) -> (Int, String)? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        return (hashes, line.dropFirst(hashes).trimmingSpaces())
    }

    private func headingLines(_ text: String, level: Int) -> [String] {
        let plainText = inline(text, styled: false)
        if style.usesColor {
            let codes: [TerminalStyle.Code] = level == 1 ? [.bold, .underline] : level == 2 ? [.bold, .cyan] : [.bold]
            return [codes.map(style.start).joined() + plainText + style.reset]
        }
        switch level {
        case 1: return [plainText, String(repeating: "=", count: plainText.count)]
        case 2: return [plainText, String(repeating: "-", count: plainText.count)]
        default: return [plainText]
        }
    }

    /// Whether `line`, following a list item, continues its text.
    private func startsItemContinuation(_ line: String) -> Bool {
        let trimmed = line.trimmingSpaces()
        return !trimmed.isEmpty && listItem(line) == nil && heading(trimmed) == nil
            && MarkdownFence.marker(line) == nil && !trimmed.hasPrefix(">") && !trimmed.hasPrefix("|")
    }

    private func listItem(_ line: String) -> (String, String)? {
        let trimmed = line.drop { $0 == " " }
        if let first = trimmed.first, first == "-" || first == "*" || first == "+", trimmed.dropFirst().first == " " {
            return (String(first), trimmed.dropFirst(2).trimmingSpaces())
        }
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, trimmed.dropFirst(digits.count).hasPrefix(". ") {
            return (digits + ".", trimmed.dropFirst(digits.count + 2).trimmingSpaces())
        }
        return nil
    }

    /// Applies inline Markdown: `code`, **strong**, *emphasis* and _emphasis_.
    func inline(_ text: String, styled: Bool = true) -> String {
        let useStyle = styled && style.usesColor
        var result = ""
        var characters = Array(text)[...]
        var strong = false
        var emphasis: Character?
        func toggle(_ code: TerminalStyle.Code, on: Bool) {
            guard useStyle else { return }
            result += on ? style.start(code) : style.reset + (strong ? style.start(.bold) : "")
        }
        while let character = characters.popFirst() {
            switch character {
            case "\\" where characters.first.map({ "*_`\\|".contains($0) }) == true:
                result.append(characters.removeFirst())
            case "`":
                guard let end = characters.firstIndex(of: "`") else {
                    result.append(character)
                    continue
                }
                let code = String(characters[..<end])
                characters = characters[characters.index(after: end)...]
                result += useStyle ? style.apply(.cyan, to: code) + (strong ? style.start(.bold) : "") : "`\(code)`"
            case "*" where characters.first == "*":
                characters.removeFirst()
                strong.toggle()
                toggle(.bold, on: strong)
            case "*", "_":
                let isWordInside = character == "_" && result.last.map { $0.isLetter || $0.isNumber } == true
                if isWordInside {
                    result.append(character)
                } else if emphasis == character {
                    emphasis = nil
                    toggle(.italic, on: false)
                } else if emphasis == nil, characters.contains(character), characters.first != " " {
                    emphasis = character
                    toggle(.italic, on: true)
                } else {
                    result.append(character)
                }
            default:
                result.append(character)
            }
        }
        if useStyle && (strong || emphasis != nil) { result += style.reset }
        return result
    }
}
