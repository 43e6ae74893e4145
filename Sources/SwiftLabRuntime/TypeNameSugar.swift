/// Turns the runtime's spelling of a type (`Array<Optional<Int>>`) into the sugared form
/// the compiler prints in diagnostics (`[Int?]`).
enum TypeNameSugar {
    /// The sugared spelling of `name`, a type name as `String(reflecting:)` gives it, with
    /// module qualifiers removed (`Swift.Array<Cell3.Point>` becomes `[Point]`).
    /// `dictionarySeparator` goes between a dictionary's key and value types: `": "` as
    /// the compiler writes it, `" : "` as LLDB does. `keepsModules` keeps the module of a
    /// type that neither the standard library nor the learner declared, as LLDB does
    /// (`_StringProcessing.Regex<_StringProcessing.AnyRegexOutput>`, `Foundation.Date`).
    static func sugared(_ name: String, dictionarySeparator: String = ": ", keepsModules: Bool = false) -> String {
        var parser = Parser(
            characters: Array(name), dictionarySeparator: dictionarySeparator, keepsModules: keepsModules)
        let result = parser.parseList(until: nil)
        // Anything the parser did not consume (an unexpected spelling) is kept as it was.
        return parser.atEnd ? result.joined(separator: ", ") : name
    }

    /// A type as the learner's source spells it (`Optional<Celsius>`, `[String:C]`,
    /// `Swift.Int`), as the compiler prints it: sugared, one space after a comma,
    /// the style's separator between a dictionary's key and value types, without `Swift.`, but with every
    /// other qualifier, which names a nested type here (`Foo.X`), not a module.
    static func sugaredWrittenType(_ written: String, style: DisplayStyle) -> String {
        let compacted = written.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var parser = Parser(
            characters: Array(compacted), dictionarySeparator: style == .lldb ? " : " : ": ",
            keepsQualifiers: true)
        let result = parser.parseList(until: nil)
        return parser.atEnd ? result.joined(separator: ", ") : compacted
    }

    private struct Parser {
        let characters: [Character]
        let dictionarySeparator: String
        /// Whether `A.B` stays as it is (a written type) instead of losing its module.
        var keepsQualifiers = false
        /// Whether a module other than `Swift` or a cell's stays (LLDB's spelling).
        var keepsModules = false
        var index = 0

        var atEnd: Bool { index >= characters.count }

        /// Comma-separated types up to `terminator` (not consumed).
        mutating func parseList(until terminator: Character?) -> [String] {
            var items: [String] = []
            while !atEnd, characters[index] != terminator {
                items.append(parseType(stoppingAt: terminator))
                if !atEnd, characters[index] == "," {
                    index += 1
                    skipSpaces()
                }
            }
            return items
        }

        /// One type: a run of text in which `Name<...>` groups are sugared, up to a comma
        /// or the terminator at this nesting level.
        mutating func parseType(stoppingAt terminator: Character?) -> String {
            var text = ""
            var word = ""
            while !atEnd {
                let character = characters[index]
                if character == "-", index + 1 < characters.count, characters[index + 1] == ">" {
                    text += unqualified(word) + "->"
                    word = ""
                    index += 2
                    continue
                }
                if character == "," || character == terminator { break }
                if character == "<" {
                    index += 1
                    let arguments = parseList(until: ">")
                    index += 1  // ">"
                    text += sugar(unqualified(word), arguments)
                    word = ""
                    continue
                }
                if character == "(" || character == "[" {
                    index += 1
                    let closing: Character = character == "(" ? ")" : "]"
                    var inner = parseList(until: closing)
                    index += 1
                    if character == "[", inner.count == 1, let colon = Self.topLevelColon(in: inner[0]) {
                        // A dictionary written `[K:V]` or `[K : V]`.
                        let key = inner[0][..<colon].trimmingSpaces
                        let value = inner[0][inner[0].index(after: colon)...].trimmingSpaces
                        inner = [key + dictionarySeparator + value]
                    }
                    text += unqualified(word) + String(character) + inner.joined(separator: ", ") + String(closing)
                    word = ""
                    continue
                }
                if character.isLetter || character.isNumber || character == "_" || character == "." {
                    word.append(character)
                } else {
                    text += unqualified(word) + String(character)
                    word = ""
                }
                index += 1
            }
            return text + unqualified(word)
        }

