// Issue 31: the time from Enter to the result for a person typing, swiftlab against LLDB's
// Swift REPL. Issue 15's session (`let xs = [1, 2, 3]`, then alternately
// `let vN = xs.map { $0 * N }.reduce(0, +)` and `xs.filter { $0 > K }.count`) is typed into
// each REPL at a pseudo-terminal as a quick typist types: a key every 70 ms, Enter 180 ms
// after the last key, the next input 300 ms after the prompt is back. swiftlab runs twice, compiling
// while the learner types (as it does by default) and without (`SWIFTLAB_SPECULATE=0`).
// The first three inputs warm each REPL up (swiftlab's warm compiler loads after the first
// one) and are not counted; then, for each measured input, the time from writing Enter to
// the line that ends its output, and the CPU time of the REPL's whole process tree (from
// /proc, processes that ended included) over the measured inputs. Contenders take turns,
// round after round. LLDB is skipped with a note when it cannot start (it needs a
// Python 3.10: LLDB_PYTHON_HOME or pyenv's).
//
//   swift build -c release --product swiftlab && swift build -c release --product swiftlab-worker \
//     && swift build -c release --product SwiftLabCells && swift build -c release --product swiftlab-compile-server
//   swift run -c release --package-path Benchmarks REPLTypingBenchmark [path/to/swiftlab] [--inputs N] [--rounds R]
import Foundation
import REPLBenchmarkSupport

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String, default value: Int) -> Int {
    guard let flag = arguments.firstIndex(of: name), flag + 1 < arguments.count, let number = Int(arguments[flag + 1])
    else { return value }
    arguments.removeSubrange(flag...flag + 1)
    return number
}
let measuredInputs = option("--inputs", default: 16)
let rounds = option("--rounds", default: 1)
let swiftlabPath = URL(fileURLWithPath: arguments.first ?? ".build/release/swiftlab").standardizedFileURL
guard FileManager.default.isExecutableFile(atPath: swiftlabPath.path) else {
    print("swiftlab not found at \(swiftlabPath.path): build it in release (see the comment above) or pass its path")
    exit(1)
}

/// A quick typist's pace (issue 31).
let keyInterval = 70.0
let enterAfterLastKey = 180.0
let readingTheResult = 300.0
let warmUpInputs = 3

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("swiftlab-typing-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }
let cacheHome = scratch.appendingPathComponent("cache")

@MainActor func atTerminal(_ contender: Contender, speculating: Bool? = nil) -> Contender {
    var contender = contender
    contender.environment["TERM"] = "xterm"
    contender.environment["XDG_STATE_HOME"] = scratch.appendingPathComponent("state").path
    if let speculating {
        contender.environment["SWIFTLAB_SPECULATE"] = speculating ? "1" : "0"
        contender.name = speculating ? "swiftlab, compiling while typing" : "swiftlab, SWIFTLAB_SPECULATE=0"
    }
    return contender
}
var contenders = [
    atTerminal(Contender.swiftlab(at: swiftlabPath, cacheHome: cacheHome), speculating: true),
    atTerminal(Contender.swiftlab(at: swiftlabPath, cacheHome: cacheHome), speculating: false),
]
let (lldb, lldbProblem) = Contender.lldb()
if let lldb { contenders.append(atTerminal(lldb)) } else { print("LLDB skipped: \(lldbProblem)") }

let session = ComparisonSession(count: warmUpInputs - 1 + measuredInputs)

/// One session typed into `contender`: Enter-to-result of each measured input, and the CPU
/// time of its process tree over them, per input.
@MainActor func typeSession(into contender: Contender) throws -> (enterToResult: [Double], cpuPerInput: Double) {
    let terminal = try TypingTerminal(
        executable: contender.executable, arguments: contender.arguments, environment: contender.environment)
    terminal.waitForPrompt(contender.name)
    if let preamble = contender.preamble {
        terminal.type(preamble.input + "\r")
        _ = terminal.waitForLine(contender.name) { $0 == preamble.acknowledgement }
        terminal.waitForPrompt(contender.name)
    }
    var times: [Double] = []
    var cpuBefore = 0.0
    for (index, text) in session.inputs.enumerated() {
        if index == warmUpInputs {
            // The warm compiler's start (about a second of CPU) is not an input's cost.
            terminal.pause(milliseconds: 2000)
            cpuBefore = processTreeCPU(root: terminal.processID)
        }
        for character in text {
            terminal.type(String(character))
            terminal.pause(milliseconds: keyInterval)
        }
        terminal.pause(milliseconds: enterAfterLastKey - keyInterval)
        let start = ContinuousClock.now
        terminal.type("\r")
        _ = terminal.waitForLine(contender.name) { contender.endsInput($0, index) }
        if index >= warmUpInputs { times.append(milliseconds(since: start)) }
        terminal.waitForPrompt(contender.name)
        terminal.pause(milliseconds: readingTheResult)
    }
    let cpu = (processTreeCPU(root: terminal.processID) - cpuBefore) / Double(measuredInputs)
    _ = terminal.finish()
    return (times, cpu)
}

// A first start fills swiftlab's module cache: not counted.
let swiftlabAtTerminal = atTerminal(Contender.swiftlab(at: swiftlabPath, cacheHome: cacheHome))
let firstStart = try TypingTerminal(
    executable: swiftlabAtTerminal.executable, arguments: [], environment: swiftlabAtTerminal.environment)
firstStart.type(":time\r")
_ = firstStart.waitForLine("swiftlab") { $0 == "Timing is on." }
_ = firstStart.finish()

var enterToResult: [[Double]] = Array(repeating: [], count: contenders.count)
var cpuPerInput: [[Double]] = Array(repeating: [], count: contenders.count)
for round in 1...rounds {
    for (index, contender) in contenders.enumerated() {
        let run = try typeSession(into: contender)
        enterToResult[index] += run.enterToResult
        cpuPerInput[index].append(run.cpuPerInput)
        FileHandle.standardError.write(
            Data(
                "round \(round), \(contender.name): median \(format(Summary.median(run.enterToResult))) ms, CPU \(format(run.cpuPerInput)) ms per input\n"
                    .utf8))
    }
}

print(
    """
    Typed at a pseudo-terminal (a key every \(Int(keyInterval)) ms, Enter \(Int(enterAfterLastKey)) ms after the last key), \(measuredInputs) inputs x \(rounds) round(s) each:

    | | Enter to result, median (ms) | p95 (ms) | max (ms) | CPU per input (ms) |
    |---|---:|---:|---:|---:|
    """)
for (index, contender) in contenders.enumerated() {
    let summary = Summary(values: enterToResult[index])
    print(
        "| \(contender.name) | \(format(summary.median)) | \(format(summary.p95)) | \(format(summary.max)) | \(format(Summary.median(cpuPerInput[index]))) |"
    )
}
if let lldbIndex = contenders.firstIndex(where: { $0.name.hasPrefix("LLDB") }) {
    let lldbMedian = Summary.median(enterToResult[lldbIndex])
    for index in contenders.indices where index != lldbIndex {
        let ratio = String(format: "%.2f", Summary.median(enterToResult[index]) / lldbMedian)
        print("\n\(contenders[index].name) / LLDB, Enter to result (median): \(ratio) (target <= 0.5)")
    }
}
print("Load average at the end: \(loadAverage()).")
