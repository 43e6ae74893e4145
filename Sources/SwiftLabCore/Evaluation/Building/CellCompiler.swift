import Foundation

/// Compiles generated cells into shared libraries the worker can load.
///
/// Two ways: the fast path compiles and then runs a system linker directly (Linux; about
/// 3x faster than the driver, see Documentation/Architecture.md), the portable path runs
/// the `swiftc` driver. ``init(toolchain:library:cache:path:environment:)`` picks the fast
/// path when the pieces are there; ``fallBackToDriver()`` switches when the fast path
/// fails to work.
///
/// On the fast path a cell is compiled by the warm compiler (``CompileServer``) once it
/// has started, else by a `swift-frontend` process; when the server ends in the middle of
/// a compile (a crash in the library), `swift-frontend` compiles that cell and a new
/// server is started for the next ones, without a word to the learner.
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
        /// Whether the warm compiler (``CompileServer``) compiled the cell.
        var compiledWarm = false
    }

    let toolchain: Toolchain
    let library: CellLibrary
    let cache: CacheDirectory
    private(set) var path: Path
    /// The user's language mode, search paths, libraries and flags.
    var options = CompilerOptions()
    /// The warm compiler's executable and the library it loads, when both are there and it
    /// is not turned off (`SWIFTLAB_WARM_COMPILER=0`).
    private let warmCompiler: (executable: URL, library: URL)?
    /// The running warm compiler, if any.
    private(set) var server: CompileServer?
    /// How many servers have crashed: one that keeps crashing is not started again.
    private var serverCrashes = 0
    /// The most server crashes a session restarts after.
    static let maximumServerCrashes = 2
    /// A fresh server, warming up in the background, replaces the running one after this
    /// many compiles: sourcekitd's CPU time per compile grows over a session even with
    /// each compile session closed (from about 60 ms at first to 90 ms after 250 compiles
    /// in one run, see Benchmarks/History.md), and a fresh one starts again from the bottom.
    var compilesPerServer = 100
    /// The server that takes over once it is warm.
    private(set) var successor: CompileServer?
    /// Compiles the running server has done.
    private var serverCompiles = 0
    /// Whether a warm compiler has been started in this session (``startWarmCompiler()``).
    private var startedWarmCompiler = false

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
        let files = FileManager.default
        if self.path == .fast, environment["SWIFTLAB_WARM_COMPILER"] != "0",
            files.isExecutableFile(atPath: library.compileServer.path),
            let compilerLibrary = toolchain.inProcessCompilerLibrary, files.fileExists(atPath: compilerLibrary.path)
        {
            warmCompiler = (library.compileServer, compilerLibrary)
        } else {
            warmCompiler = nil
        }
    }

    deinit { shutDown() }

    /// Ends the warm compiler, if one runs (the session is over).
    func shutDown() {
        server?.shutDown()
        server = nil
        successor?.shutDown()
        successor = nil
    }

    /// Uses the driver from now on.
    func fallBackToDriver() {
        path = .driver
        shutDown()
    }

    /// Starts a new warm compiler after the last one ended with `status` (128 + SIGINT:
    /// Ctrl-C during a compile), unless it could not load the library or kept crashing.
    private func replaceServer(endedWith status: Int32) {
        server = nil
        serverCompiles = 0
        guard status != CompileServer.unavailableStatus else { return }
        if status != 128 + SIGINT { serverCrashes += 1 }
        guard serverCrashes <= Self.maximumServerCrashes else { return }
        if let successor {
            server = successor
            self.successor = nil
        } else {
            startServer()
        }
    }

    /// Hands over to the successor once it is warm, and starts one when the running server
    /// has done ``compilesPerServer`` compiles.
    private func renewServer() {
        if let successor, successor.isWarm {
            server?.shutDown()
            server = successor
            self.successor = nil
            serverCompiles = 0
        } else if let successor, successor.endStatus != nil {
            self.successor = nil
        } else if successor == nil, server != nil, serverCompiles >= compilesPerServer {
            successor = makeServer()
        }
    }

    /// Starts the warm compiler in the background, once per session, where it is available.
    ///
    /// ``compile(_:disableAccessControl:)`` calls this after a session's first cell, not
    /// before it: loading the library costs about a second of CPU, which a session that
    /// ends after one input (`swiftlab check`, a piped snippet, a lesson check) would pay
    /// for nothing, and which would compete with its one compile for the cores.
    func startWarmCompiler() {
        guard !startedWarmCompiler, warmCompiler != nil else { return }
        startedWarmCompiler = true
        startServer()
    }

    /// Starts a warm compiler in the background.
    private func startServer() {
        server = makeServer()
    }

    /// A new warm compiler, warming up in the background.
    private func makeServer() -> CompileServer? {
        guard let warmCompiler else { return nil }
        // The warm-up compiles an expression cell, loading what every cell imports.
        let warmUp = CellGenerator.generate(number: 0, input: ParsedInput("0"), context: .init())
        let source = cache.temporary.appendingPathComponent("WarmUp.swift")
        let object = cache.temporary.appendingPathComponent("WarmUp.o")
        guard (try? warmUp.source.write(to: source, atomically: false, encoding: .utf8)) != nil else { return nil }
        let arguments =
            ["-c", source.path, "-o", object.path] + commonFlags(for: warmUp, disableAccessControl: false)
        return try? CompileServer(
            executable: warmCompiler.executable, library: warmCompiler.library,
            warmUp: .compile(name: "WarmUp", arguments: arguments))
    }

    /// Flags both paths give the compiler.
    private func commonFlags(for cell: GeneratedCell, disableAccessControl: Bool) -> [String] {
        var flags =
            [
                "-enable-testing", "-parse-as-library", "-module-name", cell.moduleName,
                "-I", cache.session.path, "-I", library.modulesDirectory.path,
                "-module-cache-path", cache.moduleCache.path,
                // Line tables let a trap be located in the input (see TrapLocator).
                "-Onone", "-gline-tables-only", "-diagnostic-style", "llvm",
            ] + options.compileFlags
        if disableAccessControl { flags.append("-disable-access-control") }
        return flags
    }

    /// The files a cell compiles to besides its object file: its module and source info,
    /// for cells that declare something (only those are imported by later cells).
    private func moduleOutputs(for cell: GeneratedCell) -> (module: String, sourceInfo: String)? {
        guard cell.exportsDeclarations else { return nil }
        let directory = cache.session
        return (
            directory.appendingPathComponent("\(cell.moduleName).swiftmodule").path,
            directory.appendingPathComponent("\(cell.moduleName).swiftsourceinfo").path
        )
    }

    /// The object file the fast path compiles a cell to, before linking it.
    private func objectURL(for cell: GeneratedCell) -> URL {
        cache.session.appendingPathComponent("\(cell.moduleName).o")
    }

    /// The warm compiler's arguments for a cell: the driver's spelling of the fast path's
    /// `swift-frontend` flags (frontend-only flags behind `-Xfrontend`).
    func serverArguments(for cell: GeneratedCell, source: URL, disableAccessControl: Bool) -> [String] {
        var arguments = ["-c", source.path, "-o", objectURL(for: cell).path]
        if let outputs = moduleOutputs(for: cell) {
            // Notes in later cells can then point at the declaring input.
            arguments += [
                "-emit-module", "-emit-module-path", outputs.module, "-emit-module-source-info-path",
                outputs.sourceInfo,
            ]
        }
        arguments += commonFlags(for: cell, disableAccessControl: false)
        if disableAccessControl { arguments += ["-Xfrontend", "-disable-access-control"] }
        return arguments
    }

    /// The command that compiles `file`, a learner's exercise file, as an editor's language
    /// server (sourcekit-lsp, through the workspace's `compile_commands.json`) needs it: a
    /// program of its own against the modules cells see, with the imports every cell has
    /// made implicit (the file, like an input, has no `import Streams`).
    func editorCommand(file: URL) -> [String] {
        let implicitImports = CellGenerator.implicitImports.flatMap {
            ["-Xfrontend", "-import-module", "-Xfrontend", $0]
        }
        return [
            toolchain.driver.path, "-module-name", "Exercise", "-target", toolchain.targetTriple,
            "-I", library.modulesDirectory.path, "-L", library.directory.path, "-lSwiftLabCells",
        ] + implicitImports + options.compileFlags + [file.path]
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
            let object = objectURL(for: cell).path
            var frontend = [
                toolchain.frontend.path, "-frontend", "-c", "-primary-file", source.path,
                "-target", toolchain.targetTriple, "-disable-objc-interop", "-o", object,
            ]
            if let outputs = moduleOutputs(for: cell) {
                // Notes in later cells can then point at the declaring input.
                frontend += ["-emit-module-path", outputs.module, "-emit-module-source-info-path", outputs.sourceInfo]
            }
            frontend += common
            let runtime = toolchain.runtimeLibraryDirectory.path
            // Earlier cells, the Swift runtime and libSwiftLabCells are already loaded in the
            // worker (with RTLD_GLOBAL: see `CellRunner.loadSupportLibraries`), so only
            // imported system modules are named: reading libSwiftLabCells' symbols took the
            // linker 3.6 of its 6.7 ms CPU per cell.
            let link =
                [
                    // --eh-frame-hdr (which the driver passes too) lets a crash's stack be
                    // unwound through the cell's frames (see TrapLocator).
                    toolchain.linker?.path ?? "ld", "-shared", "--eh-frame-hdr", "-o", output.path,
                    toolchain.runtimeRegistrationObject.path, object, "-L", runtime, "-rpath", runtime,
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

    /// Writes and compiles a cell; `cancellation` can stop it from another thread (its
    /// outcome is then ``Outcome/interrupted``).
    func compile(
        _ cell: GeneratedCell, disableAccessControl: Bool = false, cancellation: CompileCancellation? = nil
    ) -> Outcome {
        let stopped = Outcome(library: nil, output: "", interrupted: true)
        if cancellation?.isCancelled == true { return stopped }
        let source = cache.session.appendingPathComponent("\(cell.moduleName).swift")
        do {
            try cell.source.write(to: source, atomically: false, encoding: .utf8)
        } catch {
            return Outcome(library: nil, output: "error: cannot write \(source.path): \(error.localizedDescription)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = cache.temporary.path
        var output = ""
        var steps = commands(for: cell, source: source, disableAccessControl: disableAccessControl)
        var linkIndex = 1
        var compiledWarm = false
        // The first cell goes to swift-frontend; the server warms up for the next ones.
        defer { startWarmCompiler() }
        renewServer()
        if path == .fast, options.compilerFlags.isEmpty, let server, server.isWarm {
            if let cancellation, !cancellation.serverCompileStarts(server.pid) { return stopped }
            serverCompiles += 1
            let arguments = serverArguments(for: cell, source: source, disableAccessControl: disableAccessControl)
            let answer = server.compile(name: cell.moduleName, arguments: arguments)
            cancellation?.serverCompileEnded()
            switch answer {
            case .compiled(let succeeded, let diagnostics):
                guard succeeded else { return Outcome(library: nil, output: diagnostics, compiledWarm: true) }
                output = diagnostics
                compiledWarm = true
                steps.removeFirst()  // compiled: only the link is left
                linkIndex = 0
            case .ended(let status):
                // A crash (or Ctrl-C) ends the server: swift-frontend compiles this cell,
                // and a new server warms up in the background for the next ones.
                replaceServer(endedWith: status)
                if status == 128 + SIGINT { return Outcome(library: nil, output: "", interrupted: true) }
            }
        } else if let server, let status = server.endStatus {
            replaceServer(endedWith: status)
        }
        for (index, command) in steps.enumerated() {
            if cancellation?.isCancelled == true { return stopped }
            do {
                let result = try ChildProcess.run(
                    command, environment: environment, started: cancellation?.processStarted)
                cancellation?.processEnded()
                output += result.output
                // A cancelled step was killed: its failure says nothing about the input.
                if cancellation?.isCancelled == true { return stopped }
                if result.status == 128 + SIGINT {
                    return Outcome(library: nil, output: output, interrupted: true)
                }
                if result.status != 0 {
                    return Outcome(
                        library: nil, output: output, linkFailed: path == .fast && index == linkIndex,
                        compiledWarm: compiledWarm)
                }
            } catch {
                return Outcome(library: nil, output: output + "error: \(error)", linkFailed: path == .fast)
            }
        }
        // The object file is only the linker's input: a long session would pile them up.
        try? FileManager.default.removeItem(at: objectURL(for: cell))
        return Outcome(library: libraryURL(for: cell), output: output, compiledWarm: compiledWarm)
    }
}
