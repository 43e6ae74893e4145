// REPL latency: a 100-input session run through swiftlab's non-interactive mode, each
// input timed from writing it to the end of its output; in the same run, each input
// compiled and run the way it would be without the REPL, as a stand-alone program with
// swiftc (the inputs up to it, since each depends on the earlier ones).
//
//   swift build -c release --product swiftlab   (also swiftlab-worker and SwiftLabCells)
//   swift run -c release --package-path Benchmarks REPLLatencyBenchmark [path/to/swiftlab]
import Foundation
import REPLBenchmarkSupport

let arguments = CommandLine.arguments.dropFirst()
let swiftlab = URL(fileURLWithPath: arguments.first ?? ".build/release/swiftlab").standardizedFileURL
guard FileManager.default.isExecutableFile(atPath: swiftlab.path) else {
    print("swiftlab not found at \(swiftlab.path): build it with `make run` or pass its path")
    exit(1)
}
let products = swiftlab.deletingLastPathComponent()
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("swiftlab-latency-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

// A fresh cache: the first start warms it before the first input, outside the timings.
let driver = try REPLDriver(swiftlab: swiftlab, cacheHome: scratch.appendingPathComponent("cache"))
var repl: [Double] = []
var standalone: [Double] = []
var standaloneCPU = 0.0
let cpuAtStart = childrenCPUTime()

/// Compiles and runs the inputs up to `index` as one program with swiftc.
@MainActor func runStandalone(upTo index: Int) throws -> Double {
    let file = scratch.appendingPathComponent("program\(index)/main.swift")
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let source = (["import Pipelines", "import Streams"] + SessionScript.inputs[...index]).joined(separator: "\n")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let executable = file.deletingLastPathComponent().appendingPathComponent("main")
    let start = ContinuousClock.now
    let cpuStart = childrenCPUTime()
    defer { standaloneCPU += childrenCPUTime() - cpuStart }
    for command in [
        [
            "swiftc", "-swift-version", "6", "-Onone", file.path, "-o", executable.path,
            "-I", products.appendingPathComponent("Modules").path, "-L", products.path, "-lSwiftLabCells",
            "-Xlinker", "-rpath", "-Xlinker", products.path,
            "-module-cache-path", scratch.appendingPathComponent("standalone-module-cache").path,
        ],
        [executable.path],
    ] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { fatalError("stand-alone program \(index) failed: \(command[0])") }
    }
    return milliseconds(since: start)
}

// Warm the stand-alone module cache too, so neither side pays a first-import cost.
_ = try runStandalone(upTo: 0)
standaloneCPU = 0
for (index, input) in SessionScript.inputs.enumerated() {
    let (wall, line) = driver.evaluate(input)
    repl.append(wall)
    standalone.append(try runStandalone(upTo: index))
    if index % 10 == 9 {
        FileHandle.standardError.write(
            Data(
                "input \(index + 1): repl \(format(wall)) ms \(line), stand-alone \(format(standalone.last!)) ms\n".utf8
            ))
    }
}
driver.finish()
// swiftlab waits for its compiler, linker and worker processes, so their CPU time is in
// swiftlab's, which is ours once it has ended (the warm-up start included).
let replCPU = childrenCPUTime() - cpuAtStart - standaloneCPU
let count = Double(SessionScript.inputs.count)

let r = Summary(values: repl)
let s = Summary(values: standalone)
print(
    """
    | per input (ms, wall) | median | p95 | max | first ten (median) | last ten (median) |
    |---|---|---|---|---|---|
    | swiftlab (100 inputs) | \(format(r.median)) | \(format(r.p95)) | \(format(r.max)) | \(format(r.firstTen)) | \(format(r.lastTen)) |
    | swiftc + run, stand-alone | \(format(s.median)) | \(format(s.p95)) | \(format(s.max)) | \(format(s.firstTen)) | \(format(s.lastTen)) |

    CPU time per input (mean; user + system of every process involved): swiftlab \(format(replCPU / count)) ms \
    (including its start and module-cache warm-up), stand-alone \(format(standaloneCPU / count)) ms. \
    Load average at the end: \(loadAverage()).

    Ratios: swiftlab median / stand-alone median = \(String(format: "%.2f", r.median / s.median)) (target <= 0.4); \
    last ten / first ten = \(String(format: "%.2f", r.lastTen / r.firstTen)) (target <= 1.25).
    """)
