/// `$R3` in an input: an earlier result, usable as in the LLDB REPL (`$R3 + 5`,
/// `var x = $R3`, `$R3.description`).
///
/// A name starting with `$` cannot be declared in Swift source, so the generator renames
/// each `$R` the session knows to ``accessorName(_:)`` (also inside string
/// interpolations) and declares, private to the cell, a variable of the result's static
/// type that reads and writes the value the worker keeps (`SwiftLabRuntime.result`).
/// The new name is as long as the old one (`_R3`), so the compiler's columns stay the
/// learner's; an input that also names `_R3` itself keeps its `$R3`.
/// A `$R` the session does not know stays as written, so the compiler says
/// `cannot find '$R7' in scope`, as LLDB does.
struct ResultReferences {
    /// The input item with every known `$R` renamed.
    var cellItem: CellItem
    /// The result numbers the item names.
    var numbers: Set<Int>

    /// The name a result has in generated code: as many bytes as `$R3`.
    static func accessorName(_ number: Int) -> String { "_R\(number)" }

    /// Renames the results of `known` in `cellItem`.
    init(in cellItem: CellItem, known: [Int: String]) {
        var found: [(offset: Int, length: Int, number: Int)] = []
        let ownNames = Set(cellItem.tokens.filter { $0.kind == .identifier }.map(\.text))
        func isKnown(_ number: Int) -> Bool { known[number] != nil && !ownNames.contains(Self.accessorName(number)) }
        for token in cellItem.tokens {
            switch token.kind {
            case .identifier:
                if let number = Self.resultNumber(token.text), isKnown(number) {
                    found.append((token.utf8Offset, token.text.utf8.count, number))
                }
            case .stringLiteral where token.text.contains("\\("):
                for (offset, length, number) in Self.interpolatedResults(in: token.text) where isKnown(number) {
                    found.append((token.utf8Offset + offset, length, number))
                }
            default:
                continue
            }
        }
        numbers = Set(found.map(\.number))
        guard !found.isEmpty else {
            self.cellItem = cellItem
            return
        }
        var text = Array(cellItem.item.text.utf8)
        for (offset, length, number) in found.sorted(by: { $0.offset > $1.offset }) {
            text.replaceSubrange(offset..<offset + length, with: Array(Self.accessorName(number).utf8))
        }
        let item = cellItem.item
        self.cellItem = CellItem(TopLevelItem(text: String(decoding: text, as: UTF8.self), line: item.line, column: item.column))
    }

    /// The private declaration of result `number`, whose static type the worker reported
    /// as `type`; `Any` when that type cannot be named here: a type without a name in
    /// source (a local or private one), or one of a cell that is not imported whole
    /// (`wholeImports`: the modules imported whole), whose names may have been replaced.
    static func declaration(of number: Int, type: String, wholeImports: Set<String>) -> String {
        let spelled = isNameable(type, wholeImports: wholeImports) ? type : "Any"
        return "nonisolated private var \(accessorName(number)): \(spelled) {"
            + " get { SwiftLabRuntime.result(\(number)) }"
            + " set { SwiftLabRuntime.setResult(\(number), to: newValue) } }"
    }

    /// `3` for `$R3`.
    static func resultNumber(_ identifier: some StringProtocol) -> Int? {
        guard identifier.hasPrefix("$R") else { return nil }
        let digits = identifier.dropFirst(2)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits) else { return nil }
        return number
    }

    /// The `$R` names inside the interpolations of a string literal token: byte offset in
    /// the token, byte length, number.
    static func interpolatedResults(in literal: String) -> [(offset: Int, length: Int, number: Int)] {
        let bytes = Array(literal.utf8)
        var results: [(Int, Int, Int)] = []
        var depth = 0
        var index = 0
        func isIdentifierByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte >= 0x80
        }
        while index < bytes.count {
            let byte = bytes[index]
            if depth == 0 {
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") {
                    depth = 1
                    index += 2
                } else {
                    index += byte == UInt8(ascii: "\\") ? 2 : 1
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth -= 1
            case UInt8(ascii: "$") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "R")
                && (index == 0 || !isIdentifierByte(bytes[index - 1])):
                var end = index + 2
                while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
                if let number = resultNumber(String(decoding: bytes[index..<end], as: UTF8.self)) {
                    results.append((index, end - index, number))
                }
                index = end
                continue
            default: break
            }
            index += 1
        }
        return results
    }

    private static func isNameable(_ type: String, wholeImports: Set<String>) -> Bool {
        if type.contains("(unknown context") || type.contains("(extension in") || type.contains("__C.") { return false }
        var rest = Substring(type)
        while let range = rest.range(of: "Cell") {
            let before = rest[..<range.lowerBound].last
            let digits = rest[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            let after = rest[range.upperBound...].dropFirst(digits.count).first
            if !digits.isEmpty, after == ".", before.map({ !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) ?? true,
               !wholeImports.contains("Cell" + digits) {
                return false
            }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
