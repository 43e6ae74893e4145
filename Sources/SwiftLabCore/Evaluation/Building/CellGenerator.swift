/// Turns one input into the source of a cell module.
///
/// - Declarations stay at file scope, `private` and `fileprivate` ones opened up
///   (``FileScopeAccess``); `let`/`var` become globals of the cell, marked `@MainActor`
///   as top-level variables are in a Swift 6 script (not in Swift 5), and the entry point
///   touches each new global in source order, because library globals are initialised
///   lazily and their side effects must happen when the input runs.
/// - Statements and expressions run in the entry point, on the main actor; a bare
///   expression is shown as `$RN: Type = value` where it runs, a new binding as
///   `name: Type = value` once the whole input has run (its value then, after the
///   results, as LLDB shows them); a later input names the result `$RN` (``ResultReferences``).
/// - Every item is preceded by `#sourceLocation(file: "input N", line: L)` and keeps its
///   columns, so the compiler's diagnostics point at what the learner typed. An item that
///   needs a generated line before it (`@MainActor`, the display call) gets a file of its
///   own, `input N.L` (``wrappedFileName(forInput:line:)``), in which the generated line is
///   line L and the item starts on line L + 1: ``DiagnosticMapper`` takes the one off, and
///   knows that a diagnostic on line L is about the generated line, not the learner's.
struct CellGenerator {
    /// What the session knows when a cell is generated.
    struct Context {
        /// The earlier accepted cells, oldest first: ``NarrowImports`` decides which of
        /// them the cell imports, ``CellImports`` how.
        var earlierCells: [GeneratedCell] = []
        /// Imports every earlier declaring cell, not only those that declare a name the
        /// input mentions (the retry when a narrow selection did not compile).
        var importsEveryEarlierCell = false
        /// Import items from earlier accepted cells, in order.
        var imports: [String] = []
        /// A transient cell (a lesson check) leaves the `$R` counter as it found it.
        var transient = false
        /// Shows every bare expression through the `async` display call, so that an
        /// `async` call the learner forgot to `await` gets the compiler's own message.
        var awaitsDisplays = false
        /// Prints the static type of each bare expression instead of its value, without
        /// evaluating it (`:type`).
        var showsTypesOnly = false
        /// The static types of the `$R` results the earlier cells showed, by number
        /// (see ``ResultReferences``).
        var results: [Int: String] = [:]
        /// Whether top-level variables are main-actor isolated, as in a Swift 6 script;
        /// in the Swift 5 language mode they are not (`swiftc -swift-version 5` lets a
        /// function read one).
        var isolatesGlobals = true
        /// Shows an error thrown by a bare expression written without `try` as LLDB does,
        /// `$E0: Problem = broken`, instead of leaving the compiler's error.
        var showsThrownErrors = false
    }

    /// Modules every cell imports: what learners use without writing an import.
    static let implicitImports = ["Pipelines", "Streams", "StreamsTesting", "SwiftLabRuntime"]
    /// The file name diagnostics and runtime messages give for input `number`.
    static func fileName(forInput number: Int) -> String { InputFileName.name(input: number) }
    /// The file name of an item on input line `line` that has a generated line before it.
    static func wrappedFileName(forInput number: Int, line: Int) -> String {
        InputFileName.name(input: number, itemLine: line)
    }

    private static let topLevelWrapper = "SwiftLabRuntime.topLevel("

