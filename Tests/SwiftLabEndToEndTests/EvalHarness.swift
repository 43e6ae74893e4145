import Foundation
import TestWaiting

@testable import SwiftLabCore

/// Runs `swiftlab` non-interactively on a list of inputs, and builds the transcript the
/// REPL should show from the real compiler: the inputs compiled as one Swift script, the
/// static types of displayed values taken from the compiler's own diagnostics, and the
/// values from running that script.
enum EvalHarness {
    /// The environment of a swiftlab started at a pseudo-terminal in these tests: an xterm,
    /// no colour, the shared (warm) module cache, and a history of its own.
    static func terminalEnvironment() -> [String: String] {
        [
            "TERM": "xterm", "HOME": cacheHome.path, "NO_COLOR": "1",
            "XDG_CACHE_HOME": cacheHome.path,
            "XDG_STATE_HOME": cacheHome.appendingPathComponent("state-\(UUID().uuidString)").path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
    }

    /// The build directory holding swiftlab, its worker and the cell library.
    static let products = CellLibrary.besideExecutable()

    /// A cache directory of this test run's own, so tests never touch ~/.cache; removed
    /// when the test process exits.
    static let cacheHome: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("swiftlab-e2e-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: EvalHarness.cacheHome) }
        return url
    }()

    struct Run {
        /// What the process wrote: for swiftlab (``runREPL(_:arguments:environment:pauses:)``)
        /// its standard output, the transcript; for other programs stdout and stderr, in
        /// order of arrival.
        var output: String
        var status: Int32
        /// What swiftlab wrote on standard error (notices such as the first-start one);
        /// empty for other programs, whose stderr is part of ``output``.
        var errors = ""
    }

    /// Runs swiftlab once so that the module cache is warm: pseudo-terminal tests wait for
    /// prompts, and should not wait for the first start's warm-up. Transcript tests do not
    /// use it, so that whichever runs first checks a cold start too.
    static let prepared: Bool = {
        _ = try? runREPL([":quit"])
        return true
    }()

    /// Runs swiftlab with `inputs` on standard input, one after another.
    /// Input `i` is written only once standard output shows `waitingFor[i]` (an event, not
    /// a pause: the machine may be slow). The transcript is what it writes on standard
    /// output; standard error is kept apart (``Run/errors``).
    static func runREPL(
        _ inputs: [String], arguments: [String] = [], environment: [String: String] = [:],
        waitingFor: [Int: String] = [:]
    ) throws -> Run {
        var chunks: [(after: String?, text: String)] = []
        for (index, input) in inputs.enumerated() {
            if index == 0 || waitingFor[index] != nil {
                chunks.append((waitingFor[index], input + "\n"))
            } else {
                chunks[chunks.count - 1].text += input + "\n"
            }
        }
        return try run(
            [products.directory.appendingPathComponent("swiftlab").path] + arguments,
            chunks: chunks,
            environment: ["XDG_CACHE_HOME": cacheHome.path, "NO_COLOR": "1"].merging(environment) { _, new in new },
            separatingErrors: true)
    }

    /// Runs a process to its end with `input` on stdin; stdout and stderr are merged.
    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Run {
        try run(arguments, chunks: [(nil, input)], environment: environment)
    }

    /// Runs a process to its end, writing each chunk to its stdin once its stdout contains
    /// the chunk's `after` text (at once when it has none);
    /// with `separatingErrors`, stderr goes to ``Run/errors`` instead of ``Run/output``.
    static func run(
        _ arguments: [String], chunks: [(after: String?, text: String)],
        environment: [String: String], separatingErrors: Bool = false
    ) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = separatingErrors ? Pipe() : stdout
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read on a thread of its own, so that a full stderr pipe cannot stall the process.
        let errorData = Locked(Data())
        let errorsRead = Signal()
        if separatingErrors {
            Thread {
                let data = stderr.fileHandleForReading.readDataToEndOfFile()
                errorData.withLock { $0 = data }
                errorsRead.signal()
            }.start()
        }
        // Standard output is read as it comes, so the writer can wait for what it shows.
        let outputData = Locked(Data())
        let outputEnded = Signal()
        Thread {
            while case let data = stdout.fileHandleForReading.availableData, !data.isEmpty {
                outputData.withLock { $0.append(data) }
            }
            outputEnded.signal()
        }.start()
        let writer = Thread {
            for chunk in chunks {
                if let after = chunk.after {
                    waitUntil { outputData.withLock { String(decoding: $0, as: UTF8.self).contains(after) } }
                }
                stdin.fileHandleForWriting.write(Data(chunk.text.utf8))
            }
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        outputEnded.wait()
        let data = outputData.withLock { $0 }
        process.waitUntilExit()
        var errors = ""
        if separatingErrors {
            errorsRead.wait()
            errors = String(decoding: errorData.withLock { $0 }, as: UTF8.self)
        }
        return Run(output: String(decoding: data, as: UTF8.self), status: process.terminationStatus, errors: errors)
    }

    // MARK: - The equivalent program

    /// One value the REPL displays: a bare expression (`$RN`) or a binding (its name).
    struct Display {
        var input: Int
        var expression: String
        var name: String?
    }

    /// A Swift script equivalent to a session.
    struct Script {
        var inputs: [String]

        /// Inputs that redeclare a name open a nested `do` scope, where Swift allows the
        /// shadowing the REPL allows between inputs.
        var scopedInputs: [(text: String, opensScope: Bool)] {
            var declared = Set<String>()
            return inputs.map { input in
                let names = SwiftLexer.topLevelItems(in: input).flatMap { item -> [String] in
                    switch CellItem(item).kind {
                    case .binding(let names, _): return names
                    case .declaration(let name?, _): return [name]
                    default: return []
                    }
                }
                let opens = names.contains { declared.contains($0) }
                declared.formUnion(names)
                return (input, opens)
            }
        }

        /// The displays of each input, in order: its bare expressions where they run, then
        /// its bindings, with their values once the whole input has run (as LLDB shows them).
        var displays: [[Display]] {
            inputs.enumerated().map { index, input in
                let kinds = SwiftLexer.topLevelItems(in: input).map { ($0, CellItem($0).kind) }
                let results = kinds.compactMap { item, kind -> Display? in
                    guard case .expression = kind else { return nil }
                    return Display(input: index, expression: item.text, name: nil)
                }
                let bindings = kinds.flatMap { _, kind -> [Display] in
                    guard case .binding(let names, _) = kind else { return [] }
                    return names.map { Display(input: index, expression: $0, name: $0) }
                }
                return results + bindings
            }
        }

        /// The script with `body(inputIndex, displays)` text after each input.
        func source(after body: (Int, [Display]) -> [String], replacingExpressions: Bool) -> (String, [Int: Int]) {
            var lines = [
                "import Pipelines", "import Streams",
                // swiftlab shows an instance of a class declared in the session (with no
                // description of its own) with its stored properties: `Counter(count: 0)`.
                "func __show<T>(_ value: T) {",
                "    let mirror = Mirror(reflecting: value)",
                "    if mirror.displayStyle == .class, !(value is CustomStringConvertible),",
                "       !(value is CustomDebugStringConvertible), String(reflecting: type(of: value)).hasPrefix(\"main.\") {",
                "        let members = mirror.children.map { \"\\($0.label!): \\(String(reflecting: $0.value))\" }",
                "        print(\"\\u{1}\\(type(of: value))(\" + members.joined(separator: \", \") + \")\")",
                "    } else {",
                "        print(\"\\u{1}\" + String(reflecting: value))",
                "    }",
                "}",
            ]
            var openScopes = 0
            var lineOfInput: [Int: Int] = [:]
            let allDisplays = displays
            for (index, entry) in scopedInputs.enumerated() {
                if entry.opensScope {
                    lines.append("do {")
                    openScopes += 1
                }
                lineOfInput[index] = lines.count + 1
                if replacingExpressions {
                    var bindingShows: [String] = []
                    for item in SwiftLexer.topLevelItems(in: entry.text) {
                        lines.append(CellItem(item).kind == .expression ? "__show(\(item.text))" : item.text)
                        if case .binding(let names, _) = CellItem(item).kind {
                            bindingShows += names.map { "__show(\($0))" }
                        }
                    }
                    lines += bindingShows
                } else {
                    lines.append(entry.text)
                }
                lines += body(index, allDisplays[index])
            }
            lines += Array(repeating: "}", count: openScopes)
            return (lines.joined(separator: "\n") + "\n", lineOfInput)
        }
    }

    /// Compiler flags that make the library cells use available to a script.
    static var libraryFlags: [String] {
        [
            "-swift-version", "6", "-I", products.modulesDirectory.path, "-L", products.directory.path,
            "-lSwiftLabCells", "-Xlinker", "-rpath", "-Xlinker", products.directory.path,
            "-module-cache-path", cacheHome.appendingPathComponent("reference-module-cache").path,
        ]
    }

    static var swiftc: String { Toolchain.locate()!.driver.path }

    /// Writes `source` as `main.swift` in a fresh directory and compiles it (or type-checks
    /// it); returns the compiler's output and the executable.
    static func compile(_ source: String, typecheckOnly: Bool = false) throws -> (output: String, executable: URL?) {
        let directory = cacheHome.appendingPathComponent("program-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("main.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let executable = directory.appendingPathComponent("main")
        let mode = typecheckOnly ? ["-typecheck"] : ["-o", executable.path]
        let result = try run([swiftc, file.path] + mode + libraryFlags)
        return (result.output, result.status == 0 && !typecheckOnly ? executable : nil)
    }

    /// The static type of each display, from the compiler: each displayed expression is
    /// assigned to a `Void` constant, and the type named in the error is its type (`nil`
    /// when there is no error: the value is `()`, which the REPL does not show).
    static func staticTypes(of script: Script) throws -> [[String?]] {
        var probeLines: [Int: (input: Int, display: Int)] = [:]
        var lineCount = 0
        let (source, _) = script.source(
            after: { index, displays in
                displays.enumerated().map { offset, display in
                    "let _: Void = (\(display.expression))" + " // probe \(index) \(offset)"
                }
            }, replacingExpressions: false)
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            lineCount = number + 1
            guard let marker = line.range(of: " // probe ") else { continue }
            let parts = line[marker.upperBound...].split(separator: " ").compactMap { Int($0) }
            probeLines[number + 1] = (parts[0], parts[1])
        }
        _ = lineCount
        let output = try compile(source, typecheckOnly: true).output
        var types = script.displays.map { Array(repeating: String?.none, count: $0.count) }
        for line in output.split(separator: "\n") {
            guard let header = DiagnosticMapper.parseHeader(line), header.severity == .error,
                let probe = probeLines[header.line], types[probe.input][probe.display] == nil
            else { continue }
            types[probe.input][probe.display] = canonicalTypeName(fromMessage: header.message)
        }
        return types
    }

    /// The type a "cannot convert value of type 'T' ..." message names, preferring the
    /// canonical spelling the compiler gives after "aka", in the REPL's sugared form.
    static func canonicalTypeName(fromMessage message: String) -> String {
        let quoted = message.split(separator: "'", omittingEmptySubsequences: false)
        guard quoted.count >= 3 else { return message }
        var name = String(quoted[1])
        if quoted.count >= 5, quoted[2].hasSuffix("(aka ") { name = String(quoted[3]) }
        return sugar(name)
    }

    /// `Array<T>` -> `[T]`, `Optional<T>` -> `T?`, `Dictionary<K, V>` and `[K : V]` -> `[K: V]`:
    /// the test's own rendering of the compiler's spelling, independent of SwiftLabRuntime's.
    static func sugar(_ name: String) -> String {
        var text = name.replacingOccurrences(of: " : ", with: ": ")
        let rules: [(String, (String) -> String)] = [
            ("Array<", { "[\($0)]" }),
            ("Optional<", { $0.contains("->") || $0.hasPrefix("any ") ? "(\($0))?" : "\($0)?" }),
            (
                "Dictionary<",
                { inner in
                    let comma = topLevelComma(in: inner)!
                    return "[\(inner[..<comma]): \(inner[inner.index(comma, offsetBy: 2)...])]"
                }
            ),
        ]
        var changed = true
        while changed {
            changed = false
            for (prefix, rewrite) in rules {
                guard let start = text.range(of: prefix),
                    start.lowerBound == text.startIndex || !text[text.index(before: start.lowerBound)].isLetter
                else { continue }
                var depth = 1
                var index = start.upperBound
                while depth > 0 {
                    if text[index] == "<" { depth += 1 }
                    if text[index] == ">", text[text.index(before: index)] != "-" { depth -= 1 }
                    if depth > 0 { index = text.index(after: index) }
                }
                let inner = String(text[start.upperBound..<index])
                text.replaceSubrange(start.lowerBound...index, with: rewrite(inner))
                changed = true
            }
        }
        return text
    }

    private static func topLevelComma(in text: String) -> String.Index? {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            case "," where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    /// The transcript the REPL should show for inputs that all compile and run: the
    /// script's output, with each displayed value turned into `name: Type = value`.
    static func expectedTranscript(for inputs: [String]) throws -> String {
        let script = Script(inputs: inputs)
        let types = try staticTypes(of: script)
        // Values whose type is `()` are not displayed: keep them as plain statements.
        var shown = script
        shown.inputs = inputs
        let (source, _) = script.source(after: { _, _ in [] }, replacingExpressions: true)
        let voidExpressions = Set(
            zip(script.displays.joined(), types.joined()).filter { $0.1 == nil }.map { $0.0.expression })
        let filteredSource = source.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("__show("), voidExpressions.contains(String(line.dropFirst(7).dropLast())) {
                return String(line.dropFirst(7).dropLast())
            }
            return String(line)
        }.joined(separator: "\n")
        let compiled = try compile(filteredSource)
        guard let executable = compiled.executable else {
            throw HarnessError.referenceDidNotCompile(compiled.output)
        }
        let output = try run([executable.path]).output
        var displays = zip(script.displays.joined(), types.joined()).filter { $0.1 != nil }.makeIterator()
        var resultNumber = 0
        var transcript = ""
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            guard line.hasPrefix("\u{1}") else {
                transcript += line + "\n"
                continue
            }
            guard let (display, type) = displays.next() else { throw HarnessError.displayMismatch(String(line)) }
            let name = display.name ?? "$R\(resultNumber)"
            if display.name == nil { resultNumber += 1 }
            let value = SwiftLabRuntimeMirror.removingModules(from: String(line.dropFirst()))
            transcript += "\(name): \(type!) = \(value)\n"
        }
        return transcript
    }

