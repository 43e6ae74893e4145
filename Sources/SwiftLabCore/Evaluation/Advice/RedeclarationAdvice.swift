/// What to tell the learner when a declaration entered again could not replace the
/// earlier one (see ``CellImports`` for when that happens): the compiler's error alone
/// ("ambiguous use of 'g()'", "redundant conformance") does not say what to do.
enum RedeclarationAdvice {
    /// Notes for the errors in `diagnostics` of `cell`, compiled after `earlier`; each
    /// note is one line ending in a line break, and appears at most once.
    static func notes(for diagnostics: [Diagnostic], of cell: GeneratedCell, after earlier: [GeneratedCell]) -> [String]
    {
        var notes: [String] = []
        func add(_ note: String) {
            if !notes.contains(note) { notes.append(note) }
        }
        let redeclared = namesDeclaredMoreThanOnce(in: earlier + [cell])
        for diagnostic in diagnostics where diagnostic.severity == .error {
            if let name = quotedBaseName(after: "ambiguous use of '", in: diagnostic.message), redeclared.contains(name)
            {
                add(
                    "note: '\(name)' was declared by more than one input, and an earlier declaration is still "
                        + "visible because its input also declares an operator or something else still in use; "
                        + "enter that input's declarations again together, or :reset to start afresh.\n")
            } else if let type = quotedBaseName(after: "redundant conformance of '", in: diagnostic.message) {
                add(
                    "note: a conformance cannot be replaced while the session runs (the first one stays in "
                        + "effect); declare '\(type)' again before the new extension, or :reset to start afresh.\n")
            }
        }
        return notes
    }

    /// Names (and extension member names) that more than one of `cells` declares.
    private static func namesDeclaredMoreThanOnce(in cells: [GeneratedCell]) -> Set<String> {
        var counts: [String: Int] = [:]
        for cell in cells {
            let names = Set(cell.declarations.map(\.name) + cell.extensions.flatMap(\.members))
            for name in names { counts[name, default: 0] += 1 }
        }
        return Set(counts.filter { $0.value > 1 }.keys)
    }

    /// `g` in `ambiguous use of 'g(_:)'` for the prefix `ambiguous use of '`.
    private static func quotedBaseName(after prefix: String, in message: String) -> String? {
        guard message.hasPrefix(prefix) else { return nil }
        let rest = message.dropFirst(prefix.count)
        let name = rest.prefix { $0 != "'" && $0 != "(" }
        return name.isEmpty ? nil : String(name)
    }
}
