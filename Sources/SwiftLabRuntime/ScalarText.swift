/// The values both display styles show as a single word: numbers, booleans, strings and
/// characters, and standard-library values that describe themselves (`1...3`).
enum ScalarText {
    /// `value` as LLDB shows it, or nil when it is an aggregate.
    static func lldb(_ value: Any) -> String? {
        switch value {
        case let number as Double: return LLDBFloatingPointFormat.string(number)
        case let number as Float: return LLDBFloatingPointFormat.string(number)
        default: return common(value)
        }
    }

    /// What the two styles share: integers, `Bool`, quoted strings, and the
    /// self-description of a type not declared in the REPL whose mirror has no structure
    /// to show (`1...3`, a URL).
    static func common(_ value: Any) -> String? {
        switch value {
        case let integer as any BinaryInteger: return "\(integer)"
        case let boolean as Bool: return "\(boolean)"
        case let text as String: return text.debugDescription
        case let text as Substring: return String(text).debugDescription
        case let character as Character: return String(character).debugDescription
        default: break
        }
        guard value is CustomStringConvertible || value is CustomDebugStringConvertible,
            !isDeclaredInCell(type(of: value))
        else { return nil }
        switch Mirror(reflecting: value).displayStyle {
        case .optional?, .collection?, .dictionary?, .set?, .tuple?: return nil
        default: return SwiftLabRuntime.removingCellModules(from: String(describing: value))
        }
    }

    /// Whether the learner declared `type` (its module is a cell, `CellN`, or a script's
    /// `main`): LLDB shows such a type's members even when it has a `description`.
    static func isDeclaredInCell(_ type: Any.Type) -> Bool {
        let name = String(reflecting: type)
        if name.hasPrefix("main.") { return true }
        guard name.hasPrefix("Cell") else { return false }
        let digits = name.dropFirst(4).prefix { $0.isNumber }
        return !digits.isEmpty && name.dropFirst(4 + digits.count).first == "."
    }
}
