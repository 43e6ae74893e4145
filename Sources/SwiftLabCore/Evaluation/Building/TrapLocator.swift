import Foundation

/// Finds where in the learner's code a crashed cell stopped (`[1][5]` traps inside the
/// standard library, whose message names no line of the input). Cells are compiled with
/// line tables only (`-gline-tables-only`: no types or variables, so compiling costs
/// about the same as without debug information), the worker reports the stack frames
/// inside cell libraries as offsets from each library's load address, and one
/// `llvm-symbolizer` run reads the input and line at each offset (about 10 ms).
///
/// Compiling the trapped cell again with line tables only once it had trapped took most of
/// a trap's 160 to 270 ms of recovery (BENCHMARKS.md, "Recovery after a trap or Ctrl-C").
struct TrapLocator {
    /// A stack frame inside a cell library.
    struct Frame: Equatable {
        /// The library's path.
        var library: String
        /// The return address (the faulting instruction, for the innermost frame) less
        /// the library's load address.
        var offset: UInt

        /// The cell number in the library's name (`libCell12.so`).
        var cellNumber: Int? {
            let name = URL(fileURLWithPath: library).deletingPathExtension().lastPathComponent
            guard name.hasPrefix("libCell") else { return nil }
            return Int(name.dropFirst("libCell".count))
        }
    }

    /// A place in an input.
    struct Location: Equatable {
        /// The input's session number.
        var input: Int
        /// The line in it (1-based).
        var line: Int
    }

    let toolchain: Toolchain

    /// The input location of each of `frames` (innermost first) that has one, in the same
    /// order, from one `llvm-symbolizer` run over the cell libraries the frames are in.
    func locations(of frames: [Frame]) -> [Location] {
        let inCells = frames.filter { $0.cellNumber != nil }
        guard !inCells.isEmpty else { return [] }
        return symbolize(inCells).compactMap { $0 }
    }

    /// The input location of each of `frames`, from `llvm-symbolizer`: the outermost inlined
    /// frame in an input file (`input 3`, `input 3.2`); nil where none is.
    private func symbolize(_ frames: [Frame]) -> [Location?] {
        let symbolizer = toolchain.binDirectory.appendingPathComponent("llvm-symbolizer").path
        // A return address is the instruction after the call: one byte back is the call.
        // Each argument names its library (`"/path/libCell3.so 0x1a2"`).
        let addresses = frames.map {
            "\"\($0.library)\" 0x" + String($0.offset > 0 ? $0.offset - 1 : 0, radix: 16)
        }
        guard
            let result = try? ChildProcess.run(
                [symbolizer, "--output-style=JSON"] + addresses,
                environment: ProcessInfo.processInfo.environment),
            result.status == 0,
            let json = try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]],
            json.count == frames.count
        else { return frames.map { _ in nil } }
        return json.map { entry in
            for symbol in (entry["Symbol"] as? [[String: Any]] ?? []).reversed() {
                guard let file = symbol["FileName"] as? String, let line = symbol["Line"] as? Int,
                    let (input, mapped) = DiagnosticMapper.inputLocation(
                        file: Substring(URL(fileURLWithPath: file).lastPathComponent), line: line)
                else { continue }
                // A generated line before an item (a display call) belongs to the item.
                return Location(input: input, line: mapped ?? line)
            }
            return nil
        }
    }
}
