import Foundation

/// Compiles generated cells into shared libraries the worker can load.
///
/// Two ways: the fast path runs `swift-frontend` and a system linker directly (Linux;
/// about 3x faster than the driver, see repl-engine.md), the portable path runs the
/// `swiftc` driver. ``init(toolchain:library:cache:path:)`` picks the fast path when the
/// pieces are there; ``fallBackToDriver()`` switches when the fast path fails to work.
final class CellCompiler: @unchecked Sendable {
    /// How cells are compiled.
    enum Path: String, Sendable {
        /// `swift-frontend` + `ld.gold` (or `ld.lld`).
        case fast
        /// The `swiftc` driver.
        case driver
    }

    /// The outcome of compiling one cell.
    struct Outcome {
        /// The library to load, or `nil` when compiling failed.
        var library: URL?
        /// What the compiler and linker wrote (diagnostics).
        var output: String
        /// Whether the linker, not the compiler, failed (a fast-path problem, not the learner's).
        var linkFailed = false
        /// Whether Ctrl-C stopped the compiler or linker (they share the terminal's process
        /// group, so the interrupt reaches them too): nothing about the input is known.
        var interrupted = false
    }

    let toolchain: Toolchain
    let library: CellLibrary
    let cache: CacheDirectory
    private(set) var path: Path
    /// The user's language mode, search paths, libraries and flags.
    var options = CompilerOptions()

    /// Creates a compiler; `path` forces a way (`nil`: the fast path when available,
    /// or the one named by `$SWIFTLAB_COMPILE_PATH`).
    init(
        toolchain: Toolchain, library: CellLibrary, cache: CacheDirectory, path: Path? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.toolchain = toolchain
        self.library = library
        self.cache = cache
        let requested = path ?? environment["SWIFTLAB_COMPILE_PATH"].flatMap(Path.init(rawValue:))
        self.path = requested ?? (toolchain.supportsFastPath ? .fast : .driver)
        if self.path == .fast, !toolchain.supportsFastPath { self.path = .driver }
    }

    /// Uses the driver from now on.
    func fallBackToDriver() {
        path = .driver
    }

    /// Flags both paths give the compiler.
    private func commonFlags(for cell: GeneratedCell, disableAccessControl: Bool) -> [String] {
        var flags =
            [
                "-enable-testing", "-parse-as-library", "-module-name", cell.moduleName,
                "-I", cache.session.path, "-I", library.modulesDirectory.path,
                "-module-cache-path", cache.moduleCache.path,
                "-Onone", "-gnone", "-diagnostic-style", "llvm",
            ] + options.compileFlags
        if disableAccessControl { flags.append("-disable-access-control") }
        return flags
    }

    /// The compiler arguments sourcekitd completes `file` with: the search paths, module
    /// cache, target and language options cells are compiled with, as a script (top-level
    /// statements and declarations both allowed) in a module of its own.
    ///
    /// `newestCell` is the number of the newest cell module: sourcekitd keeps its compiler
    /// context while the arguments stay the same, and that context lists the module search
    /// paths once, so it would never find a cell compiled after it was made. A new cell
    /// changes the arguments, and with them the context (about 0.2 s to make again).
    func completionArguments(file: URL, newestCell: Int) -> [String] {
        [
            file.path, "-module-name", "SwiftLabCompletion", "-target", toolchain.targetTriple,
            "-I", cache.session.path, "-I", library.modulesDirectory.path,
            "-module-cache-path", cache.moduleCache.path, "-Onone", "-D", "SWIFTLAB_AFTER_CELL_\(newestCell)",
        ] + options.compileFlags
    }

    /// The library file a cell compiles to.
    func libraryURL(for cell: GeneratedCell) -> URL {
        #if os(macOS)
        return cache.session.appendingPathComponent("lib\(cell.moduleName).dylib")
        #else
        return cache.session.appendingPathComponent("lib\(cell.moduleName).so")
        #endif
    }

