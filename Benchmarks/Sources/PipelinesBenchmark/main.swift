// Pipeline against the standard library's eager and lazy chains (issue 4).
//
//   swift run -c release --package-path Benchmarks PipelinesBenchmark [repetitions]
//
// Times every contender of every workload over the same 10M Ints (the best of
// `repetitions` runs, default 7: the machines are shared, and the fastest run is the one
// least disturbed by others), then measures each contender's extra peak memory in a
// fresh process of its own (`--memory WORKLOAD INDEX`): the growth of the peak resident
// set size (getrusage ru_maxrss) across one run, after the input has been built. Prints
// Markdown for BENCHMARKS.md.
import Foundation

let elementCount = 10_000_000

func makeInput() -> [Int] {
    Array(0..<elementCount)
}

/// Child mode: one run of one contender; prints the growth of the peak RSS in KiB.
func measureMemory(workload workloadName: String, contender index: Int) -> Never {
    guard let workload = workloads.first(where: { $0.name == workloadName }),
        workload.contenders.indices.contains(index)
    else {
        FileHandle.standardError.write(Data("unknown contender \(workloadName) \(index)\n".utf8))
        exit(2)
    }
    let input = makeInput()
    let before = peakResidentKiB()
    let sum = workload.contenders[index].run(input)
    let after = peakResidentKiB()
    print(after - before, sum)
    exit(0)
}

/// Runs this executable in memory mode for one contender; returns the peak growth in KiB.
func peakGrowthInChildProcess(workload: String, contender: Int) throws -> Int {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    child.arguments = ["--memory", workload, String(contender)]
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard child.terminationStatus == 0,
        let first = text.split(separator: " ").first, let kibibytes = Int(first)
    else {
        throw BenchmarkFailure(description: "memory child for \(workload)#\(contender) said: \(text)")
    }
    return kibibytes
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--memory", arguments.count == 3, let index = Int(arguments[2]) {
    measureMemory(workload: arguments[1], contender: index)
}
let repetitions = arguments.first.flatMap(Int.init) ?? 7

// Memory first, while this process is still small: Linux keeps a process's peak RSS
// across fork and exec, so a child started after the timing phase would inherit the
// parent's peak and report no growth.
var growths: [String: [Int]] = [:]
for workload in workloads {
    growths[workload.name] = try workload.contenders.indices.map {
        try peakGrowthInChildProcess(workload: workload.name, contender: $0)
    }
}

let input = makeInput()
print("Pipelines: \(elementCount) Ints, best of \(repetitions) runs per contender; memory is")
print(
    "the growth of peak RSS over one run in a fresh process, after the input (\(elementCount * 8 / 1_048_576) MiB) exists."
)
for workload in workloads {
    print("\n(\(workload.name)) \(workload.summary)\n")
    print("| contender | time (ms) | vs eager | vs lazy | extra peak memory (MiB) |")
    print("|---|---:|---:|---:|---:|")
    // Round-robin over the contenders, so that a burst of load from other processes
    // slows one repetition of each rather than every repetition of one.
    var bests = Array(repeating: Double.infinity, count: workload.contenders.count)
    var expected: Int?
    for _ in 0..<repetitions {
        for (index, contender) in workload.contenders.enumerated() {
            let start = monotonicSeconds()
            let sum = contender.run(input)
            bests[index] = min(bests[index], monotonicSeconds() - start)
            if let expected, expected != sum {
                fatalError("\(workload.name) \(contender.name) computed \(sum), expected \(expected)")
            }
            expected = sum
        }
    }
    for (index, contender) in workload.contenders.enumerated() {
        let growth = growths[workload.name]![index]
        let eager = bests[0] / bests[index]
        let lazy = bests[1] / bests[index]
        print(
            "| \(contender.name) | \(formatted(bests[index] * 1000, digits: 1)) "
                + "| \(formatted(eager, digits: 2))x | \(formatted(lazy, digits: 2))x "
                + "| \(formatted(Double(growth) / 1024, digits: 1)) |")
    }
}
print(
    "\n\"vs eager\" / \"vs lazy\": how many times faster than the standard library's eager / .lazy chain (above 1 is faster)."
)
