import Foundation
import Testing

@testable import SourceKitInProcess

/// The toolchain's library, found from the `swiftc` on `PATH` (or `$SWIFTLAB_TOOLCHAIN`), as
/// swiftlab finds its compiler.
private func toolchainLibraryPath() -> String? {
    let environment = ProcessInfo.processInfo.environment
    var candidates = (environment["PATH"] ?? "/usr/bin").split(separator: ":").map { "\($0)/swiftc" }
    if let root = environment["SWIFTLAB_TOOLCHAIN"] { candidates.insert("\(root)/usr/bin/swiftc", at: 0) }
    guard let swiftc = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
    let bin = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
    let path = SourceKitLibrary.path(toolchainBinDirectory: bin)
    return FileManager.default.fileExists(atPath: path) ? path : nil
}

@Suite struct SourceKitLibraryTests {
    @Test func completesTheMembersOfAnArrayThroughADictionaryRequest() throws {
        let library = try SourceKitLibrary.load(path: try #require(toolchainLibraryPath()))
        let text = "let favouriteNumbers = [3, 1, 2]\nfavouriteNumbers."
        let response = try library.send([
            "key.request": .uid("source.request.codecomplete"), "key.sourcefile": "/nonexistent/main.swift",
            "key.sourcetext": .string(text), "key.offset": .int(Int64(text.utf8.count)),
            "key.compilerargs": ["/nonexistent/main.swift"],
        ])
        let results = try #require(response["key.results"]?.array)
        let names = Set(results.compactMap { $0["key.name"]?.string })
        #expect(names.isSuperset(of: ["sorted()", "map(:)", "count"]))
        #expect(!names.contains("sink(receiveValue:)"))
        let count = try #require(results.first { $0["key.name"]?.string == "count" })
        #expect(count["key.typename"] == .string("Int"))
        #expect(count["key.kind"] == .uid("source.lang.swift.decl.var.instance"))
    }

    @Test func sendsARequestWrittenInYAML() throws {
        let library = try SourceKitLibrary.load(path: try #require(toolchainLibraryPath()))
        let response = try library.send(
            yaml: #"{ key.request: source.request.codecomplete, key.sourcefile: "/nonexistent/a.swift", "#
                + #"key.sourcetext: "let s = \"\"\ns.", key.offset: 13, key.compilerargs: ["/nonexistent/a.swift"] }"#)
        let names = (response["key.results"]?.array ?? []).compactMap { $0["key.name"]?.string }
        #expect(names.contains("uppercased()"))
    }

    @Test func loadsEachLibraryOnce() throws {
        let path = try #require(toolchainLibraryPath())
        #expect(try SourceKitLibrary.load(path: path) === SourceKitLibrary.load(path: path))
    }

    @Test func reportsAnErrorResponse() throws {
        let library = try SourceKitLibrary.load(path: try #require(toolchainLibraryPath()))
        #expect {
            try library.send(["key.request": .uid("source.request.no-such-request")])
        } throws: { error in
            guard case SourceKitError.requestFailed(let kind, _) = error else { return false }
            return kind == "invalid"
        }
        #expect(throws: SourceKitError.self) { try library.send(yaml: "{ key.request: ") }
        #expect(throws: SourceKitError.self) { try library.send(["key.request": .bool(true)]) }
        #expect(throws: SourceKitError.self) { try library.send("not a dictionary") }
    }

    @Test func aMissingLibraryIsUnavailable() {
        #expect {
            try SourceKitLibrary.load(path: "/nonexistent/libsourcekitdInProc.so")
        } throws: { error in
            guard case SourceKitError.libraryUnavailable = error else { return false }
            return true
        }
        let notALibrary = FileManager.default.temporaryDirectory.appendingPathComponent("not-sourcekitd-\(getpid()).so")
        _ = FileManager.default.createFile(atPath: notALibrary.path, contents: Data("text".utf8))
        defer { try? FileManager.default.removeItem(at: notALibrary) }
        #expect(throws: SourceKitError.self) { try SourceKitLibrary.load(path: notALibrary.path) }
    }

    @Test func theWireFormRoundTripsEveryKindOfValue() throws {
        let value: SourceKitValue = [
            "key.results": [
                ["key.name": "sorted()", "key.kind": .uid("source.lang.swift.decl.function.method.instance")],
                .bool(true), .double(-2.5), .data([0, 255, 7]), .null, .int(-1), "é ✓",
            ],
            "key.empty": [], "key.big": .int(Int64.max),
        ]
        #expect(try SourceKitValue(decoding: value.encoded()) == value)
        #expect(throws: SourceKitError.self) { try SourceKitValue(decoding: Array(value.encoded().dropLast())) }
        #expect(throws: SourceKitError.self) { try SourceKitValue(decoding: value.encoded() + [0]) }
        #expect(throws: SourceKitError.self) { try SourceKitValue(decoding: [42]) }
    }
}

@Suite struct SourceKitFrameTests {
    @Test func readsFramesArrivingInPieces() throws {
        let first: SourceKitValue = ["key.request": .uid("source.request.codecomplete"), "key.offset": 3]
        let second: SourceKitValue = ["key.results": ["a", "b"]]
        let stream = first.framed() + second.framed()
        var arrived: [UInt8] = []
        var values: [SourceKitValue] = []
        for byte in stream {
            arrived.append(byte)
            if let value = try SourceKitValue.takeFrame(from: &arrived) { values.append(value) }
        }
        #expect(values == [first, second])
        #expect(arrived.isEmpty)
        #expect(try SourceKitValue.takeFrame(from: &arrived) == nil)
    }
}

@Suite struct SourceKitResultFilterTests {
    @Test func keepsResultsNamedWithThePrefixAndOnlyTheirKeys() throws {
        let response: SourceKitValue = [
            "key.results": [
                ["key.name": "sorted()", "key.typename": "[Int]", "key.doc.brief": "Sorts."],
                ["key.name": "map(:)", "key.typename": "[T]"],
            ],
            "key.unfiltered": 1,
        ]
        let filter = SourceKitResultFilter(namePrefix: "so", keys: ["key.name", "key.typename"])
        #expect(SourceKitResultFilter(value: filter.value) == filter)
        #expect(
            filter.apply(to: response) == [
                "key.results": [["key.name": "sorted()", "key.typename": "[Int]"]], "key.unfiltered": 1,
            ])
        #expect(SourceKitResultFilter(namePrefix: "").apply(to: response) == response)
    }

    @Test func errorsTravelAsValues() {
        for error in [
            SourceKitError.libraryUnavailable("gone"), .invalidRequest("bad"),
            .requestFailed(kind: "cancelled", message: "stop"),
        ] {
            #expect(SourceKitError(value: error.value) == error)
        }
        #expect(SourceKitError(value: ["key.results": []]) == nil)
    }
}
