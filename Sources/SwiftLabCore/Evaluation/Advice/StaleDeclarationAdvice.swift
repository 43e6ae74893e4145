/// What to tell the learner when an error involves two copies of one declaration from
/// different inputs: a type (or function) entered again while code entered before still
/// uses the earlier copy (`func weigh(_ b: Box)` keeps the `Box` it was compiled against).
/// The compiler's message, even with the inputs named (see ``CellQualifiers``), does not
/// say what to do: enter that code again, or `:reset`.
enum StaleDeclarationAdvice {
    /// Code entered between the two copies that uses the earlier one.
    struct User: Equatable {
        /// The name it declares.
        var name: String
        /// The session number of its input.
        var input: Int
    }

    /// One note per name the errors in `compilerOutput` (the compiler's own text, with
    /// `CellN.` qualifiers) show in two copies, each ending in a line break.
    ///
    /// - Parameters:
    ///   - currentText: the text of the input that did not compile (`mapper.input`).
    ///   - accepted: the inputs accepted before it.
    ///   - mapper: names inputs as the learner knows them.
    static func notes(
        forCompilerOutput compilerOutput: String, currentText: String, accepted: [AcceptedCell],
        mapper: DiagnosticMapper
    ) -> [String] {
        var notes: [String] = []
        var seen = Set<String>()
        for line in compilerOutput.split(separator: "\n") {
            guard let header = DiagnosticMapper.parseHeader(line), header.severity == .error else { continue }
            for (name, cells) in CellQualifiers.copies(in: header.message) where seen.insert(name).inserted {
                let earlier = cells.min()!
                let later = cells.max()!
                let users = self.users(
                    of: name, between: earlier, and: later, accepted: accepted, preferring: currentText)
                notes.append(note(name: name, earlier: earlier, later: later, users: users, mapper: mapper))
            }
        }
        return notes
    }

    /// The declarations and bindings of inputs from `earlier` up to (not including) `later`
    /// whose code names `name`, other than `name`'s own declarations: they were compiled
    /// against the earlier copy. Those `text` names, when it names any.
    static func users(
        of name: String, between earlier: Int, and later: Int, accepted: [AcceptedCell], preferring text: String
    ) -> [User] {
        var users: [User] = []
        for cell in accepted where cell.number >= earlier && cell.number < later {
            for item in ParsedInput(cell.input).cellItems {
                let declared: [String]
                switch item.kind {
                case .declaration(let declaredName?, _): declared = [declaredName]
                case .binding(let names, _): declared = names
                default: declared = []
                }
                guard !declared.contains(name),
                    item.tokens.contains(where: { $0.kind == .identifier && $0.text == name })
                else { continue }
                users += declared.map { User(name: $0, input: cell.number) }
            }
        }
        let named = Set(ParsedInput(text).cellItems.flatMap { $0.tokens.filter { $0.kind == .identifier }.map(\.text) })
        let preferred = users.filter { named.contains($0.name) }
        return preferred.isEmpty ? users : preferred
    }

    private static func note(name: String, earlier: Int, later: Int, users: [User], mapper: DiagnosticMapper) -> String
    {
        func place(_ input: Int) -> String { input == mapper.input ? "this input" : "input \(mapper.label(input))" }
        let entered =
            later == mapper.input
            ? "'\(name)' is entered again in this input" : "'\(name)' was entered again in \(place(later))"
        guard !users.isEmpty else {
            return
                "note: \(entered), and code entered before that still uses the earlier '\(name)' (\(place(earlier))): "
                + "enter that code again, or :reset to start afresh.\n"
        }
        let list = users.map { "'\($0.name)' (\(place($0.input)))" }
        let listed = list.count == 1 ? list[0] : list.dropLast().joined(separator: ", ") + " and " + list.last!
        let verb =
            users.count == 1 ? "was entered before that and still uses" : "were entered before that and still use"
        let again = users.count == 1 ? "enter '\(users[0].name)' again" : "enter them again"
        return "note: \(entered); \(listed) \(verb) the earlier '\(name)' (\(place(earlier))): "
            + "\(again) to use the new one, or :reset to start afresh.\n"
    }
}
