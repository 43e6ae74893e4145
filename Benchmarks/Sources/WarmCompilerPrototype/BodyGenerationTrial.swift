// Issue 15's second prototype (`WarmCompilerPrototype --bodies`): inputs compiled as
// function bodies in one file the warm compiler keeps (what swiftlab's BodyGeneration
// does), against the same file compiled by a fresh compiler instance (for the diagnostics
// and the code, which must be the same) and against a module per cell (for the time).
// The file has `slots` functions `__input_k`, all empty but the current input's, and one
// entry point per slot before them; each input fills the next slot and empties the last,
// and a new generation (session name, new compiler instance) starts when the slots run
// out or after a compile that said anything. Environment:
//   PROTOTYPE_SET=qualifying|closure-free|torture   the inputs (default qualifying: no local names)
//   PROTOTYPE_SLOTS=N                  slots per generation (default 25)
//   PROTOTYPE_INPUTS=N                 inputs in a row (default 200)
//   PROTOTYPE_DYNAMIC_ISOLATION=1      keep Swift 6's dynamic isolation checks (crashes)
import Foundation
import REPLBenchmarkSupport

/// Inputs that declare no name and need no source location (swiftlab's BodyOnlyCode),
/// two of them broken on purpose.
let qualifyingInputs =
    [
        "xs.filter { $0 > 1 }.count", "xs.map { $0 * 2 }.reduce(0, +)",
        "xs.flatMap { [$0, $0 * 10] }.filter { $0 % 2 == 0 }.map { \"\\($0)\" }",
        "Dictionary(grouping: xs) { $0 % 2 }.count", "xs.map(String.init)", "xs.sorted { $0 > $1 }",
        "xs.lazy.map { $0 * 2 }.filter { $0 > 2 }.reduce(0, +)", "xs[5]", "xs.contains { xs.contains($0 + 1) }",
        "xs.filter { $0 > \"a\" }.count", "undefinedName + xs.count",
    ].map { "SwiftLabRuntime.displayResult(\($0))" } + [
        "print(\"first \\(xs.first ?? 0), tags \\(xs.map { \"<\\($0)>\" })\")"
    ]
/// Qualifying inputs without a closure (for the dynamic isolation checks, which crash only
/// in closures).
let closureFreeInputs =
    [
        "xs.count", "xs.reduce(0, +)", "xs.map(String.init)", "xs.first ?? 0", "xs[5]", "undefinedName + xs.count",
        "xs.sorted(by: >)", "Array(xs.reversed())", "xs.max() ?? -1", "xs.count > 2 ? \"many\" : \"few\"",
    ].map { "SwiftLabRuntime.displayResult(\($0))" } + ["print(\"first \\(xs.first ?? 0)\")"]
/// Inputs a learner types that declare local names or need a source location.
let tortureInputs = [
    "xs.map { x in xs.filter { $0 > x }.map { $0 * x }.reduce(0, +) }", "var total = 0\nxs.forEach { total += $0 }",
    "let r = xs.count * 2\nlet s = r + 1\nprint(s)", "defer { print(\"bye\") }\nprint(\"hi\")",
    "do { throw CancellationError() } catch { print(error) }", "guard let f = xs.first else { fatalError() }\nprint(f)",
    "if let m = xs.max() { print(m) }", "switch xs.count {\ncase let n where n > 2: print(n)\ndefault: break\n}",
    "for i in 0..<3 where i % 2 == 0 { print(i) }", "Int(\"7\")! + xs.count", "precondition(xs.count == 3)",
    "let xs = [9]\nprint(xs)",
]