        /// `Module.Name.Nested` without its module: `Name.Nested`.
        func unqualified(_ word: String) -> String {
            if keepsQualifiers {
                return word.hasPrefix("Swift.") ? String(word.dropFirst("Swift.".count)) : word
            }
            guard let dot = word.firstIndex(of: "."), let first = word.first, first.isLetter || first == "_" else {
                return word
            }
            if keepsModules, !Self.isStandardLibraryOrCell(module: word[..<dot]) { return word }
            return String(word[word.index(after: dot)...])
        }

        /// `Swift`, a cell's module (`Cell3`) or a script's (`main`): modules LLDB does not
        /// name (its own cells are `__lldb_expr_N`).
        static func isStandardLibraryOrCell(module: Substring) -> Bool {
            if module == "Swift" || module == "main" { return true }
            guard module.hasPrefix("Cell") else { return false }
            let digits = module.dropFirst("Cell".count)
            return !digits.isEmpty && digits.allSatisfy(\.isNumber)
        }

        mutating func skipSpaces() {
            while !atEnd, characters[index] == " " { index += 1 }
        }

        func sugar(_ head: String, _ arguments: [String]) -> String {
            switch (head, arguments.count) {
            case ("Array", 1):
                return "[\(arguments[0])]"
            case ("Dictionary", 2):
                return "[\(arguments[0])\(dictionarySeparator)\(arguments[1])]"
            case ("Optional", 1):
                let wrapped = arguments[0]
                return needsParentheses(wrapped) ? "(\(wrapped))?" : "\(wrapped)?"
            case _ where Self.lazyAdaptors.contains(head) && !arguments.isEmpty && !Self.isLazy(arguments[0]):
                // `[1, 2].lazy.map { ... }` has the static type
                // `LazyMapSequence<LazySequence<[Int]>.Elements, Int>`; the runtime only knows
                // that `Elements` is the base, `[Int]`. The compiler and LLDB name the alias.
                let base = "LazySequence<\(arguments[0])>.Elements"
                return "\(head)<\(([base] + arguments.dropFirst()).joined(separator: ", "))>"
            default:
                return "\(head)<\(arguments.joined(separator: ", "))>"
            }
        }

        /// The lazy adaptors whose first generic argument is the sequence they adapt, which
        /// `.lazy.map`, `.lazy.filter` and the like pass as `LazySequence<Base>.Elements`.
        static let lazyAdaptors: Set<String> = [
            "LazyMapSequence", "LazyFilterSequence", "LazyDropWhileSequence", "LazyPrefixWhileSequence",
        ]

        /// Whether `type` is already a lazy view (`LazySequence<[Int]>`, `LazyMapSequence<...>`),
        /// so an adaptor over it was not made from `.lazy` on a plain base.
        static func isLazy(_ type: String) -> Bool {
            type.hasPrefix("Lazy")
        }

        /// The `:` between a dictionary's key and value types, outside brackets.
        static func topLevelColon(in type: String) -> String.Index? {
            var depth = 0
            var previous: Character = " "
            for index in type.indices {
                switch type[index] {
                case "(", "[", "<": depth += 1
                case ")", "]": depth -= 1
                case ">" where previous != "-": depth -= 1
                case ":" where depth == 0: return index
                default: break
                }
                previous = type[index]
            }
            return nil
        }

        /// Function types, existentials and compositions need parentheses before `?`.
        func needsParentheses(_ type: String) -> Bool {
            var depth = 0
            var previous: Character = " "
            for character in type {
                switch character {
                case "(", "[", "<": depth += 1
                case ")", "]": depth -= 1
                case ">" where previous != "-": depth -= 1
                case ">" where depth == 0: return true  // "->"
                case "&" where depth == 0: return true
                default: break
                }
                previous = character
            }
            return type.hasPrefix("any ") || type.hasPrefix("some ")
        }
    }
}

extension Substring {
    /// Without the spaces at either end.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
