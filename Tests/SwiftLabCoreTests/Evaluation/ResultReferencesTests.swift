import Testing

@testable import SwiftLabCore

@Suite("ResultReferences") struct ResultReferencesTests {
    static let known = [0: "Swift.Int", 1: "Cell2.Point", 2: "Swift.Array<Cell5.Point>"]

    func renamed(_ text: String, known: [Int: String] = known) -> ResultReferences {
        ResultReferences(in: CellItem(TopLevelItem(text: text, line: 1, column: 1)), known: known)
    }

    @Test func knownResultsAreRenamedToNamesOfTheSameLength() {
        let references = renamed("let y = $R0 + $R1.x + $R7")
        #expect(references.cellItem.item.text == "let y = _R0 + _R1.x + $R7")
        #expect(references.numbers == [0, 1])
        #expect(references.cellItem.kind == .binding(names: ["y"], keyword: "let"))
    }

    @Test func resultsInsideInterpolationsAreRenamedButNotInTheLiteralsText() {
        let references = renamed(#"print("$R0 is \($R0), \(f($R1))")"#)
        #expect(references.cellItem.item.text == #"print("$R0 is \(_R0), \(f(_R1))")"#)
    }

    @Test func anInputNamingTheGeneratedNameItselfKeepsItsResultName() {
        #expect(renamed("$R0 + _R0").cellItem.item.text == "$R0 + _R0")
    }

    @Test func onlyDollarRAndDigitsAreResults() {
        #expect(ResultReferences.resultNumber("$R12") == 12)
        #expect(ResultReferences.resultNumber("$R") == nil)
        #expect(ResultReferences.resultNumber("$Rx") == nil)
        #expect(ResultReferences.resultNumber("$0") == nil)
    }

    static let cells = [
        GeneratedCell(
            number: 2, moduleName: "Cell2", entrySymbol: "", source: "",
            declarations: [.init(name: "Point", keyword: "struct")],
            imports: [], exportsDeclarations: true, columnShifts: []),
        GeneratedCell(
            number: 5, moduleName: "Cell5", entrySymbol: "", source: "",
            declarations: [.init(name: "Point", keyword: "struct")],
            imports: [], exportsDeclarations: true, columnShifts: []),
    ]

    func accessor(_ number: Int, _ type: String, whole: Set<String>, names: Set<String> = [])
        -> ResultReferences.Accessor
    {
        ResultReferences.accessor(
            of: number, type: type, wholeImports: whole, earlierCells: Self.cells, namesInInput: names)
    }

    @Test func theAccessorHasTheResultsType() {
        #expect(
            accessor(1, "Cell5.Point", whole: ["Cell5"])
                == ResultReferences.Accessor(
                    declaration: "nonisolated private var _R1: Cell5.Point { get { SwiftLabRuntime.result(1) }"
                        + " set { SwiftLabRuntime.setResult(1, to: newValue) } }",
                    imports: []))
    }

    /// Cell2's `Point` was declared again in Cell5, so Cell2 is not imported whole.
    @Test func aReplacedTypeIsImportedByNameUnlessTheInputNamesIt() {
        let old = accessor(2, "Swift.Array<Cell2.Point>", whole: ["Cell5"])
        #expect(old.declaration.hasPrefix("nonisolated private var _R2: Swift.Array<Cell2.Point> {"))
        #expect(old.imports == ["@testable import struct Cell2.Point"])
        let named = accessor(2, "Swift.Array<Cell2.Point>", whole: ["Cell5"], names: ["Point"])
        #expect(named.declaration.hasPrefix("nonisolated private var _R2: Any {"))
        #expect(named.imports.isEmpty)
    }

    @Test func aTypeWithoutANameInSourceIsAny() {
        #expect(
            accessor(3, "Cell2.(unknown context at $1234).Local", whole: ["Cell2"]).declaration
                .hasPrefix("nonisolated private var _R3: Any {"))
    }

    @Test func cellQualifiersAreFoundInGenericArguments() {
        let found = ResultReferences.cellTypes(in: "Cell3.Box<Cell12.Point.Inner, MyCell4.X>")
        #expect(found.map(\.module) == ["Cell3", "Cell12"])
        #expect(found.map(\.name) == ["Box", "Point"])
    }

    @Test func theGeneratorDeclaresTheResultsACellNames() {
        var context = CellGenerator.Context()
        context.results = Self.known
        let cell = CellGenerator.generate(number: 9, input: ParsedInput("$R0 + 5"), context: context)
        #expect(cell.source.contains("nonisolated private var _R0: Swift.Int {"))
        #expect(!cell.source.contains("_R1"))
        #expect(cell.source.contains("_R0 + 5"))
    }
}
