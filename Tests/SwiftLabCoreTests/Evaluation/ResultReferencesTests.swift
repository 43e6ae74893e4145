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

    @Test func theAccessorHasTheResultsTypeWhereItCanBeNamed() {
        #expect(ResultReferences.declaration(of: 1, type: "Cell2.Point", wholeImports: ["Cell2"])
            == "nonisolated private var _R1: Cell2.Point { get { SwiftLabRuntime.result(1) }"
            + " set { SwiftLabRuntime.setResult(1, to: newValue) } }")
        // Cell5 is imported by scoped imports only (its Point was declared again): `Any`.
        #expect(ResultReferences.declaration(of: 2, type: "Swift.Array<Cell5.Point>", wholeImports: ["Cell2"])
            .hasPrefix("nonisolated private var _R2: Any {"))
        #expect(ResultReferences.declaration(of: 3, type: "Cell2.(unknown context at $1234).Local", wholeImports: ["Cell2"])
            .hasPrefix("nonisolated private var _R3: Any {"))
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
