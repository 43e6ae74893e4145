import Foundation

/// A REPL under test: how to start it, and how to tell from its output that an input has
/// finished when driving it one input at a time.
public struct Contender {
    /// How the tables name it.
    public var name: String
    /// The program started.
    public var executable: URL
    /// Its arguments.
    public var arguments: [String]
    /// Its whole environment.
    public var environment: [String: String]
    /// Sent before the first input in the interactive run (e.g. swiftlab's `:time`), with
    /// the line that acknowledges it.
    public var preamble: (input: String, acknowledgement: String)?
    /// Whether `line` ends the output of input number `index` (0 is `let xs`).
    public var endsInput: (_ line: String, _ index: Int) -> Bool

    /// swiftlab, release build, with its own module cache under `cacheHome`; without the
    /// warm compiler (`SWIFTLAB_WARM_COMPILER=0`) when `warmCompiler` is false, so that
    /// one run compares both ways of compiling a cell.
    public static func swiftlab(at executable: URL, cacheHome: URL, warmCompiler: Bool = true) -> Contender {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheHome.path
        environment["NO_COLOR"] = "1"
        environment["SWIFTLAB_WARM_COMPILER"] = warmCompiler ? "1" : "0"
        return Contender(
            name: warmCompiler ? "swiftlab (release build)" : "swiftlab, swift-frontend per input",
            executable: executable, arguments: [],
            environment: environment, preamble: (":time", "Timing is on."),
            endsInput: { line, _ in line.hasPrefix("[compile ") })
    }

    /// The toolchain's `lldb --repl`: lldb next to the `swift` on `PATH`, with the Python 3.10
    /// its build links against (`LLDB_PYTHON_HOME`, else pyenv's 3.10). Nil, with the reason,
    /// when either is missing.
    public static func lldb() -> (Contender?, String) {
        guard let swift = which("swift") else { return (nil, "no swift on PATH") }
        let lldb = swift.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("lldb")
        guard FileManager.default.isExecutableFile(atPath: lldb.path) else {
            return (nil, "no lldb next to \(swift.path)")
        }
        let python =
            ProcessInfo.processInfo.environment["LLDB_PYTHON_HOME"]
            ?? ["3.10.13", "3.10"].lazy.compactMap { output(of: ["pyenv", "prefix", $0]) }.first
        guard let python else { return (nil, "no Python 3.10 (set LLDB_PYTHON_HOME or install it with pyenv)") }
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONHOME"] = python
        environment["LD_LIBRARY_PATH"] = ([python + "/lib"] + [environment["LD_LIBRARY_PATH"]].compactMap { $0 })
            .joined(separator: ":")
        let contender = Contender(
            name: "LLDB Swift REPL (`lldb --repl`)", executable: lldb, arguments: ["--repl"],
            environment: environment, preamble: nil,
            endsInput: { line, index in
                // `let xs` prints its three elements and a closing brace; a binding prints
                // `vN: Int = ...`; an expression `$Rn: Int = ...`.
                if index == 0 { return line == "}" }
                return line.hasPrefix(index % 2 == 1 ? "v\(index / 2 + 1): Int = " : "$R")
            })
        return (contender, "")
    }
}

/// The first executable named `name` on `PATH`.
public func which(_ name: String) -> URL? {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// The trimmed standard output of `command` when it succeeds.
public func output(of command: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}
