import Testing

@testable import SwiftLabRuntime

final class Bar {
    var bar = 2
    var baaz = 3
}
final class Node {
    var next: Node?
    var v = 1
}
class Base { var a = 1 }
final class Derived: Base { var b = "two" }
final class Described: CustomStringConvertible { var description: String { "described" } }
struct Point {
    var x: Int
    var y: Int
}

@Suite struct CompactDisplayTests {
    func compact<T>(_ value: T, _ name: String = "$R0", width: Int = 80) -> String {
        // Types declared here carry this module's name, as a cell's carry `CellN`.
        SwiftLabRuntime.describe(value, named: name, style: .compact, width: width)
            .replacing("SwiftLabRuntimeTests.", with: "")
    }

    @Test func valuesKeepSwiftsOwnSpelling() {
        #expect(compact([20, 17, 2, 7]) == "$R0: [Int] = [20, 17, 2, 7]")
        let tinky: UInt8? = 250
        #expect(compact(tinky, "tinky") == "tinky: UInt8? = Optional(250)")
        #expect(compact(["a": 1]) == "$R0: [String: Int] = [\"a\": 1]")
        #expect(compact(Point(x: 1, y: 2)) == "$R0: Point = Point(x: 1, y: 2)")
        #expect(compact(0.0) == "$R0: Double = 0.0")
    }

    @Test func classInstancesShowTheirStoredProperties() {
        #expect(compact(Bar()) == "$R0: Bar = Bar(bar: 2, baaz: 3)")
        #expect(compact(Derived()) == "$R0: Derived = Derived(a: 1, b: \"two\")")
        #expect(compact([Bar()]) == "$R0: [Bar] = [Bar(bar: 2, baaz: 3)]")
        #expect(compact(Optional(Bar())) == "$R0: Bar? = Optional(Bar(bar: 2, baaz: 3))")
        #expect(compact(Described()) == "$R0: Described = described")
    }

    @Test func aCycleIsCutAndNaNIsNamed() {
        let node = Node()
        node.next = node
        #expect(compact(node) == "$R0: Node = Node(next: Optional(Node(...)), v: 1)")
        #expect(compact(Double.nan) == "$R0: Double = NaN")
        #expect(compact(-Double.nan) == "$R0: Double = NaN")
    }

    @Test func aLongCollectionShowsItsFirstHundredAndItsCount() {
        let text = compact(Array(0..<1000), width: 100_000)
        #expect(text.hasPrefix("$R0: [Int] = [0, 1, 2,"))
        #expect(text.hasSuffix(", 98, 99, ...] (1000 values)"))
    }

    @Test func aValueWiderThanTheTerminalBreaksOneMemberALine() {
        let points = [Point(x: 1, y: 2), Point(x: 3, y: 4)]
        #expect(
            compact(points, "points", width: 40) == """
                points: [Point] = [
                  Point(x: 1, y: 2),
                  Point(x: 3, y: 4)
                ]
                """)
        #expect(compact(points, "points", width: 120) == "points: [Point] = [Point(x: 1, y: 2), Point(x: 3, y: 4)]")
        #expect(
            compact(points[...], "slice", width: 40) == """
                slice: ArraySlice<Point> = ArraySlice([
                  Point(x: 1, y: 2),
                  Point(x: 3, y: 4)
                ])
                """)
        #expect(compact(["a, b": "(c"], "s", width: 10) == "s: [String: String] = [\n  \"a, b\": \"(c\"\n]")
    }
}

/// What a lesson's `expectEqual` reports: values as the REPL shows them.
@Suite struct CheckReportValueTests {
    /// Reported as `Swift.Result<Swift.Int, Cell7.OddNumberError>.failure(...)` before;
    /// the standard library's module is left out here as the cells' are.
    @Test func expectedAndActualAreSpelledAsTheREPLShowsThem() {
        let report = equalityReport(Result<[Int], Never>.success([3]), Result<[Int], Never>.success([2]), "halved")
        #expect(!report.passed)
        #expect(report.expected == "Result<Array<Int>, Never>.success([2])")
        #expect(report.actual == "Result<Array<Int>, Never>.success([3])")
        #expect(equalityReport(["a"], ["a"], "same").expected == #"["a"]"#)
    }
}
