/// Finds the learner's own answer to an exercise among the inputs they typed in the REPL,
/// so that the exercise's file can start from it rather than from the starter code.
enum LearnerCode {
    /// The names `source` declares at its top level: functions, types and bindings.
    static func declaredNames(in source: String) -> Set<String> {
        var names: Set<String> = []
        for item in ParsedInput(source).cellItems {
            switch item.kind {
            case .declaration(let name?, _): names.insert(name)
            case .binding(let bound, _): names.formUnion(bound)
            default: break
            }
        }
        return names
    }

    /// For each name the reference solution of `exercise` declares, the last of `inputs`
    /// that declares it; those inputs in the order they were typed, or nil when none does.
    /// Commands (`:...`) are skipped, and nothing before the last `:reset` counts, since the
    /// session forgot it.
    static func latest(for exercise: Exercise, in inputs: some Collection<String>) -> String? {
        let wanted = declaredNames(in: exercise.solution)
        guard !wanted.isEmpty else { return nil }
        let inputs = Array(inputs)
        let start = (inputs.lastIndex { isCommand($0, named: "reset") } ?? -1) + 1
        var lastDeclaring: [String: Int] = [:]
        for index in start..<inputs.count where !isCommand(inputs[index], named: nil) {
            for name in declaredNames(in: inputs[index]).intersection(wanted) {
                lastDeclaring[name] = index
            }
        }
        let chosen = Set(lastDeclaring.values).sorted()
        guard !chosen.isEmpty else { return nil }
        return chosen.map { inputs[$0] }.joined(separator: "\n\n")
    }

    /// Whether `input` is a `:` command (the one named `name`, when given).
    private static func isCommand(_ input: String, named name: String?) -> Bool {
        let trimmed = Substring(input).trimmingBlanks()
        guard trimmed.hasPrefix(":") else { return false }
        guard let name else { return true }
        return trimmed.dropFirst().split(separator: " ").first.map(String.init) == name
    }
}
