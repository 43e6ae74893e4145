/// Renders a value the way the LLDB Swift REPL does: scalars on their own (`250`, `nil`,
/// `patatino`, `NaN`), aggregates as `{` then one `label = value` a line, indented by two,
/// collections as `4 values {` with `[i] = value` lines, dictionaries as
/// `1 key/value pair {` with `key`/`value` records.
///
/// Every value's contents come from its `Mirror`, so class and actor instances show their
/// stored properties; like LLDB, a `description` of a type declared in the REPL is not
/// used. What would not end (a reference cycle, very deep nesting) is cut as LLDB cuts
/// it, with `{...}`, and collections show their first ``childLimit`` elements then `...`.
struct LLDBValueRenderer {
    /// How many elements of a collection LLDB shows before `...`.
    static let childLimit = 24
    /// How deep nested aggregates are shown before `{...}`.
    static let depthLimit = 12

    /// The class instances being shown, outermost first: one met again is a cycle.
    private var objectPath: [ObjectIdentifier] = []

    /// The text of `value`; lines after the first are indented by `indent` spaces.
    mutating func render(_ value: Any, indent: Int = 0) -> String {
        render(value, indent: indent, depth: 0, throughOptional: false)
    }

    private mutating func render(_ value: Any, indent: Int, depth: Int, throughOptional: Bool) -> String {
        if let scalar = ScalarText.lldb(value) { return scalar }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional?:
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return render(wrapped, indent: indent, depth: depth, throughOptional: true)
        case .collection?, .set?:
            let count = mirror.children.count
            let header = "\(count) \(count == 1 ? "value" : "values")"
            let members = mirror.children.prefix(Self.childLimit).enumerated().map {
                ("[\($0.offset)]", $0.element.value)
            }
            if count == 0 { return header }
            return header + " " + block(members, indent: indent, depth: depth, elided: count > Self.childLimit)
        case .dictionary?:
            let count = mirror.children.count
            let header = "\(count) key/value \(count == 1 ? "pair" : "pairs")"
            if count == 0 { return header }
            let members = mirror.children.prefix(Self.childLimit).enumerated().map {
                ("[\($0.offset)]", $0.element.value)
            }
            return header + " " + block(members, indent: indent, depth: depth, elided: count > Self.childLimit)
        case .tuple?:
            let members = mirror.children.enumerated().map { index, child in
                (Self.tupleLabel(child.label, index: index), child.value)
            }
            return block(members, indent: indent, depth: depth, elided: false)
        case .enum?:
            guard let payload = mirror.children.first else { return Self.caseName(of: value) }
            let name = payload.label ?? Self.caseName(of: value)
            return name + " " + block([(name, payload.value)], indent: indent, depth: depth, elided: false)
        case .class?:
            let object = ObjectIdentifier(value as AnyObject)
            let address = throughOptional ? Self.address(of: value as AnyObject) + " " : ""
            if objectPath.contains(object) || depth >= Self.depthLimit {
                return Self.address(of: value as AnyObject) + " {...}"
            }
            objectPath.append(object)
            defer { objectPath.removeLast() }
            return address + record(mirror, indent: indent, depth: depth)
        case .struct?, nil:
            if mirror.children.isEmpty, mirror.displayStyle == nil {
                return SwiftLabRuntime.removingCellModules(from: String(reflecting: value))
            }
            if depth >= Self.depthLimit { return "{...}" }
            if throughOptional { return optionalStruct(mirror, indent: indent, depth: depth) }
            return record(mirror, indent: indent, depth: depth)
        default:
            return SwiftLabRuntime.removingCellModules(from: String(reflecting: value))
        }
    }

    /// A struct inside an optional, as LLDB shows it: on one line, `(a = 1, s = "x")`, when
    /// every member is a number, `Bool`, string or other one-word value; `some` then its
    /// members a line each when one is not (an enum case, an optional, an aggregate); `some` alone when
    /// it has no members.
    private mutating func optionalStruct(_ mirror: Mirror, indent: Int, depth: Int) -> String {
        if mirror.children.isEmpty { return "some" }
        let words = mirror.children.map { child in
            // An optional member (`Int?`, which casts to `Int`) is not a word to LLDB either.
            [.enum, .optional].contains(Mirror(reflecting: child.value).displayStyle)
                ? nil : ScalarText.lldb(child.value)
        }
        if words.allSatisfy({ $0 != nil }) {
            let members = zip(mirror.children, words).enumerated().map { index, pair in
                "\(pair.0.label ?? "[\(index)]") = \(pair.1 ?? "")"
            }
            return "(" + members.joined(separator: ", ") + ")"
        }
        return "some " + record(mirror, indent: indent, depth: depth)
    }

    /// A struct's or class's stored properties; a subclass shows its superclass's as one
    /// member named after the superclass, as LLDB does.
    private mutating func record(_ mirror: Mirror, indent: Int, depth: Int) -> String {
        var lines: [String] = []
        let pad = String(repeating: " ", count: indent + 2)
        if let superclass = mirror.superclassMirror, superclass.children.count > 0 || superclass.superclassMirror != nil
        {
            let name = SwiftLabRuntime.typeName(of: superclass.subjectType, style: .lldb)
            lines.append(pad + name + " = " + record(superclass, indent: indent + 2, depth: depth + 1))
        }
        for (index, child) in mirror.children.enumerated() {
            let label = child.label ?? "[\(index)]"
            lines.append(
                pad + label + " = " + render(child.value, indent: indent + 2, depth: depth + 1, throughOptional: false))
        }
        if lines.isEmpty { return "{}" }
        return "{\n" + lines.joined(separator: "\n") + "\n" + String(repeating: " ", count: indent) + "}"
    }

    private mutating func block(_ members: [(String, Any)], indent: Int, depth: Int, elided: Bool) -> String {
        if members.isEmpty { return "{}" }
        if depth >= Self.depthLimit { return "{...}" }
        let pad = String(repeating: " ", count: indent + 2)
        var lines = members.map { label, value in
            pad + label + " = " + entry(value, indent: indent + 2, depth: depth + 1)
        }
        if elided { lines.append(pad + "...") }
        return "{\n" + lines.joined(separator: "\n") + "\n" + String(repeating: " ", count: indent) + "}"
    }

    /// A collection element: a dictionary's `(key: K, value: V)` element shows as a record.
    private mutating func entry(_ value: Any, indent: Int, depth: Int) -> String {
        render(value, indent: indent, depth: depth, throughOptional: false)
    }

    static func tupleLabel(_ label: String?, index: Int) -> String {
        guard let label, !label.isEmpty else { return "\(index)" }
        return label.hasPrefix(".") ? String(label.dropFirst()) : label
    }

    /// A payload-less case's name: `patatino`, not `Foo.patatino`.
    static func caseName(of value: Any) -> String {
        let text = String(describing: value)
        guard let dot = text.lastIndex(of: "."), !text.contains("(") else { return text }
        return String(text[text.index(after: dot)...])
    }

    /// `0x00005555555736a0`, as LLDB shows a reference.
    static func address(of object: AnyObject) -> String {
        let bits = UInt(bitPattern: ObjectIdentifier(object))
        let hex = String(bits, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }
}
