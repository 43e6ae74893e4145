import Testing
@testable import SwiftLabCore

@Suite("WrittenType") struct WrittenTypeTests {
    static let aliases = WrittenType.Aliases(all: ["Celsius", "X"], topLevel: ["Celsius"])

    func item(_ text: String) -> CellItem { CellItem(TopLevelItem(text: text, line: 1, column: 1)) }

    @Test func aliasNamesIncludeNestedOnes() {
        #expect(WrittenType.aliasNames(in: item("class Foo { typealias X = Int }; typealias Y = X").tokens) == ["X", "Y"])
    }

    @Test func annotationsNamingAnAliasAreKeptAsWritten() {
        #expect(WrittenType.bindingTypes(in: item("let t: Celsius = 20"), aliases: Self.aliases) == ["t": "Celsius"])
        #expect(WrittenType.bindingTypes(in: item("var a: [String:Celsius]? = nil, b: Int = 1"), aliases: Self.aliases)
            == ["a": "[String:Celsius]?"])
        #expect(WrittenType.bindingTypes(in: item("let n: Int = 1"), aliases: Self.aliases).isEmpty)
    }

    @Test func initializerCallsOfAnAliasGiveItsName() {
        #expect(WrittenType.bindingTypes(in: item("let u = Celsius(3)"), aliases: Self.aliases) == ["u": "Celsius"])
        #expect(WrittenType.expressionType(of: item("Foo.X(0)"), aliases: Self.aliases) == "Foo.X")
        #expect(WrittenType.expressionType(of: item("Foo.X.init(0)"), aliases: Self.aliases) == "Foo.X")
        // An unqualified X is no top-level alias: X(0) calls something else.
        #expect(WrittenType.expressionType(of: item("X(0)"), aliases: Self.aliases) == nil)
        #expect(WrittenType.expressionType(of: item("Celsius(1) + 2"), aliases: Self.aliases) == nil)
        #expect(WrittenType.expressionType(of: item("Celsius(1).magnitude"), aliases: Self.aliases) == nil)
        #expect(WrittenType.expressionType(of: item("[Celsius(1)]"), aliases: Self.aliases) == nil)
    }

    @Test func theGeneratorPassesTheWrittenTypeToTheDisplay() {
        let declaring = CellGenerator.generate(number: 1, input: ParsedInput("typealias Celsius = Double"), context: .init())
        #expect(declaring.typeAliasNames == ["Celsius"])
        var context = CellGenerator.Context()
        context.earlierCells = [declaring]
        let cell = CellGenerator.generate(number: 2, input: ParsedInput("let t: Celsius = 20"), context: context)
        #expect(cell.source.contains(#"SwiftLabRuntime.displayBinding(t, named: "t", writtenType: "Celsius")"#))
    }
}
