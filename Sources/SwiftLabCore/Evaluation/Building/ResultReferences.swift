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
        self.cellItem = CellItem(
            TopLevelItem(text: String(decoding: text, as: UTF8.self), line: item.line, column: item.column))
    }

    /// What a cell needs to name a result: its private declaration, and the scoped imports
    /// that make the cell types in its type reachable.
    struct Accessor: Equatable {
        /// `nonisolated private var _R3: Type { get set }`.
        var declaration: String
        /// `@testable import struct Cell2.Point` for each type of a cell that is not
        /// imported whole (some of its names were declared again).
        var imports: [String]
    }

    /// The accessor of result `number`, whose static type the worker reported as `type`.
    ///
    /// A type of a cell that is not imported whole (one in `wholeImports`) is made reachable
    /// by a scoped import of its top-level name, unless the input names it itself: a scoped
    /// import would then win over the newer declaration of that name the input means.
    /// The type is `Any` when it cannot be named: that case, and a type without a name in
    /// source (a local or private one).
    static func accessor(
        of number: Int, type: String, wholeImports: Set<String>, earlierCells: [GeneratedCell],
        namesInInput: Set<String>
    ) -> Accessor {
        var imports: [String] = []
        var nameable = !(type.contains("(unknown context") || type.contains("(extension in") || type.contains("__C."))
        for (module, name) in cellTypes(in: type) where nameable && !wholeImports.contains(module) {
            let declaration = earlierCells.last { $0.moduleName == module }?.declarations.last { $0.name == name }
            guard !namesInInput.contains(name), let declaration,
                let kind = CellImports.scopedImportKind[declaration.keyword]
            else {
                nameable = false
                break
            }
            let line = "@testable import \(kind) \(module).\(name)"
            if !imports.contains(line) { imports.append(line) }
        }
        let spelled = nameable ? type : "Any"
        let declaration =
            "nonisolated private var \(accessorName(number)): \(spelled) {"
            + " get { SwiftLabRuntime.result(\(number)) }"
            + " set { SwiftLabRuntime.setResult(\(number), to: newValue) } }"
        return Accessor(declaration: declaration, imports: nameable ? imports : [])
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
            case UInt8(ascii: "$")
            where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "R")
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

    /// The `CellN.Name` qualifiers in a type's name (`Swift.Array<Cell5.Point>`): module and
    /// the top-level name after it.
    static func cellTypes(in type: String) -> [(module: String, name: String)] {
        var found: [(String, String)] = []
        var rest = Substring(type)
        while let range = rest.range(of: "Cell") {
            let before = type[..<range.lowerBound].last
            let digits = rest[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            let afterDigits = rest[range.upperBound...].dropFirst(digits.count)
            let startsName = before.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") } ?? true
            if startsName, !digits.isEmpty, afterDigits.first == "." {
                let name = afterDigits.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                found.append(("Cell" + digits, String(name)))
            }
            rest = rest[range.upperBound...]
        }
        return found
    }
}
