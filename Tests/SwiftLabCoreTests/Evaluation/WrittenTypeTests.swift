import Testing

@testable import SwiftLabCore

@Suite("WrittenType") struct WrittenTypeTests {
    static let scope = WrittenType.Scope(
        aliases: ["Celsius", "X"], topLevelAliases: ["Celsius"],
        functionReturnTypes: ["toCelsius": "[Celsius]?", "half": "Double"])

    func item(_ text: String) -> CellItem { CellItem(TopLevelItem(text: text, line: 1, column: 1)) }

    @Test func aliasNamesIncludeNestedOnes() {
        #expect(
            WrittenType.aliasNames(in: item("class Foo { typealias X = Int }; typealias Y = X").tokens) == ["X", "Y"])
    }

    @Test func annotationsNamingAnAliasAreKeptAsWritten() {
        #expect(WrittenType.bindingTypes(in: item("let t: Celsius = 20"), scope: Self.scope) == ["t": "Celsius"])
        #expect(
            WrittenType.bindingTypes(in: item("var a: [String:Celsius]? = nil, b: Int = 1"), scope: Self.scope)
                == ["a": "[String:Celsius]?"])
        #expect(WrittenType.bindingTypes(in: item("let n: Int = 1"), scope: Self.scope).isEmpty)
    }

    @Test func initializerCallsOfAnAliasGiveItsName() {
        #expect(WrittenType.bindingTypes(in: item("let u = Celsius(3)"), scope: Self.scope) == ["u": "Celsius"])
        #expect(WrittenType.expressionType(of: item("Foo.X(0)"), scope: Self.scope) == "Foo.X")
        #expect(WrittenType.expressionType(of: item("Foo.X.init(0)"), scope: Self.scope) == "Foo.X")
        // An unqualified X is no top-level alias: X(0) calls something else.
        #expect(WrittenType.expressionType(of: item("X(0)"), scope: Self.scope) == nil)
        #expect(WrittenType.expressionType(of: item("Celsius(1) + 2"), scope: Self.scope) == nil)
        #expect(WrittenType.expressionType(of: item("Celsius(1).magnitude"), scope: Self.scope) == nil)
        #expect(WrittenType.expressionType(of: item("[Celsius(1)]"), scope: Self.scope) == nil)
    }

    @Test func callsOfFunctionsReturningAnAliasGiveTheirReturnType() {
        #expect(WrittenType.expressionType(of: item("toCelsius(451)"), scope: Self.scope) == "[Celsius]?")
        #expect(WrittenType.expressionType(of: item("try await toCelsius(451)"), scope: Self.scope) == "[Celsius]?")
        #expect(WrittenType.expressionType(of: item("try? toCelsius(451)"), scope: Self.scope) == nil)
        #expect(WrittenType.bindingTypes(in: item("let c = toCelsius(1)"), scope: Self.scope) == ["c": "[Celsius]?"])
        #expect(WrittenType.expressionType(of: item("half(3)"), scope: Self.scope) == nil)
    }

    @Test func returnTypesAreReadFromFunctionDeclarations() {
        let cells = ParsedInput(
            """
            func toCelsius(_ f: Double) async throws -> [Celsius]? where Celsius: Sendable { nil }
            func same() -> Int { 1 }; func same(_ x: Int) -> Int { x }
            func differ() -> Int { 1 }; func differ(_ x: Int) -> Celsius { 0 }
            func generic<T>(_ x: T) -> T { x }
            func opaque() -> some Equatable { 1 }
            func nothing() {}
            """
        ).cellItems
        #expect(WrittenType.functionReturnTypes(in: cells) == ["toCelsius": "[Celsius]?", "same": "Int"])
    }

    @Test func aFunctionDeclaredAgainGivesItsNewReturnType() {
        let first = CellGenerator.generate(
            number: 1, input: ParsedInput("typealias C = Double; func f() -> C { 1 }"),
            context: .init())
        let second = CellGenerator.generate(number: 2, input: ParsedInput("func f() -> Double { 1 }"), context: .init())
        #expect(WrittenType.Scope(visibleIn: ParsedInput("f()"), after: [first]).functionReturnTypes == ["f": "C"])
        #expect(
            WrittenType.Scope(visibleIn: ParsedInput("f()"), after: [first, second]).functionReturnTypes == [
                "f": "Double"
            ])
    }

    @Test func theGeneratorPassesTheWrittenTypeToTheDisplay() {
        let declaring = CellGenerator.generate(
            number: 1, input: ParsedInput("typealias Celsius = Double"), context: .init())
        #expect(declaring.typeAliasNames == ["Celsius"])
        var context = CellGenerator.Context()
        context.earlierCells = [declaring]
        let cell = CellGenerator.generate(number: 2, input: ParsedInput("let t: Celsius = 20"), context: context)
        #expect(cell.source.contains(#"SwiftLabRuntime.displayBinding(t, named: "t", writtenType: "Celsius")"#))
    }
}
