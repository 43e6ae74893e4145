import Testing

@testable import SwiftLabCore

@Suite("CellGenerator") struct CellGeneratorTests {
    @Test func itemsKeepTheirColumnsAndGeneratedLinesHaveFilesOfTheirOwn() throws {
        let cell = CellGenerator.generate(number: 3, input: ParsedInput("let a = 1;  a + 1"), context: .init())
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
        let cell = CellGenerator.generate(number: 1, input: ParsedInput("let v = try f()"), context: .init())
        #expect(cell.source.contains("let v = SwiftLabRuntime.topLevel(try f())"))
        #expect(cell.columnShifts == [ColumnShift(line: 1, column: 9, width: "SwiftLabRuntime.topLevel(".utf8.count)])
    }

    /// Generates `inputs` one after another, each seeing the ones before it as accepted;
    /// `narrow`: importing only the cells whose names they mention (``NarrowImports``), else
    /// every earlier declaring cell, as the retry does (the tests of how cells are imported).
    func cells(_ inputs: [String], narrow: Bool = false) -> [GeneratedCell] {
        var context = CellGenerator.Context()
        context.importsEveryEarlierCell = !narrow
        var cells: [GeneratedCell] = []
        for (index, input) in inputs.enumerated() {
            cells.append(CellGenerator.generate(number: index + 1, input: ParsedInput(input), context: context))
            context.earlierCells = cells
        }
        return cells
    }

    func importLines(_ cell: GeneratedCell) -> [String] {
        cell.source.split(separator: "\n").map(String.init).filter { $0.hasPrefix("@testable import") }
    }

