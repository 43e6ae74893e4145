/// Which earlier cells a new cell imports, and how, so that a later declaration replaces
/// an earlier one of the same name as in the LLDB REPL.
///
/// Importing every earlier cell whole makes both declarations of a redeclared name
/// visible; a scoped import of the newest one only settles the choice when the two have
/// the same signature, so `func g() -> E` entered again after `enum E` was entered again
/// (a new `E`), or with another return type, was ambiguous, and so was an extension
/// member entered twice. Measured with Swift 6.3.1:
/// - a cell that is not imported hides its top-level names and its extension members,
///   even though the compiler loads its module through the cells that imported it;
/// - a scoped import (`@testable import func Cell2.g`) shows that one name and all the
///   cell's extension members, but no operator declarations; operator functions cannot be
///   named in a scoped import at all.
///
/// - a scoped import of an empty marker type shows no other name, and still gives
///   `@testable` access to the internal members of the module's types.
///
/// So a cell with no replaced declarations is imported whole, as before. A cell some of
/// whose declarations were replaced (by name, whatever the kind: the learner's corrected
/// solution wins; a function only by one of the same ``FunctionSignature``, as another
/// signature is an overload that keeps the earlier one) is imported by scoped imports of the rest; when
/// none is left, by its marker (`old.weight` still works on a value of a replaced type),
/// unless extension members of it were replaced and none are left, which only hiding the
/// cell hides; and whole, with the replaced names still visible, when an operator is
/// left; a scoped import of the newest declaration then settles the choice where the
/// signatures match.
/// An extension that states a conformance is never replaced: the runtime would go on
/// using the conformance it loaded first, so the compiler's "redundant conformance"
/// error is the honest answer.
enum CellImports {
    /// Scoped import kinds for declaration keywords.
    static let scopedImportKind = [
        "struct": "struct", "class": "class", "enum": "enum", "protocol": "protocol",
        "typealias": "typealias", "func": "func", "let": "let", "var": "var", "actor": "class",
    ]

    /// The import lines for a cell that declares `declarations` and `extensions`, after
    /// the accepted cells `earlier` (oldest first), importing only the cells named in
    /// `modules` (`nil`: every declaring cell; see ``NarrowImports``). Which
    /// declarations later cells replaced is decided over all of `earlier` either way.
    static func lines(
        earlier: [GeneratedCell], declarations: [GeneratedCell.Declaration],
        extensions: [GeneratedCell.Extension], importing modules: Set<String>? = nil
    ) -> [String] {
        let own = Set(declarations.map(\.name))
        var later = LaterDeclarations()
        later.add(declarations)
        var laterMembers = Set(extensions.flatMap(memberKeys))
        /// The newest earlier declaration of each name.
        var newest: [String: (module: String, keyword: String)] = [:]
        var linesNewestFirst: [[String]] = []
        var namesLeftVisible = Set<String>()
        for cell in earlier.reversed() {
            if cell.exportsDeclarations, modules?.contains(cell.moduleName) ?? true {
                let (lines, leftVisible) = imports(of: cell, later: later, laterMembers: laterMembers)
                linesNewestFirst.append(lines)
                namesLeftVisible.formUnion(leftVisible)
            }
            for declaration in cell.declarations where newest[declaration.name] == nil && !isOwnNamed(declaration) {
                newest[declaration.name] = (cell.moduleName, declaration.keyword)
            }
            later.add(cell.declarations)
            laterMembers.formUnion(cell.extensions.flatMap(memberKeys))
        }
        var lines = linesNewestFirst.reversed().flatMap { $0 }
        // The cell's own declarations shadow imported ones without help.
        for name in namesLeftVisible.subtracting(own).sorted() {
            guard let (module, keyword) = newest[name], let kind = scopedImportKind[keyword], !isOperator(name),
                modules?.contains(module) ?? true
            else {
                continue
            }
            let line = "@testable import \(kind) \(module).\(name)"
            if !lines.contains(line) { lines.append(line) }
        }
        return lines
    }

