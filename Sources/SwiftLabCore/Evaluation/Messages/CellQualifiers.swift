/// The `CellN.` module qualifiers the compiler and the runtime put before names the
/// learner declared (`'Cell12.Box'`): internal names, never shown. Where one message names
/// two copies of a declaration from different inputs (a type entered again while earlier
/// code still uses the first one), each copy is followed by the input it came from:
/// `cannot convert value of type 'Box' (input 12) to expected argument type 'Box' (input 10)`.
enum CellQualifiers {
    /// One `CellN.Name` in a text.
    struct Occurrence: Equatable {
        /// The cell number `N`.
        var cell: Int
        /// The name after the qualifier.
        var name: String
        /// Where `CellN.` is (the qualifier alone).
        var qualifier: Range<String.Index>
    }

    /// Every `CellN.Name` in `text`, in order (`Cell3` must not be part of a longer name).
    static func occurrences(in text: String) -> [Occurrence] {
        var found: [Occurrence] = []
        var index = text.startIndex
        while let range = text[index...].range(of: "Cell") {
            index = range.upperBound
            if range.lowerBound > text.startIndex {
                let before = text[text.index(before: range.lowerBound)]
                if before.isLetter || before.isNumber || before == "_" || before == "." { continue }
            }
            let digits = text[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            guard let cell = Int(digits), digits.endIndex < text.endIndex, text[digits.endIndex] == "." else {
                continue
            }
            let nameStart = text.index(after: digits.endIndex)
            let name = text[nameStart...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard let first = name.first, !first.isNumber else { continue }
            found.append(Occurrence(cell: cell, name: String(name), qualifier: range.lowerBound..<nameStart))
            index = nameStart
        }
        return found
    }

    /// The names `text` qualifies with more than one cell, with those cells (in order of
    /// appearance): two copies of one declaration.
    static func copies(in text: String) -> [(name: String, cells: [Int])] {
        var result: [(name: String, cells: [Int])] = []
        for occurrence in occurrences(in: text) {
            if let index = result.firstIndex(where: { $0.name == occurrence.name }) {
                if !result[index].cells.contains(occurrence.cell) { result[index].cells.append(occurrence.cell) }
            } else {
                result.append((occurrence.name, [occurrence.cell]))
            }
        }
        return result.filter { $0.cells.count > 1 }
    }

    /// `text` without qualifiers; a quoted name (`'...'`) that is one of two copies is
    /// followed by `(where)`, `describe` saying where its cell's copy came from (`input 4`).
    static func readable(_ text: String, describe: (Int) -> String) -> String {
        guard text.contains("Cell") else { return text }
        let copied = Set(copies(in: text).map(\.name))
        let parts = text.split(separator: "'", omittingEmptySubsequences: false).map(String.init)
        var result = ""
        for (index, part) in parts.enumerated() {
            let found = occurrences(in: part)
            var stripped = part
            for occurrence in found.reversed() { stripped.removeSubrange(occurrence.qualifier) }
            guard index % 2 == 1 else {
                result += stripped
                continue
            }
            result += "'" + stripped
            // An unmatched last quote opens no quoted name.
            guard index < parts.count - 1 else { continue }
            result += "'"
            var cells: [Int] = []
            for occurrence in found where copied.contains(occurrence.name) && !cells.contains(occurrence.cell) {
                cells.append(occurrence.cell)
            }
            if !cells.isEmpty { result += " (" + cells.map(describe).joined(separator: ", ") + ")" }
        }
        return result
    }
}