    enum HarnessError: Error {
        case referenceDidNotCompile(String)
        case displayMismatch(String)
    }

    /// What one input does when run on its own after `setup` as a script: its output
    /// and the runtime's message if it traps.
    static func referenceRun(setup: [String], input: String) throws -> (
        output: String, fatalMessage: String?, status: Int32
    ) {
        let source = (["import Pipelines", "import Streams"] + setup + [input]).joined(separator: "\n") + "\n"
        let compiled = try compile(source)
        guard let executable = compiled.executable else { throw HarnessError.referenceDidNotCompile(compiled.output) }
        // stdbuf keeps the output printed before a trap (a pipe would buffer it).
        let result = try run(
            ["/usr/bin/stdbuf", "-oL", executable.path], environment: ["SWIFT_BACKTRACE": "enable=no"])
        let fatal = result.output.split(separator: "\n").first { $0.contains("Fatal error") }
            .map { line -> String in
                let range = line.range(of: "Fatal error")!
                return String(line[range.lowerBound...])
            }
        return (result.output, fatal, result.status)
    }
}

/// The test's own removal of module qualifiers from a reference value (`main.P(a: 1)`).
enum SwiftLabRuntimeMirror {
    static func removingModules(from text: String) -> String {
        var result = ""
        var inString = false
        var escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if inString {
                result.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                index = text.index(after: index)
                continue
            }
            if character == "\"" { inString = true }
            let boundary =
                index == text.startIndex
                || !(text[text.index(before: index)].isLetter
                    || text[text.index(before: index)].isNumber || text[text.index(before: index)] == ".")
            // A type declared in a nested scope (the script's stand-in for shadowing).
            if text[index...].hasPrefix("(unknown context at "), let close = text[index...].range(of: ").") {
                index = close.upperBound
                continue
            }
            if boundary {
                let rest = text[index...]
                if rest.hasPrefix("main.") {
                    index = text.index(index, offsetBy: 5)
                    continue
                }
                if rest.hasPrefix("Swift.") {
                    index = text.index(index, offsetBy: 6)
                    continue
                }
            }
            // A type declared again in a later input is local to a `do` scope in the
            // script: `main.(unknown context at $5632ae9d60d0).E.b`.
            if text[index...].hasPrefix("(unknown context at $"), let close = text[index...].firstIndex(of: ")"),
                text.index(after: close) < text.endIndex, text[text.index(after: close)] == "."
            {
                index = text.index(close, offsetBy: 2)
                continue
            }
            result.append(character)
            index = text.index(after: index)
        }
        return result
    }
}
