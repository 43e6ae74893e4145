import Foundation

/// Finds where in the learner's code a crashed cell stopped (`[1][5]` traps inside the
/// standard library, whose message names no line of the input), at no cost until a crash:
/// cells are compiled without debug information, and the worker reports the stack frames
/// inside cell libraries as it dies, as offsets from each library's load address. The
/// cell is then compiled again with line tables only (`-gline-tables-only`, which leaves
/// the code and so every offset unchanged), and `llvm-symbolizer` reads the input and
/// line at each offset.
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

    let compiler: CellCompiler

    /// The input location of each of `frames` (innermost first) that has one, in the same
    /// order; `cells` are the cells the frames may be in. Each cell with frames is compiled
    /// once more and symbolized with one `llvm-symbolizer` run.
    func locations(of frames: [Frame], cells: [GeneratedCell]) -> [Location] {
        var found: [Int: Location] = [:]
        let numbers = frames.compactMap(\.cellNumber)
        for number in Set(numbers) {
            guard let cell = cells.first(where: { $0.number == number }),
                let library = libraryWithLineTables(for: cell)
            else { continue }
            let indices = frames.indices.filter { frames[$0].cellNumber == number }
            let located = symbolize(indices.map { frames[$0] }, in: library)
            for (index, location) in zip(indices, located) { found[index] = location }
        }
        return frames.indices.compactMap { found[$0] }
    }

    /// Compiles `cell` again from its source, with line tables, into a directory of its own.
    private func libraryWithLineTables(for cell: GeneratedCell) -> URL? {
        let session = compiler.cache.session
        let directory = compiler.cache.temporary.appendingPathComponent("lines-\(cell.moduleName)-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil else {
            return nil
        }
        let source = compiler.sourceURL(for: cell)
        let renamed = [
            compiler.libraryURL(for: cell).path: directory.appendingPathComponent("lib.so").path,
            session.appendingPathComponent("\(cell.moduleName).o").path: directory.appendingPathComponent("cell.o")
                .path,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = compiler.cache.temporary.path
        for command in compiler.commands(for: cell, source: source) {
            var arguments: [String] = []
            var index = 0
            while index < command.count {
                let argument = command[index]
                if argument == "-emit-module-path" || argument == "-emit-module-source-info-path" {
                    // The module the session uses stays as it is.
                    arguments += [argument, directory.appendingPathComponent("\(index).out").path]
                    index += 2
                    continue
                }
                arguments.append(argument == "-gnone" ? "-gline-tables-only" : renamed[argument] ?? argument)
                index += 1
            }
            guard let result = try? ChildProcess.run(arguments, environment: environment), result.status == 0 else {
                return nil
            }
        }
        return directory.appendingPathComponent("lib.so")
    }

    /// The input location of each of `frames` in `library`, from `llvm-symbolizer`: the
    /// outermost inlined frame in an input file (`input 3`, `input 3.2`); nil where none is.
    private func symbolize(_ frames: [Frame], in library: URL) -> [Location?] {
        let symbolizer = compiler.toolchain.binDirectory.appendingPathComponent("llvm-symbolizer").path
        // A return address is the instruction after the call: one byte back is the call.
        let addresses = frames.map { "0x" + String($0.offset > 0 ? $0.offset - 1 : 0, radix: 16) }
        guard
            let result = try? ChildProcess.run(
                [symbolizer, "--obj=\(library.path)", "--output-style=JSON"] + addresses,
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
