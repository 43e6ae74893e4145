import Foundation

/// Drives `swiftlab` through its non-interactive mode (standard input is a pipe) and
/// times each input from writing it to the end of its output: with `:time` on, the
/// REPL ends every input with a `[compile ... ms, run ... ms]` line.
public final class REPLDriver {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []

    /// Starts `swiftlab` with `arguments` and its cache in `cacheHome`, and turns `:time` on.
    public init(swiftlab: URL, cacheHome: URL, arguments: [String] = []) throws {
        process.executableURL = swiftlab
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheHome.path
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        send(":time")
        _ = readLine { $0 == "Timing is on." }
    }

    /// Writes one input and waits for its timing line; returns the wall time in ms and
    /// the REPL's own compile and run figures. Stops the benchmark if the input printed
    /// an error: a failing cell is quicker than one that runs, so timing a session that
    /// fails measures the wrong thing (a release worker once could not load any cell
    /// using `Array`, and this benchmark reported the failures' speed). An input meant to
    /// fail (a trap, a timeout) passes `failing`, and must print an error.
    public func evaluate(_ text: String, failing: Bool = false) -> (wall: Double, line: String) {
        let start = ContinuousClock.now
        send(text)
        var printed: [String] = []
        let line = readLine { line in
            printed.append(line)
            return line.hasPrefix("[compile ")
        }
        let wall = milliseconds(since: start)
        let failure = printed.first { $0.hasPrefix("error:") || $0.contains(": error:") }
        if let failure, !failing {
            fatalError("the input `\(text)` failed, so its time means nothing: \(failure)")
        }
        if failing, failure == nil {
            fatalError("the input `\(text)` was meant to fail and did not: \(printed)")
        }
        return (wall, line)
    }

    /// Ends swiftlab (its standard input closes) and waits for it.
    public func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private func send(_ text: String) {
        input.fileHandleForWriting.write(Data((text + "\n").utf8))
    }

    /// Reads lines until one satisfies `isWanted`, which it returns.
    private func readLine(until isWanted: (String) -> Bool) -> String {
        let fd = output.fileHandleForReading.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                if isWanted(line) { return line }
            }
            let count = read(fd, &chunk, chunk.count)
            if count <= 0 { fatalError("swiftlab ended before the input finished") }
            buffer += chunk[0..<count]
        }
    }
}
