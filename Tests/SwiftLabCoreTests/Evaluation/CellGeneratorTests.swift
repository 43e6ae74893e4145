import Testing
@testable import SwiftLabCore

@Suite("CellGenerator") struct CellGeneratorTests {
    @Test func itemsKeepTheirColumnsAndGeneratedLinesHaveFilesOfTheirOwn() throws {
        let cell = CellGenerator.generate(number: 3, input: "let a = 1;  a + 1", context: .init())
        let lines = cell.source.split(separator: "\n").map(String.init)
        let binding = try #require(lines.firstIndex(of: "let a = 1"))
        #expect(lines[binding - 2] == "#sourceLocation(file: \"input 3.1\", line: 1)")
        #expect(lines[binding - 1] == "@MainActor")
        let expression = try #require(lines.firstIndex(of: String(repeating: " ", count: 12) + "a + 1"))
        #expect(lines[expression - 1] == "SwiftLabRuntime.displayResult(")
        #expect(cell.declarations == [.init(name: "a", keyword: "let")])
        #expect(cell.exportsDeclarations)
    }

    @Test func throwingInitializerIsWrappedAndItsColumnsRecorded() {
        let cell = CellGenerator.generate(number: 1, input: "let v = try f()", context: .init())
        #expect(cell.source.contains("let v = SwiftLabRuntime.topLevel(try f())"))
        #expect(cell.columnShifts == [ColumnShift(line: 1, column: 9, width: "SwiftLabRuntime.topLevel(".utf8.count)])
    }

    @Test func earlierCellsAndShadowingNamesAreImported() {
        var context = CellGenerator.Context()
        context.earlierModules = ["Cell1", "Cell2"]
        context.scopedImports = [("struct", "Cell2", "P"), ("let", "Cell2", "x")]
        let cell = CellGenerator.generate(number: 3, input: "let x = 2", context: context)
        #expect(cell.source.contains("@testable import Cell1\n@testable import Cell2\n"))
        #expect(cell.source.contains("@testable import struct Cell2.P\n"))
        // The cell's own `x` shadows the imported ones: no scoped import for it.
        #expect(!cell.source.contains("import let Cell2.x"))
    }

    @Test func topLevelAwaitRunsTheBodyAsATask() {
        let cell = CellGenerator.generate(number: 4, input: "await work()", context: .init())
        #expect(cell.source.contains("@MainActor func Cell4_body() async throws {"))
        #expect(cell.source.contains("await SwiftLabRuntime.displayResult("))
        #expect(cell.source.contains("Task { @MainActor in"))
    }
}
