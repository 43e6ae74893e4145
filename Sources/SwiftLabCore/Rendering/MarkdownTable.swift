/// A GitHub-style pipe table in lesson text:
///
/// ```markdown
/// | Operator | Gives        |
/// |----------|-------------:|
/// | `map`    | one per input |
/// ```
///
/// The header row, then a delimiter row of dashes (a `:` at one or both ends aligns the
/// column right or centre), then body rows up to the first line without a `|`.
/// A `\|` inside a cell is a literal bar.
struct MarkdownTable {
    /// How a column's cells are aligned.
    enum Alignment { case left, right, center }

    var header: [String]
    var alignments: [Alignment]
    var rows: [[String]]

    /// The table whose header row is `first` and whose other rows start `lines`, removing
    /// them from `lines`; nil (leaving `lines` alone) when `lines` does not start with a
    /// delimiter row for that header.
    static func parse(header first: String, rest lines: inout ArraySlice<String>) -> MarkdownTable? {
        guard first.contains("|"), let second = lines.first,
            let alignments = delimiterRow(second)
        else { return nil }
        let header = cells(of: first)
        guard header.count == alignments.count else { return nil }
        lines.removeFirst()
        var rows: [[String]] = []
        while let line = lines.first, line.contains("|"), !line.trimmingSpaces().isEmpty {
            lines.removeFirst()
            // Rows with too few cells are padded and extra cells dropped, as GitHub does.
            let row = cells(of: line)
            rows.append((0..<header.count).map { $0 < row.count ? row[$0] : "" })
        }
        return MarkdownTable(header: header, alignments: alignments, rows: rows)
    }

    /// The cells of one row, trimmed, without the optional outer bars.
    static func cells(of line: String) -> [String] {
        var text = Substring(line.trimmingSpaces())
        if text.hasPrefix("|") { text = text.dropFirst() }
        if text.hasSuffix("|") && !text.hasSuffix("\\|") { text = text.dropLast() }
        var cells: [String] = []
        var cell = ""
        var characters = text[...]
        while let character = characters.popFirst() {
            if character == "\\" && characters.first == "|" {
                cell.append(characters.removeFirst())
            } else if character == "|" {
                cells.append(cell.trimmingSpaces())
                cell = ""
            } else {
                cell.append(character)
            }
        }
        cells.append(cell.trimmingSpaces())
        return cells
    }

    /// The alignments when `line` is a delimiter row (`|---|:--:|`), else nil.
    static func delimiterRow(_ line: String) -> [Alignment]? {
        guard line.contains("-") else { return nil }
        var alignments: [Alignment] = []
        for cell in cells(of: line) {
            let dashes = cell.drop { $0 == ":" }.reversed().drop { $0 == ":" }
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
            switch (cell.hasPrefix(":"), cell.hasSuffix(":")) {
            case (true, true): alignments.append(.center)
            case (false, true): alignments.append(.right)
            default: alignments.append(.left)
            }
        }
        return alignments
    }

    /// The table as lines: aligned columns when they fit in `width`, otherwise one block
    /// per row with each cell under its column's name. Cells are already inline-rendered
    /// by `inline`; `wrapper` wraps the fallback's cells.
    func render(width: Int, style: TerminalStyle, wrapper: TextWrapper, inline: (String) -> String) -> [String] {
        let header = header.map(inline)
        let rows = rows.map { $0.map(inline) }
        let indent = "  "
        let gap = "  "
        var widths = header.map { TerminalStyle.visibleWidth(of: $0) }
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], TerminalStyle.visibleWidth(of: cell))
            }
        }
        let total = indent.count + widths.reduce(0, +) + gap.count * (widths.count - 1)
        if total <= width {
            func line(_ cells: [String], bold: Bool) -> String {
                let padded = cells.enumerated().map { column, cell in
                    pad(bold ? style.apply(.bold, to: cell) : cell, to: widths[column], alignment: alignments[column])
                }
                return (indent + padded.joined(separator: gap)).trimmingTrailingSpaces()
            }
            let rule = style.apply(
                .dim,
                to: widths.map { String(repeating: style.usesColor ? "─" : "-", count: $0) }.joined(separator: gap))
            return [line(header, bold: true), indent + rule] + rows.map { line($0, bold: false) }
        }
        // Too wide: each row becomes a small record, `Column: value`, so nothing is cut off.
        var lines: [String] = []
        for row in rows {
            if !lines.isEmpty { lines.append("") }
            for (column, cell) in row.enumerated() where !cell.isEmpty {
                let name = style.apply(.bold, to: header[column].isEmpty ? "\(column + 1)" : header[column]) + ":"
                let first = indent + (column == 0 ? "" : "  ")
                let hanging = String(repeating: " ", count: first.count + 2)
                lines += wrapper.wrap(name + " " + cell, firstIndent: first, indent: hanging)
            }
        }
        return lines
    }

    private func pad(_ text: String, to width: Int, alignment: Alignment) -> String {
        let missing = max(0, width - TerminalStyle.visibleWidth(of: text))
        switch alignment {
        case .left: return text + String(repeating: " ", count: missing)
        case .right: return String(repeating: " ", count: missing) + text
        case .center:
            let before = missing / 2
            return String(repeating: " ", count: before) + text + String(repeating: " ", count: missing - before)
        }
    }
}