    /// Generates cell `number` for `input`.
    static func generate(number: Int, input: ParsedInput, context: Context) -> GeneratedCell {
        let inputLines = input.text.split(separator: "\n", omittingEmptySubsequences: false)
        let moduleName = "Cell\(number)"
        let entry = "cell\(number)_main"
        let file = fileName(forInput: number)

        var fileScope: [String] = []
        var body: [String] = []
        // A binding is shown with its value after the whole input ran (`var x = 1; x += 1`
        // shows `x: Int = 2`), after the input's results, as in LLDB.
        var bindingDisplays: [String] = []
        var declarations: [GeneratedCell.Declaration] = []
        var extensions: [GeneratedCell.Extension] = []
        var newImports: [String] = []
        var shifts: [ColumnShift] = []
        var usesAwait = false
        var resultNumbers = Set<Int>()
        let ownAliases = input.cellItems.flatMap { WrittenType.aliasNames(in: $0.tokens) }
        let typeScope = WrittenType.Scope(visibleIn: input, after: context.earlierCells)

        func location(_ line: Int) -> String {
            "#sourceLocation(file: \"\(file)\", line: \(line))"
        }
        /// The location of the generated line before an item that starts on `line`.
        func wrapperLocation(_ line: Int) -> String {
            "#sourceLocation(file: \"\(wrappedFileName(forInput: number, line: line))\", line: \(line))"
        }
        /// A global's lines: `@MainActor` on the line before it where globals are isolated
        /// (so its columns stay), the item alone where they are not.
        func global(_ text: String, of item: TopLevelItem) -> [String] {
            guard context.isolatesGlobals else { return [location(item.line), text, "#sourceLocation()"] }
            return [wrapperLocation(item.line), "@MainActor", text, "#sourceLocation()"]
        }
        /// Blanks that put the item's first character at its input byte column.
        func padding(for item: TopLevelItem) -> String {
            guard item.line - 1 < inputLines.count else { return "" }
            let prefix = inputLines[item.line - 1].prefix(item.column - 1)
            return String(repeating: " ", count: prefix.utf8.count)
        }

        for original in input.cellItems {
            let references = ResultReferences(in: original, known: context.results)
            resultNumbers.formUnion(references.numbers)
            let cellItem = FileScopeAccess.opened(references.cellItem)
            let item = cellItem.item
            if context.awaitsDisplays || cellItem.tokens.contains(where: { $0.kind == .keyword && $0.text == "await" })
            {
                usesAwait = true
            }
            switch cellItem.kind {
            case .importDeclaration:
                newImports.append(item.text)
                fileScope += [location(item.line), padding(for: item) + item.text, "#sourceLocation()"]
            case .declaration(let name, let keyword):
                fileScope += [location(item.line), padding(for: item) + item.text, "#sourceLocation()"]
                if let name {
                    declarations.append(
                        .init(name: name, keyword: keyword, signature: FunctionSignature.of(cellItem.tokens)))
                }
                if let members = cellItem.extensionMembers { extensions.append(members) }
            case .binding where DeferredInitialization(cellItem) != nil:
                // `var x: Int`, given its value by a later input.
                let deferred = DeferredInitialization(cellItem)!
                fileScope += [
                    wrapperLocation(item.line),
                    context.isolatesGlobals ? "@MainActor \(deferred.storage); @MainActor" : deferred.storage + ";",
                    padding(for: item) + deferred.declaration, "#sourceLocation()",
                ]
                declarations.append(.init(name: deferred.name, keyword: "var"))
                bindingDisplays.append(
                    "SwiftLabRuntime.displayUninitialized(named: \"\(escaped(deferred.name))\","
                        + " writtenType: \"\(escaped(deferred.typeText))\")")
            case .binding where ComputedProperty(cellItem) != nil:
                // A declaration: its getter runs when read, not now.
                let property = ComputedProperty(cellItem)!
                fileScope += global(padding(for: item) + item.text, of: item)
                declarations.append(.init(name: property.name, keyword: "var"))
                bindingDisplays.append(
                    "SwiftLabRuntime.displayComputedProperty(named: \"\(escaped(property.name))\","
                        + " writtenType: \"\(escaped(property.writtenType))\")")
            case .binding where AwaitedBinding(cellItem) != nil:
                // `let r = await f()`: bound in the async body, kept for the global.
                let awaited = AwaitedBinding(cellItem)!
                let line = item.line + awaited.initializerLine
                let column = awaited.initializerColumn + (awaited.initializerLine == 0 ? padding(for: item).count : 0)
                fileScope += [
                    wrapperLocation(line), awaited.declarationLine(isolated: context.isolatesGlobals),
                    String(repeating: " ", count: column) + awaited.initializer, "}", "#sourceLocation()",
                ]
                declarations.append(.init(name: awaited.name, keyword: awaited.keyword))
                body += [
                    location(item.line), padding(for: item) + item.text, "#sourceLocation()",
                    "\(awaited.storage) = \(awaited.name)", "_ = \(awaited.name)",
                ]
                bindingDisplays.append(
                    "SwiftLabRuntime.displayBinding(\(awaited.name), named: \"\(escaped(awaited.name))\")")
            case .binding(let names, let keyword):
                let (text, shift) = wrappingThrowingInitializers(of: cellItem)
                shifts += shift
                let writtenTypes = WrittenType.bindingTypes(in: cellItem, scope: typeScope)
                fileScope += global(padding(for: item) + text, of: item)
                for name in names {
                    declarations.append(.init(name: name, keyword: keyword))
                    body.append("_ = \(name)")
                    let writtenType = writtenTypes[name].map { ", writtenType: \"\(escaped($0))\"" } ?? ""
                    bindingDisplays.append(
                        "SwiftLabRuntime.displayBinding(\(name), named: \"\(escaped(name))\"\(writtenType))")
                }
            case .statement:
                body += [location(item.line), padding(for: item) + item.text, "#sourceLocation()"]
            case .expression where ConsecutiveExpressions.present(in: cellItem.tokens):
                // `a b`: as a statement, so that the compiler's message is about the input.
                body += [location(item.line), padding(for: item) + item.text, "#sourceLocation()"]
            case .expression:
                // `try`/`await` on the call only when the learner wrote them, so that a
                // missing one is still the compiler's error.
                let keywords = Set(cellItem.tokens.filter { $0.kind == .keyword }.map(\.text))
                let awaits = keywords.contains("await") || context.awaitsDisplays
                let effects = (keywords.contains("try") ? "try " : "") + (awaits ? "await " : "")
                let catches = context.showsThrownErrors && !keywords.contains("try") && !context.showsTypesOnly
                let display =
                    context.showsTypesOnly
                    ? "SwiftLabRuntime.printStaticType(of:"
                    : (catches ? "do { try " : "") + effects + "SwiftLabRuntime.displayResult("
                let writtenType =
                    WrittenType.expressionType(of: cellItem, scope: typeScope)
                    .map { ", writtenType: \"\(escaped($0))\"" } ?? ""
                let end = catches ? ") } catch { SwiftLabRuntime.displayThrownError(error) }" : ")"
                body += [
                    wrapperLocation(item.line), display,
                    padding(for: item) + item.text, writtenType + end, "#sourceLocation()",
                ]
            }
        }

        var header = ["// swiftlab: input \(number), generated"]
        header += moduleImports(context: context, newImports: newImports)
        let selection =
            context.importsEveryEarlierCell
            ? nil : NarrowImports.modules(importedFrom: context.earlierCells, by: input.cellItems)
        let cellImports = CellImports.lines(
            earlier: context.earlierCells, declarations: declarations, extensions: extensions, importing: selection)
        header += cellImports
        if !resultNumbers.isEmpty {
            let wholeImports = Set(
                context.earlierCells.map(\.moduleName).filter { cellImports.contains("@testable import \($0)") })
            let namesInInput = Set(input.cellItems.flatMap { $0.tokens.filter { $0.kind == .identifier }.map(\.text) })
            for number in resultNumbers.sorted() {
                let accessor = ResultReferences.accessor(
                    of: number, type: context.results[number]!, wholeImports: wholeImports,
                    earlierCells: context.earlierCells, namesInInput: namesInInput)
                header += accessor.imports.filter { !header.contains($0) }
                fileScope.append(accessor.declaration)
            }
        }
        // Lets a later cell import the module without its names (see CellImports).
        let exports = input.cellItems.contains {
            switch $0.kind {
            case .declaration, .binding: return true
            default: return false
            }
        }
        let marker = exports ? "__SwiftLabCell\(number)" : nil
        if let marker { fileScope += ["enum \(marker) {}"] }

        let effects = usesAwait ? "async throws" : "throws"
        var entryBody = ["@MainActor func \(moduleName)_body() \(effects) {"]
        if context.transient {
            entryBody += [
                "let savedResultNumber = SwiftLabRuntime.nextResultNumber",
                "defer { SwiftLabRuntime.nextResultNumber = savedResultNumber }",
            ]
        }
        entryBody += body + bindingDisplays + ["}"]
        let call = usesAwait ? "try await \(moduleName)_body()" : "try \(moduleName)_body()"
        let run = """
            do { \(call) } catch { SwiftLabRuntime.reportUncaughtError(error) }
                    done()
            """
        let entryPoint: [String]
        if usesAwait {
            // Top-level `await`: the body runs as a main-actor task; the worker's run
            // loop runs it, and `done` tells the worker when it has finished.
            entryPoint = [
                "@_cdecl(\"\(entry)\") public func \(entry)(_ finished: @convention(c) () -> Void) {",
                "    nonisolated(unsafe) let done = finished",
                "    Task { @MainActor in",
                "        \(run)",
                "    }",
                "}",
            ]
        } else {
            entryPoint = [
                "@_cdecl(\"\(entry)\") public func \(entry)(_ finished: @convention(c) () -> Void) {",
                "    nonisolated(unsafe) let done = finished",
                "    MainActor.assumeIsolated {",
                "        \(run)",
                "    }",
                "}",
            ]
        }
        let source = (header + [""] + fileScope + [""] + entryBody + [""] + entryPoint).joined(separator: "\n") + "\n"
        return GeneratedCell(
            number: number, moduleName: moduleName, entrySymbol: entry, source: source,
            declarations: declarations, extensions: extensions, marker: marker,
            imports: newImports, exportsDeclarations: exports,
            columnShifts: shifts, typeAliasNames: ownAliases,
            functionReturnTypes: WrittenType.functionReturnTypes(in: input.cellItems),
            reachableNames: NarrowImports.reachableNames(declaredBy: input.cellItems),
            leavesOutEarlierCells: selection.map { selected in
                context.earlierCells.contains { $0.exportsDeclarations && !selected.contains($0.moduleName) }
            } ?? false)
    }

