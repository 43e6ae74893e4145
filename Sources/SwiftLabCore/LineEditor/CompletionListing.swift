/// Lays out completion candidates in columns, as shells list them after a second Tab.
enum CompletionListing {
    static func columns(_ candidates: [String], width: Int) -> String {
        let columnWidth = (candidates.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / max(columnWidth, 1))
        let rows = (candidates.count + perRow - 1) / perRow
        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            for column in 0..<perRow {
                let index = column * rows + row  // fill down the columns, like ls
                guard index < candidates.count else { continue }
                let candidate = candidates[index]
                line += candidate
                if column < perRow - 1 { line += String(repeating: " ", count: columnWidth - candidate.count) }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