    @Test func earlierCellsThatDeclaredSomethingAreImportedWhole() {
        let cells = cells(["let x = 1", "x + 1", "struct P {}", "P()"])
        // A type also by a scoped import, so that it shadows one of the implicit imports
        // (Streams' `Record`), as a file's own types do.
        #expect(
            importLines(cells[3]) == [
                "@testable import Cell1", "@testable import Cell3", "@testable import struct Cell3.P",
            ])
    }

    /// A function with other parameters is an overload: both cells stay imported whole.
    @Test func anOverloadEnteredLaterKeepsTheEarlierOne() {
        let cells = cells([
            "func f(_ x: Int) {}", "func f(_ x: String) {}", "prefix func - (a: Int) -> Int { a }", "f(1)",
        ])
        #expect(
            importLines(cells[3]) == ["@testable import Cell1", "@testable import Cell2", "@testable import Cell3"])
        let replaced = self.cells(["func f(_ x: Int) {}\nlet k = 1", "func f(_ y: Int) -> Int { y }", "f(1)"])
        #expect(importLines(replaced[2]) == ["@testable import let Cell1.k", "@testable import Cell2"])
    }

    @Test func aCellWhoseNamesAreAllDeclaredAgainIsImportedByItsMarkerOnly() {
        let cells = cells([
            "enum E { case a }", "func g() -> E { .a }", "enum E { case b }\nfunc g() -> E { .b }", "g()",
        ])
        #expect(cells[0].source.contains("\nenum __SwiftLabCell1 {}\n"))
        #expect(
            importLines(cells[3]) == [
                "@testable import enum Cell1.__SwiftLabCell1", "@testable import enum Cell2.__SwiftLabCell2",
                "@testable import Cell3", "@testable import enum Cell3.E",
            ])
        // The input that declares them again does not see the earlier ones either.
        #expect(
            importLines(cells[2]) == [
                "@testable import enum Cell1.__SwiftLabCell1", "@testable import enum Cell2.__SwiftLabCell2",
            ])
        // A cell that declares nothing has no marker.
        #expect(!cells[3].source.contains("enum __SwiftLabCell4"))
    }

    @Test func theNamesLeftInACellAreImportedOneByOne() {
        let cells = cells(["struct P {}\nlet (a, b) = (1, 2)\nfunc f() {}", "func f() -> Int { 1 }", "f()"])
        #expect(
            importLines(cells[2]) == [
                "@testable import struct Cell1.P", "@testable import let Cell1.a", "@testable import let Cell1.b",
                "@testable import Cell2",
            ])
    }

    @Test func extensionMembersDeclaredAgainReplaceTheEarlierExtension() {
        let cells = cells([
            "extension Sequence { func twice() -> [Element] { [] } }",
            "extension Sequence { func twice() -> [Element] { [] } }\nfunc helper() {}",
            "extension Array { func twice() -> Int { 1 } }",
            "[1].twice()",
        ])
        #expect(cells[0].extensions == [.init(extendedType: "Sequence", members: ["twice"])])
        // Its extension replaced, Cell1 is not imported at all: its marker would show the
        // extension. Array.twice does not replace Sequence.twice.
        #expect(importLines(cells[3]) == ["@testable import Cell2", "@testable import Cell3"])
        // Once `helper` is declared again, Cell2 is still imported for its extension.
        let later = self.cells([
            "extension Sequence { func twice() -> [Element] { [] } }\nfunc helper() {}",
            "func helper() -> Int { 1 }", "helper()",
        ])
        #expect(importLines(later[2]) == ["@testable import enum Cell1.__SwiftLabCell1", "@testable import Cell2"])
    }

    @Test func aCellDeclaringAnOperatorIsImportedWholeAndTheNewestNamePreferred() {
        let cells = cells([
            "infix operator +++\nfunc +++ (a: Int, b: Int) -> Int { a + b }\nfunc f() -> Int { 1 }",
            "func f() -> Int { 2 }", "f()", "let f = 3",
        ])
        #expect(
            importLines(cells[2]) == [
                "@testable import Cell1", "@testable import Cell2", "@testable import func Cell2.f",
            ])
        // The cell's own `f` shadows the imported ones: no scoped import for it.
        #expect(importLines(cells[3]) == ["@testable import Cell1", "@testable import enum Cell2.__SwiftLabCell2"])
        // Once the operator is declared again too, nothing of Cell1 is left.
        let again = self.cells([
            "infix operator +++\nfunc +++ (a: Int, b: Int) -> Int { a + b }\nfunc f() -> Int { 1 }",
            "func f() -> String { \"\" }",
            "infix operator +++\nfunc +++ (a: Int, b: Int) -> Int { a - b }\nfunc f() -> Int { 1 }", "f()",
        ])
        #expect(
            importLines(again[3]) == [
                "@testable import enum Cell1.__SwiftLabCell1", "@testable import enum Cell2.__SwiftLabCell2",
                "@testable import Cell3",
            ])
        // An operator's implementation does not replace its declaration.
        let split = self.cells(["infix operator +++", "func +++ (a: Int, b: Int) -> Int { a + b }", "1 +++ 2"])
        #expect(importLines(split[1]) == ["@testable import Cell1"])
        #expect(importLines(split[2]) == ["@testable import Cell1", "@testable import Cell2"])
    }

    @Test func aCellImportsOnlyTheEarlierCellsDeclaringNamesItMentions() {
        let cells = cells(
            [
                "let xs = [1, 2, 3]", "let v1 = xs.count", "struct P { var weight = 1 }\nenum E { case red, green }",
                "let p = P()", "\"\\(v1 + 1)\"", "p.weight", "let e: E = .green", "xs.count",
            ], narrow: true)
        #expect(importLines(cells[1]) == ["@testable import Cell1"])
        // Inside a string interpolation too.
        #expect(importLines(cells[4]) == ["@testable import Cell2"])
        #expect(cells[4].leavesOutEarlierCells)
        // A member reaches the cell that declares its type (`@testable` access to it).
        let cell3 = ["@testable import Cell3", "@testable import struct Cell3.P", "@testable import enum Cell3.E"]
        #expect(importLines(cells[5]) == cell3 + ["@testable import Cell4"])
        #expect(importLines(cells[6]) == cell3)
        #expect(importLines(cells[7]) == ["@testable import Cell1"])
        // Importing every cell: nothing is left out.
        let wide = self.cells(["let xs = [1, 2, 3]", "let v1 = 2", "xs.count"])
        #expect(importLines(wide[2]) == ["@testable import Cell1", "@testable import Cell2"])
        #expect(!wide[2].leavesOutEarlierCells)
    }

    @Test func aCellStatingAConformanceIsAlwaysImported() {
        let cells = cells(
            ["protocol Named {}", "extension Int: Named {}", "let y = 2", "func f() {}", "y + 1"], narrow: true)
        #expect(importLines(cells[4]) == ["@testable import Cell2", "@testable import Cell3"])
    }

    @Test func namesACellDeclaresForLaterInputs() {
        let cell = CellGenerator.generate(
            number: 1,
            input: ParsedInput(
                "struct P { let a: Int; func `class`() {} }\nenum E: Int { case x = 1, y(Int), z }\nlet (m, n) = (1, 2)\ninfix operator +++"
            ), context: .init())
        #expect(cell.reachableNames == ["P", "a", "class", "E", "x", "y", "z", "m", "n", "+++"])
    }

    @Test func topLevelAwaitRunsTheBodyAsATask() {
        let cell = CellGenerator.generate(number: 4, input: ParsedInput("await work()"), context: .init())
        #expect(cell.source.contains("@MainActor func Cell4_body() async throws {"))
        #expect(cell.source.contains("await SwiftLabRuntime.displayResult("))
        #expect(cell.source.contains("Task { @MainActor in"))
    }
}
