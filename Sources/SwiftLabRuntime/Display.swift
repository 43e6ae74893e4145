// Result display for compiled cells, in the form the LLDB REPL uses:
// `$R0: [Int] = [2, 4, 6]` for a bare expression, `xs: [Int] = [1, 2, 3]` for a binding.
// The REPL's code generator calls these; learners never do.

extension SwiftLabRuntime {
    /// The number the next displayed result gets (`$R0`, `$R1`, ...).
    ///
    /// It lives in the worker process, so a worker that replays earlier cells after a
    /// restart arrives at the same number.
    nonisolated(unsafe) public static var nextResultNumber = 0

    // The values are taken as autoclosures: a plain generic parameter would open an
    // existential (`any Shape` would show as the dynamic type), and the static type is
    // what the learner should see.

    /// Prints a bare expression's value as `$RN: Type = value`; prints nothing for `()`.
    ///
    /// - Parameters:
    ///   - value: the expression the learner typed.
    ///   - writtenType: the type as the learner's source names it, when that keeps a type
    ///     alias the runtime's type would lose (`Foo.X(0)`); see ``describe(_:named:style:width:writtenType:)``.
    public static func displayResult<T>(_ value: @autoclosure () throws -> T, writtenType: String? = nil) rethrows {
        show(try value(), writtenType: writtenType)
    }

    /// Prints the value of a bare expression that uses `await` (see ``displayResult(_:)``).
    ///
    /// Main-actor isolated, as the cells that call it are, so the closure never crosses
    /// an isolation boundary.
    @MainActor
    public static func displayResult<T>(
        _ value: @autoclosure () async throws -> T,
        writtenType: String? = nil
    ) async rethrows {
        show(try await value(), writtenType: writtenType)
    }

    private static func show<T>(_ value: T, writtenType: String?) {
        if T.self == Void.self { return }
        let number = nextResultNumber
        nextResultNumber += 1
        keepResult(value, number: number)
        startLine()
        print(RichOutput.result(describe(value, named: "$R\(number)", style: displayStyle, writtenType: writtenType)))
        displayPictures(of: value)
    }

    /// Prints a new binding as `name: Type = value`.
    ///
    /// - Parameters:
    ///   - value: the bound value.
    ///   - name: the name the learner bound it to.
    ///   - writtenType: the type as the learner's source names it, when that keeps a type
    ///     alias (`let t: Celsius = 20`).
    public static func displayBinding<T>(_ value: @autoclosure () -> T, named name: String, writtenType: String? = nil)
    {
        let shown = value()
        startLine()
        print(RichOutput.result(describe(shown, named: name, style: displayStyle, writtenType: writtenType)))
        displayPictures(of: shown)
    }

    /// Prints a top-level computed property as LLDB does, `name: Type = <computed property>`,
    /// without running its getter.
    public static func displayComputedProperty(named name: String, writtenType: String) {
        startLine()
        print(
            RichOutput.result(
                "\(name): \(TypeNameSugar.sugaredWrittenType(writtenType, style: displayStyle)) = <computed property>"))
    }

    /// The number the next error shown as a result gets (`$E0`, `$E1`, ...).
    nonisolated(unsafe) public static var nextErrorNumber = 0

    /// Prints an error thrown by a bare expression written without `try` as LLDB does,
    /// `$E0: Problem = broken`, with the error's own type.
    public static func displayThrownError(_ error: any Error) {
        func describeOpened<E: Error>(_ error: E) -> String {
            describe(error, named: "$E\(nextErrorNumber)", style: displayStyle)
        }
        startLine()
        print(RichOutput.result(describeOpened(error)))
        nextErrorNumber += 1
    }

