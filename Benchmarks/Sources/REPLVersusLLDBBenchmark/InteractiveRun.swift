import Foundation
import REPLBenchmarkSupport

/// One REPL driven an input at a time through pipes: each input timed from writing it to
/// the line that ends its output, and the peak resident set of every process in the REPL's
/// tree read after chosen inputs.
struct InteractiveRun {
    /// Wall time of each input after `let xs`, in ms.
    var inputTimes: [Double] = []
    /// Peaks after the input numbers asked for.
    var peaks: [(after: Int, processes: [ProcessPeak])] = []
    /// User + system time of the whole process tree, start-up included, in ms.
    var cpu = 0.0

    init(_ contender: Contender, session: ComparisonSession, peaksAfter checkpoints: Set<Int>) throws {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        process.executableURL = contender.executable
        process.arguments = contender.arguments
        process.environment = contender.environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        let cpuBefore = childrenCPUTime()
        try process.run()
        var reader = LineReader(fd: output.fileHandleForReading.fileDescriptor)
        func send(_ text: String) { input.fileHandleForWriting.write(Data((text + "\n").utf8)) }
        if let preamble = contender.preamble {
            send(preamble.input)
            _ = reader.read(until: { $0 == preamble.acknowledgement }, contender: contender.name)
        }
        for (index, text) in session.inputs.enumerated() {
            let start = ContinuousClock.now
            send(text)
            _ = reader.read(until: { contender.endsInput($0, index) }, contender: contender.name)
            if index > 0 { inputTimes.append(milliseconds(since: start)) }
            if checkpoints.contains(index) { peaks.append((index, processTreePeaks(root: process.processIdentifier))) }
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        cpu = childrenCPUTime() - cpuBefore
    }
}

/// Reads a REPL's output line by line, stopping the benchmark at an error: an input that
/// fails is quicker than one that runs, so its time would mean nothing.
struct LineReader {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    mutating func read(until isWanted: (String) -> Bool, contender: String) -> String {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                if line.contains("error:") { fatalError("\(contender) printed an error: \(line)") }
                if isWanted(line) { return line }
            }
            let count = Foundation.read(fd, &chunk, chunk.count)
            if count <= 0 { fatalError("\(contender) ended before the input finished") }
            buffer += chunk[0..<count]
        }
    }
}
