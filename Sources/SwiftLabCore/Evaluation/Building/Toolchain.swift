import Foundation

/// The Swift compiler and linker swiftlab compiles cells with.
public struct Toolchain: Sendable {
    /// The directory holding `swiftc` and `swift-frontend`.
    public var binDirectory: URL
    /// The toolchain's runtime library directory (`lib/swift/linux` on Linux).
    public var runtimeLibraryDirectory: URL
    /// The target triple cells are compiled for.
    public var targetTriple: String
    /// A system linker for the fast path (`ld.gold`, else the toolchain's `ld.lld`), if any.
    public var linker: URL?

    /// `swiftc`, the driver (the portable way to compile a cell).
    public var driver: URL { binDirectory.appendingPathComponent("swiftc") }
    /// `swift-frontend`, the compiler itself (the fast way, with a direct linker call).
    public var frontend: URL { binDirectory.appendingPathComponent("swift-frontend") }
    /// The toolchain's compiler as a library (`usr/lib/libsourcekitdInProc.so`), which the
    /// warm compiler loads (``CompileServer``); `nil` where swiftlab does not use it (macOS).
    public var inProcessCompilerLibrary: URL?
    /// The object that registers a shared library's Swift metadata with the runtime.
    public var runtimeRegistrationObject: URL {
        runtimeLibraryDirectory.appendingPathComponent(Self.architecture).appendingPathComponent("swiftrt.o")
    }

    /// Whether the fast path (frontend + system linker) is possible here: Linux, with
    /// `swift-frontend`, `swiftrt.o` and a linker present.
    public var supportsFastPath: Bool {
        #if os(Linux)
        let files = FileManager.default
        return linker != nil && files.isExecutableFile(atPath: frontend.path)
            && files.fileExists(atPath: runtimeRegistrationObject.path)
        #else
        return false
        #endif
    }

    /// Finds the toolchain: `$SWIFTLAB_TOOLCHAIN/usr/bin` when set, else the `swiftc` on `PATH`.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> Toolchain? {
        var candidates: [URL] = []
        if let root = environment["SWIFTLAB_TOOLCHAIN"] {
            candidates.append(URL(fileURLWithPath: root).appendingPathComponent("usr/bin/swiftc"))
        }
        for directory in (environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            candidates.append(URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc"))
        }
        let files = FileManager.default
        guard let swiftc = candidates.first(where: { files.isExecutableFile(atPath: $0.path) }) else {
            return nil
        }
        let bin = swiftc.resolvingSymlinksInPath().deletingLastPathComponent()
        let usr = bin.deletingLastPathComponent()
        #if os(Linux)
        let runtime = usr.appendingPathComponent("lib/swift/linux")
        let triple = "\(architecture)-unknown-linux-gnu"
        #else
        let runtime = usr.appendingPathComponent("lib/swift/macosx")
        let triple = "\(architecture)-apple-macosx13.0"
        #endif
        let linkers = ["/usr/bin/ld.gold", bin.appendingPathComponent("ld.lld").path]
        let linker = linkers.first(where: { files.isExecutableFile(atPath: $0) }).map { URL(fileURLWithPath: $0) }
        #if os(Linux)
        let inProcessCompiler: URL? = usr.appendingPathComponent("lib/libsourcekitdInProc.so")
        #else
        let inProcessCompiler: URL? = nil
        #endif
        return Toolchain(
            binDirectory: bin, runtimeLibraryDirectory: runtime, targetTriple: triple, linker: linker,
            inProcessCompilerLibrary: inProcessCompiler)
    }

    /// The CPU architecture name used in triples and library paths.
    static var architecture: String {
        #if arch(x86_64)
        return "x86_64"
        #elseif arch(arm64)
        return "aarch64"
        #else
        return "unknown"
        #endif
    }
}
