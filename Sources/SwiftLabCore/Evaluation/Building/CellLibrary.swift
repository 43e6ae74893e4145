import Foundation

/// Where the code that cells link against lives: the `SwiftLabCells` shared library
/// (Pipelines, Streams, StreamsFoundation, StreamsTesting, SwiftLabRuntime), its module files and the
/// worker executable. They are found next to the running executable, so swiftlab works
/// when started from any directory.
public struct CellLibrary: Sendable {
    /// The directory holding `libSwiftLabCells` and `swiftlab-worker`.
    public var directory: URL
    /// The directory holding the `.swiftmodule` files cells import.
    public var modulesDirectory: URL

    /// The shared library's file name on this platform.
    public static let libraryFileName: String = {
        #if os(macOS)
        return "libSwiftLabCells.dylib"
        #else
        return "libSwiftLabCells.so"
        #endif
    }()

    /// The worker executable.
    public var worker: URL { directory.appendingPathComponent("swiftlab-worker") }
    /// The completion helper, which holds the compiler's completion (sourcekitd) in a
    /// process of its own.
    public var completer: URL { directory.appendingPathComponent("swiftlab-complete") }
    /// The shared library.
    public var library: URL { directory.appendingPathComponent(Self.libraryFileName) }

    /// What is missing, or `nil` when everything cells need is there.
    public var problem: String? {
        let files = FileManager.default
        if !files.fileExists(atPath: library.path) {
            return "\(library.path) is missing: build it with `swift build --product SwiftLabCells`"
        }
        if !files.isExecutableFile(atPath: worker.path) {
            return "\(worker.path) is missing: build it with `swift build --product swiftlab-worker`"
        }
        if !files.fileExists(atPath: modulesDirectory.appendingPathComponent("SwiftLabRuntime.swiftmodule").path) {
            return "SwiftLabRuntime.swiftmodule is missing in \(modulesDirectory.path)"
        }
        return nil
    }

    /// Creates a description of the library in `directory`.
    public init(directory: URL) {
        self.directory = directory
        let modules = directory.appendingPathComponent("Modules")
        // SwiftPM 6 keeps module files in Modules/; older layouts keep them beside the library.
        self.modulesDirectory = FileManager.default.fileExists(atPath: modules.path) ? modules : directory
    }

    /// The library next to the running executable, or in `$SWIFTLAB_LIBRARY_DIR` when set.
    public static func besideExecutable(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> CellLibrary
    {
        if let directory = environment["SWIFTLAB_LIBRARY_DIR"] {
            return CellLibrary(directory: URL(fileURLWithPath: directory))
        }
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        // A test bundle on macOS runs from inside SwiftLabPackageTests.xctest/Contents/MacOS.
        while directory.path.contains(".xctest") {
            directory = directory.deletingLastPathComponent()
        }
        return CellLibrary(directory: directory)
    }
}
