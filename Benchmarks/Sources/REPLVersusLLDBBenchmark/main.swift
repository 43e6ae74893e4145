// swiftlab against LLDB's Swift REPL on issue 15's session (`let xs = [1, 2, 3]`, then
// alternately `let vN = xs.map { $0 * N }.reduce(0, +)` and `xs.filter { $0 > K }.count`),
// side by side in one run, swiftlab twice: as it runs (the warm compiler compiling cells)
// and with SWIFTLAB_WARM_COMPILER=0 (a swift-frontend process per input):
//  1. whole sessions of 1 and 41 inputs piped in, each process's cost from wait4 (its own
//     and its waited-for children's): per input = (41-input session - 1-input session) / 40,
//     wall and CPU, median of 3 pairs run in turn (each contender, then again);
//  2. one 501-input session driven an input at a time: per-input wall times (median, first
//     ten, last ten) and the peak resident set of every process after 100 and 500 inputs.
// LLDB is skipped with a note when it cannot start (it needs a Python 3.10: LLDB_PYTHON_HOME
// or pyenv's).
//
//   swift build -c release --product swiftlab && swift build -c release --product swiftlab-worker \
//     && swift build -c release --product SwiftLabCells && swift build -c release --product swiftlab-compile-server
//   swift run -c release --package-path Benchmarks REPLVersusLLDBBenchmark [path/to/swiftlab] [--long N]
import Foundation
import REPLBenchmarkSupport

var arguments = Array(CommandLine.arguments.dropFirst())
var longInputs = 500
if let flag = arguments.firstIndex(of: "--long"), flag + 1 < arguments.count, let value = Int(arguments[flag + 1]) {
    longInputs = value
    arguments.removeSubrange(flag...flag + 1)
}
let swiftlabPath = URL(fileURLWithPath: arguments.first ?? ".build/release/swiftlab").standardizedFileURL
guard FileManager.default.isExecutableFile(atPath: swiftlabPath.path) else {
    print("swiftlab not found at \(swiftlabPath.path): build it in release (see the comment above) or pass its path")
    exit(1)
}
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("swiftlab-vs-lldb-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

let cacheHome = scratch.appendingPathComponent("cache")
var contenders = [
    Contender.swiftlab(at: swiftlabPath, cacheHome: cacheHome),
    Contender.swiftlab(at: swiftlabPath, cacheHome: cacheHome, warmCompiler: false),
]
let (lldb, lldbProblem) = Contender.lldb()
var notes: [String] = []
if let lldb {
    // A REPL that starts but cannot evaluate (a broken Python) is skipped too.
    if (try? runWholeSession(lldb, script: ComparisonSession(count: 0).script, scratch: scratch)) != nil {
        contenders.append(lldb)
    } else {
        notes.append("LLDB skipped: `lldb --repl` did not run a one-input session")
    }
} else {
    notes.append("LLDB skipped: \(lldbProblem)")
}
// Warm-up, not counted: swiftlab's first start fills its module cache.
for contender in contenders {
    _ = try runWholeSession(contender, script: ComparisonSession(count: 0).script, scratch: scratch)
}

// 1. Whole sessions.
let short = ComparisonSession(count: 40)
var perInputWall: [[Double]] = Array(repeating: [], count: contenders.count)
var perInputCPU: [[Double]] = Array(repeating: [], count: contenders.count)
var oneInput: [[Double]] = Array(repeating: [], count: contenders.count)
var peakShort: [[Double]] = Array(repeating: [], count: contenders.count)
for round in 1...3 {
    for (index, contender) in contenders.enumerated() {
        let one = try runWholeSession(contender, script: ComparisonSession(count: 0).script, scratch: scratch)
        let many = try runWholeSession(contender, script: short.script, scratch: scratch)
        perInputWall[index].append((many.wall - one.wall) / Double(short.count))
        perInputCPU[index].append((many.cpu - one.cpu) / Double(short.count))
        oneInput[index].append(one.wall)
        peakShort[index].append(many.peakMiB)
        FileHandle.standardError.write(
            Data(
                "round \(round), \(contender.name): 1 input \(format(one.wall)) ms, 41 inputs \(format(many.wall)) ms\n"
                    .utf8))
    }
}

// 2. One long session each, an input at a time.
let long = ComparisonSession(count: longInputs)
let checkpoints: Set<Int> = [100, longInputs]
var interactive: [InteractiveRun] = []
for contender in contenders {
    interactive.append(try InteractiveRun(contender, session: long, peaksAfter: checkpoints))
    FileHandle.standardError.write(Data("\(contender.name): \(long.count + 1)-input session done\n".utf8))
}

let medianWall = perInputWall.map(Summary.median)
print(
    """
    Whole sessions (1 and 41 inputs, piped in; median of 3):

    | | per input, wall (ms) | per input, CPU (ms) | a one-input session (s) | peak RSS, 41 inputs (MiB) |
    |---|---:|---:|---:|---:|
    """)
for (index, contender) in contenders.enumerated() {
    print(
        "| \(contender.name) | \(format(medianWall[index])) | \(format(Summary.median(perInputCPU[index]))) | \(String(format: "%.2f", Summary.median(oneInput[index]) / 1000)) | \(format(Summary.median(peakShort[index]))) |"
    )
}
print(
    """

    One \(long.count + 1)-input session, an input at a time (ms, wall, inputs after `let xs`):

    | | median | first ten | last ten | last ten / first ten | CPU per input (all \(long.count + 1) inputs and start-up) |
    |---|---:|---:|---:|---:|---:|
    """)
for (index, contender) in contenders.enumerated() {
    let times = Summary(values: interactive[index].inputTimes)
    print(
        "| \(contender.name) | \(format(times.median)) | \(format(times.firstTen)) | \(format(times.lastTen)) | \(String(format: "%.2f", times.lastTen / times.firstTen)) | \(format(interactive[index].cpu / Double(long.count + 1))) |"
    )
}
print("\nPeak RSS of every process (MiB, VmHWM of each live process in the REPL's tree):\n")
for (index, contender) in contenders.enumerated() {
    for (after, processes) in interactive[index].peaks {
        let list = processes.map { "\($0.name) \(format($0.peakMiB))" }.joined(separator: ", ")
        print("- \(contender.name), after \(after) inputs: \(list)")
    }
}
if let lldbIndex = contenders.firstIndex(where: { $0.name.hasPrefix("LLDB") }) {
    for index in contenders.indices where index != lldbIndex {
        let ratio = String(format: "%.2f", medianWall[index] / medianWall[lldbIndex])
        print("\n\(contenders[index].name) / LLDB, per input (wall, median of 3): \(ratio) (target <= 0.85)")
    }
}
for note in notes { print(note) }
print("Load average at the end: \(loadAverage()).")
