// Prototype for issue 15: what a cell costs to compile through a swift-frontend process
// (swiftlab's path today) against the toolchain's in-process compiler kept warm
// (libsourcekitdInProc.so), for the cells of issue 15's session generated the way
// swiftlab generates them. Compiles only (the link is timed separately); no REPL. Linux
// x86_64 only (the target triple and swiftrt.o path are spelled out).
//
//   swift build -c release --product swiftlab   (for .build/release/Modules)
//   swift run -c release --package-path Benchmarks WarmCompilerPrototype [path/to/release-products]
//   ... WarmCompilerPrototype --bodies [path]: the body-reuse path (BodyGenerationTrial.swift)
import Foundation
import REPLBenchmarkSupport

let products = URL(
    fileURLWithPath: CommandLine.arguments.dropFirst().first { !$0.hasPrefix("--") } ?? ".build/release"
).standardizedFileURL
guard
    let swiftPath = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
        .map({ URL(fileURLWithPath: String($0)).appendingPathComponent("swift-frontend") })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })?.resolvingSymlinksInPath()
else {
    print("no swift-frontend on PATH")
    exit(1)
}
let bin = swiftPath.deletingLastPathComponent()
guard let sourceKit = SourceKitInProcess(toolchainBin: bin) else {
    print("libsourcekitdInProc.so not usable next to \(bin.path): nothing to compare")
    exit(0)
}
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("warm-compiler-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }
let moduleCache = scratch.appendingPathComponent("module-cache").path
if CommandLine.arguments.contains("--bodies") {
    // Inputs as bodies of one file the compiler keeps (BodyGenerationTrial.swift).
    try bodyGenerationTrial(products: products, sourceKit: sourceKit, scratch: scratch)
    try? FileManager.default.removeItem(at: scratch)
    exit(0)
}
let cellCount = 40

/// Cell `index` of the session as swiftlab generates it: a module importing every earlier
/// declaring cell; odd inputs declare `vN`, even ones evaluate an expression.
func cellSource(_ index: Int, importing declaring: [Int]) -> String {
    let imports = declaring.map { "@testable import Cell\($0)" }.joined(separator: "\n")
    let body: String
    let declaration: String
    if index == 0 {
        declaration = "@MainActor let xs = [1, 2, 3]"
        body = "SwiftLabRuntime.displayBinding(xs, named: \"xs\")"
    } else if index % 2 == 1 {
        declaration = "@MainActor let v\(index / 2 + 1) = xs.map { $0 * \(index / 2 + 1) }.reduce(0, +)"
        body = "SwiftLabRuntime.displayBinding(v\(index / 2 + 1), named: \"v\(index / 2 + 1)\")"
    } else {
        declaration = ""
        body = "SwiftLabRuntime.displayResult(xs.filter { $0 > \((index / 2) % 3) }.count)"
    }
    return """
        import Pipelines
        import Streams
        import SwiftLabRuntime
        \(imports)
        \(declaration)
        @MainActor func Cell\(index)_body() throws {
        \(body)
        }
        @_cdecl("cell\(index)_main") public func cell\(index)_main() { MainActor.assumeIsolated { try? Cell\(index)_body() } }
        """
}

/// Driver-style arguments compiling `module`'s file in `directory` to an object (and, when
/// `emitModule`, to a module later cells can import).
func arguments(module: String, directory: URL, emitModule: Bool) -> [String] {
    var arguments = [
        "-c", directory.appendingPathComponent("\(module).swift").path,
        "-o", directory.appendingPathComponent("\(module).o").path,
        "-module-name", module, "-parse-as-library", "-enable-testing",
        "-I", directory.path, "-I", products.appendingPathComponent("Modules").path,
        "-module-cache-path", moduleCache, "-Onone", "-gnone", "-swift-version", "6",
    ]
    if emitModule {
        arguments += [
            "-emit-module", "-emit-module-path", directory.appendingPathComponent("\(module).swiftmodule").path,
        ]
    }
    return arguments
}

/// Runs `command` (an absolute executable path first) and says whether it succeeded.
func run(_ command: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}

/// Compiles the session's cells, each through `compile`; returns ms per cell.
func session(named name: String, compile: (_ module: String, _ directory: URL) -> Bool) throws -> [Double] {
    let directory = scratch.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var declaring: [Int] = []
    var times: [Double] = []
    for index in 0..<cellCount {
        try cellSource(index, importing: declaring).write(
            to: directory.appendingPathComponent("Cell\(index).swift"), atomically: false, encoding: .utf8)
        let start = ContinuousClock.now
        guard compile("Cell\(index)", directory) else { fatalError("\(name): Cell\(index) failed") }
        times.append(milliseconds(since: start))
        if index == 0 || index % 2 == 1 { declaring.append(index) }
    }
    return times
}

// Warm the module cache (and the page cache) outside the timings.
_ = try session(named: "warm-up") { module, directory in
    run(
        [swiftPath.path, "-frontend", "-c", "-primary-file"]
            + arguments(module: module, directory: directory, emitModule: true).dropFirst())
}
// A: today: a swift-frontend process per cell.
let cpu0 = childrenCPUTime()
let processTimes = try session(named: "process") { module, directory in
    let frontendArguments = arguments(module: module, directory: directory, emitModule: true)
    return run(
        [
            swiftPath.path, "-frontend", "-c", "-primary-file", frontendArguments[1], "-target",
            "x86_64-unknown-linux-gnu",
            "-disable-objc-interop",
        ] + frontendArguments.dropFirst(2))
}
let processCPU = (childrenCPUTime() - cpu0) / Double(cellCount)
// B: the same cells through the warm in-process compiler (a new compile session per cell).
// PROTOTYPE_KEEP_SESSIONS=1 leaves every cell's compile session open (memory grows).
let closeSessions = ProcessInfo.processInfo.environment["PROTOTYPE_KEEP_SESSIONS"] != "1"
var firstWarm = 0.0
let selfCPU0 = selfCPUTime()
let warmModuleTimes = try session(named: "warm") { module, directory in
    let result = sourceKit.compile(
        session: module, arguments: arguments(module: module, directory: directory, emitModule: true))
    if !result.succeeded { print(result.response) }
    if closeSessions { sourceKit.close(session: module) }
    return result.succeeded
}
let warmCPU = (selfCPUTime() - selfCPU0) / Double(cellCount)
firstWarm = warmModuleTimes[0]
// C: one expression file recompiled with the same arguments, only its function body
// changing (what statements and expressions would cost if the imports stayed the same).
let bodyDirectory = scratch.appendingPathComponent("body")
try FileManager.default.createDirectory(at: bodyDirectory, withIntermediateDirectories: true)
try cellSource(0, importing: []).write(
    to: bodyDirectory.appendingPathComponent("Cell0.swift"), atomically: false, encoding: .utf8)
_ = sourceKit.compile(
    session: "Cell0", arguments: arguments(module: "Cell0", directory: bodyDirectory, emitModule: true))
// With a closure in the changed body, the reused compiler instance crashed in SILGen
// (signal 11, "While silgen closureexpr") on the second compile: off unless asked for.
// PROTOTYPE_BODY_CLOSURE=2 puts the closure in a statement of its own, outside the
// display call's argument.
let bodyClosure = ProcessInfo.processInfo.environment["PROTOTYPE_BODY_CLOSURE"] ?? "0"
func bodyStatement(_ index: Int) -> String {
    switch bodyClosure {
    case "1": return "SwiftLabRuntime.displayResult(xs.filter { $0 > \(index % 7) }.count + \(index))"
    case "2": return "let r = xs.filter { $0 > \(index % 7) }.count + \(index); SwiftLabRuntime.displayResult(r)"
    default: return "SwiftLabRuntime.displayResult(xs.count * \(index % 7) + \(index))"
    }
}
var bodyTimes: [Double] = []
for index in 0..<cellCount {
    let source = """
        import Pipelines
        import Streams
        import SwiftLabRuntime
        @testable import Cell0
        @MainActor func Expression_body() throws {
        \(bodyStatement(index))
        }
        @_cdecl("expression_main") public func expression_main() { MainActor.assumeIsolated { try? Expression_body() } }
        """
    try source.write(to: bodyDirectory.appendingPathComponent("Expression.swift"), atomically: false, encoding: .utf8)
    let start = ContinuousClock.now
    let result = sourceKit.compile(
        session: "Expression", arguments: arguments(module: "Expression", directory: bodyDirectory, emitModule: false))
    guard result.succeeded else { fatalError("body compile \(index + 1) failed: \(result.response)") }
    bodyTimes.append(milliseconds(since: start))
}
// The link each cell needs after any of them (today's fast-path link, one cell).
let linkDirectory = scratch.appendingPathComponent("process")
var linkTimes: [Double] = []
for index in 0..<10 {
    let start = ContinuousClock.now
    guard
        run([
            "/usr/bin/ld.gold", "-shared", "-o", linkDirectory.appendingPathComponent("libCell\(index).so").path,
            bin.deletingLastPathComponent().appendingPathComponent("lib/swift/linux/x86_64/swiftrt.o").path,
            linkDirectory.appendingPathComponent("Cell\(index).o").path,
            "-L", products.path, "-L", bin.deletingLastPathComponent().appendingPathComponent("lib/swift/linux").path,
            "-lSwiftLabCells",
        ])
    else { fatalError("link failed") }
    linkTimes.append(milliseconds(since: start))
}

let rows: [(String, [Double])] = [
    ("swift-frontend process per cell (today)", processTimes),
    ("warm in-process compiler, a module per cell", Array(warmModuleTimes.dropFirst())),
    ("warm in-process compiler, same file, body changed", Array(bodyTimes.dropFirst())),
]
print("| compile per cell (ms, wall) | median | first ten | last ten |\n|---|---:|---:|---:|")
for (name, times) in rows {
    let summary = Summary(values: times)
    print("| \(name) | \(format(summary.median)) | \(format(summary.firstTen)) | \(format(summary.lastTen)) |")
}
print(
    """

    First compile through the warm compiler (loads it): \(format(firstWarm)) ms; first body-change \
    compile: \(format(bodyTimes[0])) ms. CPU per cell: swift-frontend processes \(format(processCPU)) ms, \
    warm compiler (a module per cell, this process) \(format(warmCPU)) ms. \
    Link (ld.gold, one cell): median \(format(Summary.median(linkTimes))) ms. Peak RSS of this process \
    (the warm compiler): \(format(peakMiB())) MiB. Load average: \(loadAverage()).
    """)

/// User + system time of this process so far, in ms.
func selfCPUTime() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return milliseconds(of: usage)
}

func peakMiB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}
