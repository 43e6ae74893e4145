import Foundation
import Testing

@testable import SwiftLabCore

/// Every program in Tests/Fixtures/Programs prints the same through `swiftlab < file` as
/// compiled by `swiftc` as one file (see its README). Swift Testing runs the programs two
/// at a time (the cooperative pool's width), each compile overlapping another's run.
@Suite struct DifferentialProgramTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Programs")

    static let programs: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".swift") }.sorted()

    @Test func thereAreAtLeastFortyPrograms() {
        #expect(Self.programs.count >= 40)
    }

    @Test(arguments: programs)
    func printsWhatSwiftcPrints(_ name: String) throws {
        let file = Self.folder.appendingPathComponent(name)
        let source = try String(contentsOf: file, encoding: .utf8)
        let header = source.split(separator: "\n").prefix { $0.hasPrefix("//") }
        let version = header.contains("// swift-version: 6") ? "6" : "5"
        let inherent = header.first { $0.hasPrefix("// inherent:") }
        let expected = try Self.swiftcOutput(of: file, swiftVersion: version)
        let run = try EvalHarness.runREPL([source], arguments: ["--swift-version", version])
        let printed = Self.withoutResultLines(run.output)
        if let inherent {
            withKnownIssue(Comment(rawValue: String(inherent.dropFirst(3)))) {
                #expect(printed == expected)
            }
        } else {
            #expect(printed == expected, "\(name): swiftlab printed\n\(run.output)\(run.errors)")
        }
    }

    /// What the program prints (stdout) compiled by `swiftc` as one file.
    static func swiftcOutput(of file: URL, swiftVersion: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("differential-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let executable = directory.appendingPathComponent("main")
        let compiled = try EvalHarness.run([
            "/usr/bin/env", "swiftc", "-swift-version", swiftVersion, file.path, "-o", executable.path,
        ])
        guard compiled.status == 0 else { throw DifferentialError.didNotCompile(compiled.output) }
        return try EvalHarness.run([executable.path]).output
    }

    /// swiftlab's transcript without the lines it shows results on (`$R0: Int = 1`,
    /// `name: Type = value`).
    static func withoutResultLines(_ transcript: String) -> String {
        transcript.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            line.range(of: #"^(\$R[0-9]+|[A-Za-z_][A-Za-z0-9_]*): [^=]+ = "#, options: .regularExpression) == nil
        }.joined(separator: "\n")
    }

    enum DifferentialError: Error {
        case didNotCompile(String)
    }
}
