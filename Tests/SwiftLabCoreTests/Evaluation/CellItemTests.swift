import Testing

@testable import SwiftLabCore

@Suite("CellItem classification") struct CellItemTests {
    func kinds(_ input: String) -> [CellItem.Kind] {
        SwiftLexer.topLevelItems(in: input).map { CellItem($0).kind }
    }

    @Test func declarationsBindingsStatementsAndExpressions() {
        #expect(kinds("import Foundation") == [.importDeclaration(module: "Foundation")])
        #expect(kinds("import struct Foundation.Date") == [.importDeclaration(module: "Foundation")])
        #expect(kinds("@MainActor final class K {}") == [.declaration(name: "K", keyword: "class")])
        #expect(
            kinds("extension Int { var twice: Int { self * 2 } }") == [.declaration(name: nil, keyword: "extension")])
        #expect(kinds("infix operator +++") == [.declaration(name: "+++", keyword: "operator")])
        #expect(kinds("private(set) var x = 1") == [.binding(names: ["x"], keyword: "var")])
        #expect(kinds("for i in 0..<3 { print(i) }") == [.statement])
        #expect(kinds("x = 5") == [.statement])
        #expect(kinds("x += 5") == [.statement])
        #expect(kinds("x == 5") == [.expression])
        #expect(kinds("xs.map { $0 = 1 }") == [.expression])
        #expect(kinds("let _ = f()") == [.statement])
    }

    @Test func namesBoundByPatterns() {
        #expect(kinds("let (a, b): (Int, Int) = (1, 2)") == [.binding(names: ["a", "b"], keyword: "let")])
        #expect(kinds("var a = 1, b: Int = 2") == [.binding(names: ["a", "b"], keyword: "var")])
        #expect(kinds("let d = Dictionary<String, Int>()") == [.binding(names: ["d"], keyword: "let")])
        #expect(kinds("let (_, second) = pair") == [.binding(names: ["second"], keyword: "let")])
    }

    @Test func membersOfAnExtension() {
        func members(_ input: String) -> GeneratedCell.Extension? {
            SwiftLexer.topLevelItems(in: input).first.flatMap { CellItem($0).extensionMembers }
        }
        #expect(
            members(
                """
                public extension Outer.Inner<Int>: Equatable where T: Hashable {
                    static func == (a: Self, b: Self) -> Bool { let inner = 1; return true }
                    mutating func step() { func nested() {} }
                    var doubled: Int { let x = 2; return x }
                    init(seed: Int) {}
                    subscript(i: Int) -> Int { i }
                    struct Nested {}
                }
                """)
                == .init(
                    extendedType: "Outer.Inner", members: ["==", "step", "doubled", "init", "subscript", "Nested"],
                    statesConformances: true))
        #expect(members("extension P: Q {}") == .init(extendedType: "P", members: [], statesConformances: true))
        #expect(members("extension Array<Array<Int>> { func f() {} }") == .init(extendedType: "Array", members: ["f"]))
        #expect(members("extension [Int] { func f() {} }") == .init(extendedType: "[Int]", members: ["f"]))
        #expect(members("struct S {}") == nil)
    }
}
