/// Renders a value in Swift's own spelling, as `print(String(reflecting:))` shows it
/// (`[1, 2]`, `Optional(250)`, `Point(x: 1, y: 2)`), with what that spelling leaves out
/// filled in: a class instance without a `description` shows its stored properties
/// (`Bar(bar: 2, baaz: 3)`, not `Bar`), a NaN reads `NaN`, a reference cycle is cut
/// (`Node(...)`), and a long collection shows its first ``elementLimit`` elements and
/// its count. A value wider than the terminal breaks into one member a line, indented.
struct CompactValueRenderer {
    /// How many elements of a long collection are shown.
    static let elementLimit = 100

    private var objectPath: [ObjectIdentifier] = []

    /// The one-line text of `value`.
    mutating func render(_ value: Any) -> String {
        switch value {
        case let number as Double where number.isNaN: return "NaN"
        case let number as Float where number.isNaN: return "NaN"
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class? where !Self.describesItself(value):
            return renderObject(value as AnyObject, mirror: mirror)
        case .optional?:
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            if Self.needsOwnRendering(wrapped) { return "Optional(" + render(wrapped) + ")" }
        case .collection? where mirror.children.count > Self.elementLimit:
            let shown = mirror.children.prefix(Self.elementLimit).map { render($0.value) }
            return "[" + shown.joined(separator: ", ") + ", ...] (\(mirror.children.count) values)"
        case .collection? where mirror.children.contains { Self.needsOwnRendering($0.value) }:
            return "[" + mirror.children.map { render($0.value) }.joined(separator: ", ") + "]"
        default:
            break
        }
        return SwiftLabRuntime.removingCellModules(from: String(reflecting: value))
    }

    /// A class instance as `Type(member: value, ...)`, its superclasses' members first.
    private mutating func renderObject(_ object: AnyObject, mirror: Mirror) -> String {
        let name = SwiftLabRuntime.typeName(of: mirror.subjectType, style: .compact)
        let identity = ObjectIdentifier(object)
        if objectPath.contains(identity) { return name + "(...)" }
        objectPath.append(identity)
        defer { objectPath.removeLast() }
        var members: [String] = []
        var mirrors: [Mirror] = [mirror]
        while let superclass = mirrors.last?.superclassMirror { mirrors.append(superclass) }
        for level in mirrors.reversed() {
            for child in level.children {
                members.append((child.label.map { $0 + ": " } ?? "") + render(child.value))
            }
        }
        return name + "(" + members.joined(separator: ", ") + ")"
    }

    /// Whether `value` shows differently here than in `String(reflecting:)`.
    private static func needsOwnRendering(_ value: Any) -> Bool {
        switch value {
        case let number as Double: return number.isNaN
        case let number as Float: return number.isNaN
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class?: return !describesItself(value)
        case .optional?: return mirror.children.first.map { needsOwnRendering($0.value) } ?? false
        default: return false
        }
    }

    /// Whether `value` keeps Swift's own spelling: it describes itself, or it comes from
    /// the toolchain or SwiftLab's libraries (a `PassthroughSubject` reads as its type,
    /// not as its internals), while the learner's classes show what they hold.
    private static func describesItself(_ value: Any) -> Bool {
        if value is CustomStringConvertible || value is CustomDebugStringConvertible { return true }
        let name = String(reflecting: type(of: value))
        guard let dot = name.firstIndex(of: ".") else { return false }
        return libraryModules.contains(String(name[..<dot]))
    }

    /// The modules whose classes keep Swift's spelling.
    private static let libraryModules: Set<String> = [
        "Swift", "_Concurrency", "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch",
        "Pipelines", "Streams", "StreamsFoundation", "StreamsTesting", "SwiftLabRuntime",
    ]

    /// `line` broken one member a line, indented by two per level, at the commas and
    /// brackets outside string literals; `line` itself when it fits in `width` from
    /// `column` (where it starts; by default its indentation).
    static func wrapped(_ line: String, width: Int, indent: Int = 0, column: Int? = nil) -> String {
        guard (column ?? indent) + line.count > width, let (open, parts, close) = split(line) else { return line }
        if parts.count == 1 {
            // One member (`ArraySlice([...])`): its brackets stay with the outer ones.
            let inner = wrapped(parts[0], width: width, indent: indent, column: (column ?? indent) + open.count)
            if inner != parts[0] { return open + inner + close }
        }
        let pad = String(repeating: " ", count: indent + 2)
        let inner = parts.map { pad + wrapped($0, width: width, indent: indent + 2) }
        return open + "\n" + inner.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + close
    }

    /// `Name(a, b)` or `[a, b]` as (`Name(`, [`a`, `b`], `)`) when the brackets close at the
    /// end of `text` and the members are split at top-level commas.
    private static func split(_ text: String) -> (String, [String], String)? {
        let characters = Array(text)
        guard let last = characters.last, last == ")" || last == "]" else { return nil }
        guard let openIndex = characters.firstIndex(where: { $0 == "(" || $0 == "[" || $0 == "\"" }),
            characters[openIndex] != "\""
        else { return nil }
        var parts: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for index in (openIndex + 1)..<(characters.count - 1) {
            let character = characters[index]
            if inString {
                current.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"": inString = true
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "," where depth == 0:
                parts.append(current.trimmingLeadingSpaces())
                current = ""
                continue
            default: break
            }
            if depth < 0 { return nil }
            current.append(character)
        }
        guard depth == 0, !inString else { return nil }
        parts.append(current.trimmingLeadingSpaces())
        if parts.count == 1 && parts[0].isEmpty { return nil }
        return (String(characters[...openIndex]), parts, String(last))
    }
}

extension String {
    fileprivate func trimmingLeadingSpaces() -> String { String(drop { $0 == " " }) }
}