    /// The imports of the modules a cell sees besides the earlier cells: the implicit
    /// ones, those of earlier inputs, and StreamsFoundation when Foundation is imported
    /// (by earlier inputs or `newImports`, the cell's own).
    static func moduleImports(context: Context, newImports: [String] = []) -> [String] {
        var lines = implicitImports.map { "import \($0)" } + context.imports
        if (context.imports + newImports).contains(where: Self.importsFoundation) {
            // Streams' Foundation pieces come with Foundation, as they would with Combine.
            lines.append("import StreamsFoundation")
        }
        return lines
    }

    /// Whether an import item brings in Foundation.
    static func importsFoundation(_ importItem: String) -> Bool {
        SwiftLexer.tokenize(importItem).contains { $0.kind == .identifier && $0.text == "Foundation" }
    }

    /// `let x = try f()` cannot be a global initializer: the initializer becomes
    /// `SwiftLabRuntime.topLevel(try f())`, which traps on an error as a script does.
    private static func wrappingThrowingInitializers(of cellItem: CellItem) -> (String, [ColumnShift]) {
        let tokens = cellItem.tokens
        let start = DeclarationPrefix.end(in: tokens)
        var utf8 = Array(cellItem.item.text.utf8)
        var shifts: [ColumnShift] = []
        // Work from the last pattern backwards so earlier offsets stay valid.
        for range in CellItem.patternRanges(in: tokens, after: start).reversed() {
            var depth = 0
            var equals: Int?
            for index in range {
                let token = tokens[index]
                if token.kind == .punctuation {
                    if "([{".contains(token.text) { depth += 1 }
                    if ")]}".contains(token.text) { depth -= 1 }
                } else if depth == 0, token.kind == .operator, token.text == "=" {
                    equals = index
                    break
                }
            }
            guard let equals, equals + 1 < range.upperBound else { continue }
            let first = tokens[equals + 1]
            guard first.kind == .keyword, first.text == "try" else { continue }
            if equals + 2 < range.upperBound {
                let next = tokens[equals + 2]
                if next.kind == .operator, next.utf8Offset == first.utf8Offset + 3 { continue }  // try? try!
            }
            let last = tokens[range.upperBound - 1]
            let end = last.utf8Offset + last.text.utf8.count
            utf8.insert(contentsOf: Array(")".utf8), at: end)
            utf8.insert(contentsOf: Array(topLevelWrapper.utf8), at: first.utf8Offset)
            let lineText = cellItem.item.text.split(separator: "\n", omittingEmptySubsequences: false)[first.line - 1]
            var column = lineText.prefix(first.column - 1).utf8.count + 1
            if first.line == 1 { column += cellItem.item.column - 1 }
            shifts.append(
                ColumnShift(
                    line: cellItem.item.line + first.line - 1, column: column,
                    width: topLevelWrapper.utf8.count))
        }
        return (String(decoding: utf8, as: UTF8.self), shifts)
    }

    private static func escaped(_ name: String) -> String {
        name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
