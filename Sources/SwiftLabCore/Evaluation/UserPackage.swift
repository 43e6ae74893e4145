import Foundation

/// A SwiftPM package whose libraries the REPL imports (`swiftlab --package PATH`), as
/// `swift run --repl` does: the package is built, and the object files of its library
/// targets (and of the packages it depends on) are linked into one shared library that
/// every input links, next to the package's own build products.
public enum UserPackage {
    /// Why a package could not be made importable.
    public struct BuildError: Error, CustomStringConvertible {
        /// What went wrong, with the build's own output.
        public var description: String
    }

    /// Builds the package at `path` and returns `options` with its modules importable and
    /// its code linked.
    public static func build(
        at path: String, adding options: CompilerOptions,
        notice: (String) -> Void
    ) throws -> CompilerOptions {
        guard let toolchain = Toolchain.locate() else {
            throw BuildError(description: "--package needs a Swift toolchain: put swift on PATH")
        }
        let swift = toolchain.binDirectory.appendingPathComponent("swift").path
        let environment = ProcessInfo.processInfo.environment
        notice("swiftlab: building the package at \(path)...")
        let build = try ChildProcess.run([swift, "build", "--package-path", path], environment: environment)
        guard build.status == 0 else {
            throw BuildError(description: "building the package at \(path) failed:\n\(build.output)")
        }
        let binPath = try ChildProcess.run(
            [swift, "build", "--package-path", path, "--show-bin-path"], environment: environment)
        let bin = URL(fileURLWithPath: binPath.output.trimmingCharacters(in: .whitespacesAndNewlines))
        let objects = try libraryObjects(in: bin)
        guard !objects.isEmpty else {
            throw BuildError(description: "the package at \(path) has no library code to import")
        }
        let output = bin.appendingPathComponent("swiftlab-repl")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let library = output.appendingPathComponent("libSwiftLabPackage.so")
        let link = try ChildProcess.run(
            [toolchain.driver.path, "-emit-library", "-o", library.path] + objects.map(\.path), environment: environment
        )
        guard link.status == 0 else {
            throw BuildError(description: "linking the package's libraries failed:\n\(link.output)")
        }
        var result = options
        // SwiftPM 6 puts every module in `Modules/`; earlier versions next to the products.
        result.importPaths += [bin.appendingPathComponent("Modules").path, bin.path]
        result.libraryPaths.append(output.path)
        result.libraries.append("SwiftLabPackage")
        return result
    }

    /// The object files of the library targets built in `bin`: every `NAME.build`
    /// directory but those of executables (they hold `main.swift.o`) and tests.
    static func libraryObjects(in bin: URL) throws -> [URL] {
        let manager = FileManager.default
        var objects: [URL] = []
        for directory in try manager.contentsOfDirectory(at: bin, includingPropertiesForKeys: nil)
        where directory.pathExtension == "build" {
            let name = directory.deletingPathExtension().lastPathComponent
            if name.hasSuffix("Tests") || name.hasSuffix("PackageTests") || name.hasSuffix("PackageDiscoveredTests") {
                continue
            }
            let files = (try? manager.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
            if files.contains(where: { $0.lastPathComponent == "main.swift.o" }) { continue }
            objects += files.filter { $0.pathExtension == "o" }
        }
        return objects.sorted { $0.path < $1.path }
    }
}
