// Recovery after a trap and after a stopped endless loop, with 5 and with 120 earlier
// inputs: the input is ended inside the worker, so neither should grow with the session
// (a worker restarted and fed the earlier inputs again took 1.1 s after 9 inputs and
// 2.2 s after 114).
//
// Each round runs `[1][5]` (a trap in the standard library), `[1][0]` (the same input
// without the trap) and `while true {}` under `--timeout 0.2`, and reads the REPL's own
// `run` figure (`:time`). The trap's recovery is its run time less the plain input's;
// it includes locating the trap's line in the input (llvm-symbolizer on the cell's library,
// which is compiled with line tables). The loop's recovery is its run time less the 200 ms
// timeout. The plain input's `compile` figure shows what the line tables cost every input.
//
//   swift build -c release   (swiftlab, swiftlab-worker, SwiftLabCells)
//   swift run -c release --package-path Benchmarks REPLRecoveryBenchmark [path/to/swiftlab]
import Foundation
import REPLBenchmarkSupport

let arguments = CommandLine.arguments.dropFirst()
let swiftlab = URL(fileURLWithPath: arguments.first ?? ".build/release/swiftlab").standardizedFileURL
guard FileManager.default.isExecutableFile(atPath: swiftlab.path) else {
    print("swiftlab not found at \(swiftlab.path): build it with `make run` or pass its path")
    exit(1)
}
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("swiftlab-recovery-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

/// The `run N ms` figure of a `[compile ... ms, run N ms]` line.
func runMilliseconds(_ line: String) -> Double {
    guard let range = line.range(of: "run "), let end = line.range(of: " ms]") else { return .nan }
    return Double(line[range.upperBound..<end.lowerBound]) ?? .nan
}

/// The `compile N ms` figure of a `[compile N ms, run ... ms]` line.
func compileMilliseconds(_ line: String) -> Double {
    guard let range = line.range(of: "[compile "), let end = line.range(of: " ms,") else { return .nan }
    return Double(line[range.upperBound..<end.lowerBound]) ?? .nan
}

let timeout = 0.2
let rounds = 7
print(
    "earlier inputs | trap run | plain run | trap recovery | plain compile | loop stopped after the timeout (medians of \(rounds), ms)"
)
for earlier in [5, 120] {
    let driver = try REPLDriver(
        swiftlab: swiftlab, cacheHome: scratch.appendingPathComponent("cache"),
        arguments: ["--timeout", String(timeout)])
    for index in 1...earlier {
        _ = driver.evaluate("let value\(index) = \(index)")
    }
    var trap: [Double] = []
    var plain: [Double] = []
    var compile: [Double] = []
    var loop: [Double] = []
    for _ in 0..<rounds {
        trap.append(runMilliseconds(driver.evaluate("[1][5]", failing: true).line))
        let plainLine = driver.evaluate("[1][0]").line
        plain.append(runMilliseconds(plainLine))
        compile.append(compileMilliseconds(plainLine))
        loop.append(runMilliseconds(driver.evaluate("while true {}", failing: true).line) - timeout * 1000)
    }
    driver.finish()
    let trapMedian = Summary(values: trap).median
    let plainMedian = Summary(values: plain).median
    print(
        String(
            format: "%14d | %8.0f | %9.0f | %13.0f | %13.0f | %5.0f (max %.0f)", earlier, trapMedian, plainMedian,
            trapMedian - plainMedian, Summary(values: compile).median, Summary(values: loop).median,
            Summary(values: loop).max))
}