    /// The declarations made after a cell: which of its own they replace.
    private struct LaterDeclarations {
        private var keys = Set<String>()
        private var functionNames = Set<String>()
        private var otherNames = Set<String>()

        mutating func add(_ declarations: [GeneratedCell.Declaration]) {
            for declaration in declarations {
                keys.insert(key(declaration))
                if isOwnNamed(declaration) { continue }
                if declaration.signature != nil {
                    functionNames.insert(declaration.name)
                } else {
                    otherNames.insert(declaration.name)
                }
            }
        }

        /// Whether `declaration` is replaced: by one of the same kind and name (for a
        /// function, also the same signature; another is an overload), or by a function
        /// or a variable where it was the other.
        func replace(_ declaration: GeneratedCell.Declaration) -> Bool {
            if keys.contains(key(declaration)) { return true }
            if isOwnNamed(declaration) { return false }
            if declaration.signature != nil { return otherNames.contains(declaration.name) }
            return functionNames.contains(declaration.name) || otherNames.contains(declaration.name)
        }
    }

    /// How `cell` is imported when the declarations in `later` and the extension members
    /// in `laterMembers` were made after it; also the names of the replaced declarations
    /// it leaves visible.
    private static func imports(
        of cell: GeneratedCell, later: LaterDeclarations,
        laterMembers: Set<String>
    ) -> (lines: [String], leftVisible: Set<String>) {
        let module = cell.moduleName
        let replaced = cell.declarations.filter(later.replace)
        let liveExtensions = cell.extensions.filter { ext in
            ext.members.isEmpty || ext.statesConformances || !memberKeys(ext).allSatisfy(laterMembers.contains)
        }
        let whole = ["@testable import \(module)"]
        if replaced.isEmpty, liveExtensions.count == cell.extensions.count {
            // As in one file, the learner's types shadow those of the modules every cell
            // imports (a `struct Record` and Streams' `Record`): a scoped import does.
            let types = cell.declarations.filter { typeKeywords.contains($0.keyword) }
            return (whole + types.map { "@testable import \(scopedImportKind[$0.keyword]!) \(module).\($0.name)" }, [])
        }
        let live = cell.declarations.filter { !later.replace($0) }
        let replacedNames = Set(replaced.map(\.name))
        // Operators are only visible through a whole import.
        if live.contains(where: { scopedImportKind[$0.keyword] == nil || isOperator($0.name) }) {
            return (whole, replacedNames)
        }
        // A scoped import shows every overload of a name, the replaced ones too.
        if live.contains(where: { replacedNames.contains($0.name) }) { return (whole, replacedNames) }
        var lines: [String] = []
        for declaration in live {
            let line = "@testable import \(scopedImportKind[declaration.keyword]!) \(module).\(declaration.name)"
            if !lines.contains(line) { lines.append(line) }
        }
        let replacedExtensions = liveExtensions.count < cell.extensions.count
        if lines.isEmpty, !liveExtensions.isEmpty || !replacedExtensions {
            guard let marker = cell.marker else { return (whole, replacedNames) }
            lines.append("@testable import enum \(module).\(marker)")
        }
        return (lines, [])
    }

    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "actor"]

    /// What a declaration replaces: those of the same name (a function: and signature),
    /// except that operators and precedence groups have names of their own (`func +++`
    /// does not replace `infix operator +++`).
    private static func key(_ declaration: GeneratedCell.Declaration) -> String {
        if isOwnNamed(declaration) { return "\(declaration.keyword) \(declaration.name)" }
        if let signature = declaration.signature { return "func \(declaration.name)(\(signature))" }
        return declaration.name
    }

    /// Operator and precedence group declarations, and macros, whose names are apart
    /// from those of functions, types and variables.
    private static func isOwnNamed(_ declaration: GeneratedCell.Declaration) -> Bool {
        ["operator", "precedencegroup", "macro"].contains(declaration.keyword)
    }

    private static func memberKeys(_ ext: GeneratedCell.Extension) -> [String] {
        ext.members.map { "\(ext.extendedType).\($0)" }
    }

    private static func isOperator(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        return !(first == "_" || first.properties.isXIDStart || first == "`")
    }
}