/// Runs the trial and prints its table (see the comment at the top of this file).
func bodyGenerationTrial(products: URL, sourceKit: SourceKitInProcess, scratch: URL) throws {
    let environment = ProcessInfo.processInfo.environment
    let inputs =
        switch environment["PROTOTYPE_SET"] {
        case "torture": tortureInputs
        case "closure-free": closureFreeInputs
        default: qualifyingInputs
        }
    let slots = Int(environment["PROTOTYPE_SLOTS"] ?? "") ?? 25
    let count = Int(environment["PROTOTYPE_INPUTS"] ?? "") ?? 200
    let dynamicIsolation = environment["PROTOTYPE_DYNAMIC_ISOLATION"] == "1"
    let directory = scratch.appendingPathComponent("bodies")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let moduleCache = scratch.appendingPathComponent("module-cache").path
    let freshDirectory = directory.appendingPathComponent("fresh")
    try FileManager.default.createDirectory(at: freshDirectory, withIntermediateDirectories: true)
    func flags(_ module: String) -> [String] {
        [
            "-module-name", module, "-parse-as-library", "-I", directory.path,
            "-I", products.appendingPathComponent("Modules").path, "-module-cache-path", moduleCache,
            "-Onone", "-gnone", "-swift-version", "6",
        ] + (dynamicIsolation ? [] : ["-Xfrontend", "-disable-dynamic-actor-isolation"])
    }
    func arguments(_ module: String, file: String) -> [String] {
        ["-c", directory.appendingPathComponent(file).path, "-o", directory.appendingPathComponent("\(file).o").path]
            + flags(module)
    }
    // Cell1 declares `xs`, as swiftlab's first input would.
    try "import SwiftLabRuntime\n@MainActor let xs = [1, 2, 3]\n".write(
        to: directory.appendingPathComponent("Cell1.swift"), atomically: false, encoding: .utf8)
    guard
        sourceKit.compile(
            session: "Cell1",
            arguments: arguments("Cell1", file: "Cell1.swift") + [
                "-enable-testing",
                "-emit-module", "-emit-module-path", directory.appendingPathComponent("Cell1.swiftmodule").path,
            ]
        ).succeeded
    else { fatalError("Cell1 failed") }
    sourceKit.close(session: "Cell1")
    let header = ["import Pipelines", "import Streams", "import SwiftLabRuntime", "@testable import Cell1", ""]
    func statements(_ input: String, number: Int) -> [String] {
        ["#sourceLocation(file: \"input \(number)\", line: 1)", input, "#sourceLocation()"]
    }
    // The layout of swiftlab's BodyGeneration: one function runs a slot, one small entry
    // point per slot calls it, then the slots' functions.
    func generationFile(module: String, slot: Int, body: [String]) -> String {
        var lines = header + ["@MainActor func __run(slot: Int) throws {", "    switch slot {"]
        lines += (1...slots).map { "    case \($0): try __input_\($0)()" } + ["    default: break", "    }", "}"]
        lines += [
            "func __enter(slot: Int, _ finished: @convention(c) () -> Void) {",
            "    nonisolated(unsafe) let done = finished",
            "    MainActor.assumeIsolated {",
            "        do { try __run(slot: slot) } catch { SwiftLabRuntime.reportUncaughtError(error) }",
            "        done()", "    }", "}",
        ]
        lines += (1...slots).map {
            "@_cdecl(\"\(module)_slot\($0)\") public func \(module)_slot\($0)(_ finished: @convention(c) () -> Void) { __enter(slot: \($0), finished) }"
        }
        for index in 1...slots {
            lines +=
                index == slot
                ? ["@MainActor func __input_\(index)() throws {"] + body + ["}"]
                : ["@MainActor func __input_\(index)() throws {}"]
        }
        return lines.joined(separator: "\n") + "\n"
    }
    func cellFile(module: String, body: [String]) -> String {
        (header + ["@MainActor func \(module)_body() throws {"] + body + ["}"]
            + [
                "@_cdecl(\"\(module)_main\") public func \(module)_main() { MainActor.assumeIsolated { try? \(module)_body() } }"
            ])
            .joined(separator: "\n") + "\n"
    }
    func disassembly(_ object: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/objdump")
        process.arguments = ["-d", "-r", "--no-show-raw-insn", directory.appendingPathComponent(object).path]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst(2).joined(separator: "\n")
    }
    func diagnosticCount(_ response: String) -> Int { response.components(separatedBy: "key.severity").count - 1 }

    var generation = 0
    var slot = slots
    var bodyTimes: [Double] = []
    var bodyCPU: [Double] = []
    var moduleTimes: [Double] = []
    var moduleCPU: [Double] = []
    var newGenerationTimes: [Double] = []
    var sameCode = 0
    var differentCode = 0
    var sameVerdict = 0
    var wrongErrors = 0
    var wrongSuccesses = 0
    var renewals = 0
    for index in 0..<count {
        let number = index + 2
        let input = inputs[index % inputs.count]
        if slot == slots {
            if generation > 0 { sourceKit.close(session: "Bodies\(generation)") }
            generation += 1
            slot = 0
        }
        slot += 1
        let module = "Bodies\(generation)"
        let body = statements(input, number: number)
        let source = generationFile(module: module, slot: slot, body: body)
        try source.write(to: directory.appendingPathComponent("\(module).swift"), atomically: false, encoding: .utf8)
        var start = ContinuousClock.now
        var cpu = processCPUTime()
        let kept = sourceKit.compile(session: module, arguments: arguments(module, file: "\(module).swift"))
        if slot == 1 {
            newGenerationTimes.append(milliseconds(since: start))
        } else {
            bodyTimes.append(milliseconds(since: start))
            bodyCPU.append(processCPUTime() - cpu)
        }
        // The same file through a fresh compiler instance: what the body must equal.
        // (the same file name in another directory: `#fileID` strings must not differ)
        try source.write(
            to: freshDirectory.appendingPathComponent("\(module).swift"), atomically: false, encoding: .utf8)
        let fresh = sourceKit.compile(
            session: "Fresh\(index)", arguments: arguments(module, file: "fresh/\(module).swift"))
        sourceKit.close(session: "Fresh\(index)")
        // The input as a module of its own (swiftlab's other path), for the time.
        let cell = "Cell\(number)"
        try cellFile(module: cell, body: body).write(
            to: directory.appendingPathComponent("\(cell).swift"), atomically: false, encoding: .utf8)
        start = ContinuousClock.now
        cpu = processCPUTime()
        _ = sourceKit.compile(session: cell, arguments: arguments(cell, file: "\(cell).swift") + ["-enable-testing"])
        sourceKit.close(session: cell)
        moduleTimes.append(milliseconds(since: start))
        moduleCPU.append(processCPUTime() - cpu)

        let quiet = kept.succeeded && diagnosticCount(kept.response) == 0
        if kept.succeeded == fresh.succeeded && diagnosticCount(kept.response) == diagnosticCount(fresh.response) {
            sameVerdict += 1
        } else if !kept.succeeded {
            wrongErrors += 1
        } else {
            wrongSuccesses += 1
        }
        if quiet, fresh.succeeded {
            let (keptCode, freshCode) = (disassembly("\(module).swift.o"), disassembly("fresh/\(module).swift.o"))
            if keptCode == freshCode {
                sameCode += 1
            } else {
                differentCode += 1
                if let path = environment["PROTOTYPE_KEEP_DIFFERENCES"] {
                    try keptCode.write(toFile: "\(path)/kept-\(number).txt", atomically: false, encoding: .utf8)
                    try freshCode.write(toFile: "\(path)/fresh-\(number).txt", atomically: false, encoding: .utf8)
                }
            }
        }
        if !quiet {
            // Never trusted after it said anything: a new generation for the next input.
            slot = slots
            renewals += 1
        }
    }
    print(
        """
        Bodies in one kept file (\(environment["PROTOTYPE_SET"] ?? "qualifying") inputs, \(count) in a row, \
        \(slots) slots, dynamic isolation checks \(dynamicIsolation ? "on" : "off")):
        same verdict and diagnostic count as a fresh compile: \(sameVerdict); wrong errors: \(wrongErrors); \
        wrong successes: \(wrongSuccesses); quiet successes with the fresh compile's code: \(sameCode), \
        with other code: \(differentCode); generations renewed after a diagnostic: \(renewals)
        | compile per input (ms) | median, wall | CPU (median) |
        |---|---:|---:|
        | body in the kept file (reused instance) | \(format(Summary.median(bodyTimes))) | \(format(Summary.median(bodyCPU))) |
        | first body of a generation (new instance) | \(format(Summary.median(newGenerationTimes))) | |
        | a module per cell (new instance each) | \(format(Summary.median(moduleTimes))) | \(format(Summary.median(moduleCPU))) |
        Load average: \(loadAverage()).
        """)
}

/// User + system time of this process so far (every thread: sourcekitd compiles on its own), in ms.
func processCPUTime() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return milliseconds(of: usage)
}