    /// Prints a top-level `var name: Type` that has no value yet as LLDB does: a number
    /// as `0`, a `Bool` as `false` (the zeroed memory LLDB reads), anything else as
    /// `<uninitialized>`.
    public static func displayUninitialized(named name: String, writtenType: String) {
        let zeroes = [
            "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        ]
        let type = TypeNameSugar.sugaredWrittenType(writtenType, style: displayStyle)
        let value = zeroes.contains(type) ? "0" : type == "Bool" ? "false" : "<uninitialized>"
        startLine()
        print(RichOutput.result("\(name): \(type) = \(value)"))
    }

    /// `name: Type = value` in the current ``displayStyle``, with the type sugared and cell
    /// module prefixes removed.
    public static func describe<T>(_ value: T, named name: String) -> String {
        describe(value, named: name, style: displayStyle)
    }

    /// `name: Type = value` in `style`: ``DisplayStyle/compact`` keeps the static type and
    /// Swift's spelling (breaking a line wider than `width`, by default the terminal's,
    /// one member a line);
    /// ``DisplayStyle/lldb`` shows an existential's dynamic type and LLDB's format.
    ///
    /// The runtime's type has no type aliases (`Celsius` is `Double` to it): a
    /// `writtenType` (the static type as the learner's source spells it, `Celsius?`,
    /// `Foo.X`) is shown instead, sugared the same way, except for an existential.
    public static func describe<T>(
        _ value: T, named name: String, style: DisplayStyle, width: Int? = nil,
        writtenType: String? = nil
    ) -> String {
        let written =
            isExistential(T.self) ? nil : writtenType.map { TypeNameSugar.sugaredWrittenType($0, style: style) }
        switch style {
        case .lldb:
            // `value as Any` opens an existential, so `type(of:)` gives the dynamic type.
            let type = isExistential(T.self) ? Swift.type(of: value as Any) : T.self
            var renderer = LLDBValueRenderer()
            return "\(name): \(written ?? typeName(of: type, style: .lldb)) = \(renderer.render(value))"
        case .compact:
            var renderer = CompactValueRenderer()
            let prefix = "\(name): \(written ?? typeName(of: T.self)) = "
            let text = renderer.render(value)
            guard let width = width ?? displayWidth else { return prefix + text }
            return prefix + CompactValueRenderer.wrapped(text, width: width, column: prefix.count)
        }
    }

    /// The name of a type as the compiler prints it: `[Int]`, `[String: Int]`, `Int?`,
    /// and user types without the module of the cell that declared them.
    public static func typeName<T>(of type: T.Type) -> String {
        typeName(of: type, style: .compact)
    }

    /// The name of a type as the compiler (``DisplayStyle/compact``) or LLDB
    /// (``DisplayStyle/lldb``: `[String : Int]`) prints it.
    static func typeName(of type: Any.Type, style: DisplayStyle) -> String {
        let name = TypeNameSugar.sugared(String(reflecting: type), dictionarySeparator: style == .lldb ? " : " : ": ")
        // An existential's metatype is `P.Protocol`: the compiler spells the type `any P`.
        // (Existentials nested in other types, `[any P]`, show as `[P]`.)
        return isExistential(type) && name != "Any" && name != "AnyObject" ? "any " + name : name
    }

    static func isExistential(_ type: Any.Type) -> Bool {
        String(describing: Swift.type(of: type)).hasSuffix(".Protocol")
    }

    /// Removes the `CellN.` module qualifier that `String(reflecting:)` puts before the
    /// types the learner declared (and `Swift.` before the standard library's), outside
    /// string literals.
    public static func removingCellModules(from text: String) -> String {
        let characters = Array(text)
        var result = ""
        var index = 0
        var inString = false
        while index < characters.count {
            let character = characters[index]
            if inString {
                result.append(character)
                if character == "\\", index + 1 < characters.count {
                    result.append(characters[index + 1])
                    index += 2
                    continue
                }
                if character == "\"" { inString = false }
                index += 1
                continue
            }
            if character == "\"" {
                inString = true
            } else if let end = cellQualifierEnd(in: characters, at: index) {
                index = end
                continue
            }
            result.append(character)
            index += 1
        }
        return result
    }

    /// When `Cell<digits>.` or `Swift.` starts at `index` on an identifier boundary, the
    /// index after the dot.
    private static func cellQualifierEnd(in characters: [Character], at index: Int) -> Int? {
        if index > 0,
            characters[index - 1].isLetter || characters[index - 1].isNumber
                || characters[index - 1] == "_" || characters[index - 1] == "."
        {
            return nil
        }
        let swift: [Character] = ["S", "w", "i", "f", "t", "."]
        if index + swift.count < characters.count, Array(characters[index..<index + swift.count]) == swift {
            return index + swift.count
        }
        let prefix: [Character] = ["C", "e", "l", "l"]
        guard index + prefix.count < characters.count,
            Array(characters[index..<index + prefix.count]) == prefix
        else { return nil }
        var end = index + prefix.count
        while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
        guard end > index + prefix.count, end < characters.count, characters[end] == "." else { return nil }
        return end + 1
    }
}

extension SwiftLabRuntime {
    /// Prints the static type of an expression without evaluating it (`:type`), as
    /// `writtenType` when the source names an alias (see ``displayResult(_:writtenType:)``).
    public static func printStaticType<T>(of value: @autoclosure () throws -> T, writtenType: String? = nil) {
        let written =
            isExistential(T.self) ? nil : writtenType.map { TypeNameSugar.sugaredWrittenType($0, style: .compact) }
        print(written ?? typeName(of: T.self))
    }
}
