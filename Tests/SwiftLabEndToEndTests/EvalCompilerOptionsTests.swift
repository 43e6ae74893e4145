import Foundation
import Testing

@testable import SwiftLabCore

/// The user's own code and language mode, as `lldb --repl="-I dir -L dir -lA"` and
/// `--swift-version` take them.
@Suite(.serialized) struct EvalCompilerOptionsTests {
    /// A module `A` built as the user would: `dir/A.swiftmodule` and `dir/libA.so`.
    func buildModuleA() throws -> URL {
        let directory = EvalHarness.cacheHome.appendingPathComponent("moduleA-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let source = directory.appendingPathComponent("A.swift")
        try """
        public func greet() -> String { "hello from A" }
        public struct MyPoint { public var x = 0; public var y = 2; public init() {} }

        """.write(to: source, atomically: true, encoding: .utf8)
        let library = directory.appendingPathComponent("libA.so")
        let built = try EvalHarness.run([
            EvalHarness.swiftc, "-emit-library", "-emit-module", "-module-name", "A",
            "-parse-as-library", source.path, "-o", library.path,
            "-emit-module-path", directory.appendingPathComponent("A.swiftmodule").path,
        ])
        #expect(built.status == 0, "\(built.output)")
        return directory
    }

    @Test func theUsersModuleIsImported() throws {
        let directory = try buildModuleA().path
        let separate = try EvalHarness.runREPL(
            ["import A", "greet()"], arguments: ["-I", directory, "-L", directory, "-l", "A"])
        #expect(separate.output == "$R0: String = \"hello from A\"\n")
        let glued = try EvalHarness.runREPL(
            ["import A", "greet()"], arguments: ["-I\(directory)", "-L\(directory)", "-lA"])
        #expect(glued.output == "$R0: String = \"hello from A\"\n")
        let without = try EvalHarness.runREPL(["import A"])
        #expect(without.output.contains("error: no such module 'A'"))
    }

    /// LLDB names a type from an imported module with its module (`x: AA.MyPoint`, as
    /// LLDB's tests check and `lldb --repl="-I dir -L dir -lA"` shows); the compact
    /// display names the type as the compiler's diagnostics do, without, and the value as
    /// `debugPrint` does, with.
    @Test func anImportedModulesTypeKeepsItsModuleInTheLLDBDisplay() throws {
        let directory = try buildModuleA().path
        let inputs = ["import A", "let x = MyPoint()", "[MyPoint()]"]
        let options = ["-I", directory, "-L", directory, "-l", "A"]
        let lldb = try EvalHarness.runREPL(inputs, arguments: options + ["--display", "lldb"])
        #expect(lldb.output.hasPrefix("x: A.MyPoint = {\n  x = 0\n  y = 2\n}\n$R0: [A.MyPoint] = 1 value {\n"))
        let compact = try EvalHarness.runREPL(inputs, arguments: options)
        #expect(compact.output == "x: MyPoint = A.MyPoint(x: 0, y: 2)\n$R0: [MyPoint] = [A.MyPoint(x: 0, y: 2)]\n")
    }

    @Test func swiftVersionChoosesTheLanguageMode() throws {
        let inputs = ["protocol A {}", "class E: Error, A {}"]
        let swift5 = try EvalHarness.runREPL(inputs, arguments: ["--swift-version", "5"])
        #expect(swift5.output == "")
        #expect(swift5.status == 0)
        let swift6 = try EvalHarness.runREPL(inputs)
        #expect(swift6.output.contains("error: non-final class 'E' cannot conform to the 'Sendable' protocol"))
        let switched = try EvalHarness.runREPL([
            "protocol A {}", ":set swift-version 5", "class E: Error, A {}",
            ":set swift-version", ":set swift-version 7",
        ])
        #expect(
            switched.output == "Later inputs are compiled in Swift 5 mode.\nswift-version 5\n"
                + "swift-version is one of 4, 4.2, 5, 6, as in ':set swift-version 5'.\n")
    }

    @Test func compilerFlagsReachTheCompiler() throws {
        let file = EvalHarness.cacheHome.appendingPathComponent("flag-\(UUID().uuidString).swift")
        try "#if FEATURE\nprint(\"on\")\n#else\nprint(\"off\")\n#endif\n".write(
            to: file, atomically: true, encoding: .utf8)
        let on = try EvalHarness.runREPL([":load \(file.path)"], arguments: ["-Xswiftc", "-DFEATURE"])
        #expect(on.output == "on\n")
        let off = try EvalHarness.runREPL([":load \(file.path)"])
        #expect(off.output == "off\n")
    }

    /// `--package PATH`, as `swift run --repl`: the package's library and the target it
    /// depends on are importable; its executable is left out.
    @Test func aPackagesLibrariesAreImportable() throws {
        let root = EvalHarness.cacheHome.appendingPathComponent("package-\(UUID().uuidString)")
        let files = [
            "Package.swift": """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Greeter",
                products: [.library(name: "Greeter", targets: ["Greeter"])],
                targets: [
                    .target(name: "Core"),
                    .target(name: "Greeter", dependencies: ["Core"]),
                    .executableTarget(name: "tool", dependencies: ["Greeter"]),
                ]
            )
            """,
            "Sources/Core/Core.swift": "public func shout(_ s: String) -> String { s.uppercased() }\n",
            "Sources/Greeter/Greeter.swift":
                "import Core\npublic func greet(_ name: String) -> String { shout(\"hello, \") + name }\n",
            "Sources/tool/main.swift": "import Greeter\nprint(greet(\"tool\"))\n",
        ]
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let run = try EvalHarness.runREPL(["import Greeter", "greet(\"Ann\")"], arguments: ["--package", root.path])
        #expect(run.output == "$R0: String = \"HELLO, Ann\"\n", "\(run.errors)")
        #expect(run.errors.contains("building the package at \(root.path)"))
    }

    @Test func wrongOptionsAreExplained() throws {
        let version = try EvalHarness.runREPL([], arguments: ["--swift-version", "7"])
        #expect(version.status == 2)
        #expect(version.errors.contains("--swift-version needs one of 4, 4.2, 5, 6"))
        let package = try EvalHarness.runREPL([], arguments: ["--package", "/nonexistent/package"])
        #expect(package.status == 2)
        #expect(package.errors.contains("building the package at /nonexistent/package failed"))
        let include = try EvalHarness.runREPL([], arguments: ["-I"])
        #expect(include.errors.contains("-I needs a directory."))
    }
}