    /// The commands that compile `cell` (already written to `source`) on the current path.
    func commands(for cell: GeneratedCell, source: URL, disableAccessControl: Bool = false) -> [[String]] {
        let directory = cache.session
        let output = libraryURL(for: cell)
        let module = directory.appendingPathComponent("\(cell.moduleName).swiftmodule").path
        let common = commonFlags(for: cell, disableAccessControl: disableAccessControl)
        let importedLibraries = Self.linkedLibraries(forImports: cell.imports)
        switch path {
        case .driver:
            var command =
                [
                    toolchain.driver.path, "-emit-library", "-emit-module", source.path,
                    "-o", output.path, "-emit-module-path", module,
                    "-L", directory.path, "-L", library.directory.path, "-lSwiftLabCells",
                    "-Xlinker", "-rpath", "-Xlinker", library.directory.path,
                ] + common
            command += importedLibraries.map { "-l\($0)" } + options.driverLinkFlags
            #if os(macOS)
            // Earlier cells' symbols are found in the worker when the cell is loaded.
            command += ["-Xlinker", "-undefined", "-Xlinker", "dynamic_lookup"]
            #endif
            return [command]
        case .fast:
            let object = directory.appendingPathComponent("\(cell.moduleName).o").path
            let frontend =
                [
                    toolchain.frontend.path, "-frontend", "-c", "-primary-file", source.path,
                    "-target", toolchain.targetTriple, "-disable-objc-interop",
                    "-emit-module-path", module,
                    // Notes in later cells can then point at the declaring input.
                    "-emit-module-source-info-path",
                    directory.appendingPathComponent("\(cell.moduleName).swiftsourceinfo").path,
                    "-o", object,
                ] + common
            let runtime = toolchain.runtimeLibraryDirectory.path
            // Earlier cells and the Swift runtime are already loaded in the worker (with
            // RTLD_GLOBAL), so only the cell library and imported system modules are named.
            // (SwiftOnoneSupport too is loaded by the worker, once: see
            // `CellRunner.loadSupportLibraries`.)
            let link =
                [
                    toolchain.linker?.path ?? "ld", "-shared", "-o", output.path,
                    toolchain.runtimeRegistrationObject.path, object,
                    "-L", library.directory.path, "-L", runtime,
                    "-rpath", library.directory.path, "-rpath", runtime, "-lSwiftLabCells",
                ]
                + importedLibraries.map { "-l\($0)" } + options.linkerFlags
            return [frontend, link]
        }
    }

    /// Shared libraries to link for modules a cell imports (the toolchain's own modules;
    /// the worker has most of them loaded already, but a cell must not rely on that).
    static func linkedLibraries(forImports imports: [String]) -> [String] {
        let known = [
            "Foundation": "Foundation", "FoundationEssentials": "FoundationEssentials",
            "FoundationNetworking": "FoundationNetworking", "Dispatch": "swiftDispatch",
            "Synchronization": "swiftSynchronization", "Observation": "swiftObservation",
            "RegexBuilder": "swiftRegexBuilder",
        ]
        var libraries: [String] = []
        for item in imports {
            let module = CellItem(TopLevelItem(text: item, line: 1, column: 1))
            if case .importDeclaration(let name) = module.kind, let library = known[name], !libraries.contains(library)
            {
                libraries.append(library)
            }
        }
        #if os(macOS)
        return []  // Darwin's system modules link through their own autolink entries.
        #else
        return libraries
        #endif
    }

    /// Writes and compiles a cell.
    func compile(_ cell: GeneratedCell, disableAccessControl: Bool = false) -> Outcome {
        let source = cache.session.appendingPathComponent("\(cell.moduleName).swift")
        do {
            try cell.source.write(to: source, atomically: false, encoding: .utf8)
        } catch {
            return Outcome(library: nil, output: "error: cannot write \(source.path): \(error.localizedDescription)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = cache.temporary.path
        var output = ""
        let steps = commands(for: cell, source: source, disableAccessControl: disableAccessControl)
        for (index, command) in steps.enumerated() {
            do {
                let result = try ChildProcess.run(command, environment: environment)
                output += result.output
                if result.status == 128 + SIGINT {
                    return Outcome(library: nil, output: output, interrupted: true)
                }
                if result.status != 0 {
                    return Outcome(library: nil, output: output, linkFailed: path == .fast && index == 1)
                }
            } catch {
                return Outcome(library: nil, output: output + "error: \(error)", linkFailed: path == .fast)
            }
        }
        // The object file is only the linker's input: a long session would pile them up.
        try? FileManager.default.removeItem(at: cache.session.appendingPathComponent("\(cell.moduleName).o"))
        return Outcome(library: libraryURL(for: cell), output: output)
    }
}
