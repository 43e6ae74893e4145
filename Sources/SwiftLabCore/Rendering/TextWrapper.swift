/// Wraps styled text to a width, counting only visible characters.
///
/// Styles that are open at a line break are closed before it and opened again after
/// the indent, so an indent is never underlined and a colour survives the break.
struct TextWrapper {
    var width: Int
    var style: TerminalStyle

    /// Wraps `text` (one paragraph, already styled) into lines: the first starts with
    /// `firstIndent`, the others with `indent`.
    func wrap(_ text: String, firstIndent: String = "", indent: String = "") -> [String] {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var lines: [String] = []
        var line = firstIndent
        var lineWidth = TerminalStyle.visibleWidth(of: firstIndent)
        var lineHasWord = false
        var active: [String] = []
        for word in words {
            let wordWidth = TerminalStyle.visibleWidth(of: word)
            if lineHasWord && lineWidth + 1 + wordWidth > width {
                lines.append(line + (active.isEmpty ? "" : style.reset))
                line = indent + active.joined()
                lineWidth = TerminalStyle.visibleWidth(of: indent)
                lineHasWord = false
            }
            if lineHasWord {
                line += " "
                lineWidth += 1
            }
            line += word
            lineWidth += wordWidth
            lineHasWord = true
            active = Self.activeSequences(after: word, startingWith: active)
        }
        lines.append(line)
        return lines
    }

    /// The escape sequences still in effect after `text`, given those in effect before it.
    static func activeSequences(after text: String, startingWith active: [String]) -> [String] {
        var active = active
        var index = text.startIndex
        while let escape = text[index...].firstIndex(of: "\u{1B}") {
            guard let end = text[escape...].firstIndex(where: { $0.isLetter }) else { break }
            let sequence = String(text[escape...end])
            if sequence == "\u{1B}[0m" { active.removeAll() } else { active.append(sequence) }
            index = text.index(after: end)
        }
        return active
    }
}
