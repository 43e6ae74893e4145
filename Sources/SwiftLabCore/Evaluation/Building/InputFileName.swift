/// The file name a cell gives each input's lines in `#sourceLocation`, which the
/// compiler's diagnostics and the runtime's messages then carry: `input N` for input N's
/// own lines, `input N.L` for an item on its line L that has a generated line before it.
/// ``CellGenerator`` writes these names and ``DiagnosticMapper`` reads them; the format
/// lives here only.
enum InputFileName {
    /// What every such name starts with.
    static let prefix = "input "

    /// `input N`.
    static func name(input number: Int) -> String { prefix + String(number) }

    /// `input N.L`: the item on line `line` of input `number`.
    static func name(input number: Int, itemLine line: Int) -> String { "\(prefix)\(number).\(line)" }

    /// The input and (for `input N.L`) the item's line in `file`; `nil` when it is not
    /// an input's file name.
    static func parse(_ file: Substring) -> (input: Int, itemLine: Int?)? {
        guard file.hasPrefix(prefix) else { return nil }
        return parse(suffix: file.dropFirst(prefix.count))
    }

    /// As ``parse(_:)``, for the part after ``prefix`` (`N` or `N.L`).
    static func parse(suffix: Substring) -> (input: Int, itemLine: Int?)? {
        let parts = suffix.split(separator: ".", omittingEmptySubsequences: false)
        guard let number = Int(parts[0]) else { return nil }
        if parts.count == 1 { return (number, nil) }
        guard parts.count == 2, let itemLine = Int(parts[1]) else { return nil }
        return (number, itemLine)
    }
}
