import Foundation
import Testing

@testable import SwiftLabCore

/// Values and types as the REPL shows them, checked against the same inputs compiled
/// and run as one Swift script.
@Suite(.serialized) struct EvalValueTests {
    func expectTranscript(
        _ inputs: [String], environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let expected = try EvalHarness.expectedTranscript(for: inputs)
        let run = try EvalHarness.runREPL(inputs, environment: environment)
        #expect(run.output == expected, sourceLocation: sourceLocation)
        #expect(run.status == 0, sourceLocation: sourceLocation)
    }

    @Test func literalsCollectionsOptionalsTuplesClosures() throws {
        try expectTranscript([
            "42", "3.25", "\"hello\"", "true", "var xs = [1, 2, 3]", "xs.map { $0 * 2 }",
            "let ages = [\"ann\": 31]", "ages[\"ann\"]", "ages[\"bob\"]", "let pair = (1, \"one\")", "pair.1",
            "let twice = { (x: Int) in x * 2 }", "twice(21)", "Set([3])", "1...3", "xs.first",
            "let nothing: Int? = nil", "[Int?](arrayLiteral: 1, nil)", "xs.append(4)", "xs",
        ])
    }

    @Test func typesGenericsErrorsAndInterpolation() throws {
        try expectTranscript([
            "struct Point: Equatable {\n    var x: Int\n    var y: Int\n}",
            "let p = Point(x: 1, y: 2)",
            "class Counter {\n    var count = 0\n    func increment() -> Int {\n        count += 1\n        return count\n    }\n}",
            "let counter = Counter()", "counter.increment()", "counter.increment()",
            "enum Suit: String, CaseIterable { case hearts, spades }", "Suit.allCases", "Suit.hearts.rawValue",
            "struct Box<T> { var value: T }", "Box(value: [1.5])", "func first<T>(_ xs: [T]) -> T? { xs.first }",
            "first([\"a\"])",
            "struct Oops: Error { var reason: String }",
            "func risky(_ n: Int) throws -> Int { if n < 0 { throw Oops(reason: \"negative\") }; return n }",
            "do { _ = try risky(-1) } catch let error as Oops { print(\"caught\", error.reason) }",
            "let fine = try risky(5)", "try? risky(-2)",
            "\"\\(p.x) + \\(p.y) = \\(p.x + p.y)\"", "[\"ab\", \"cd\"].flatMap { $0 }",
            "print(\"printed\", p)",
            "protocol Shape { func area() -> Double }",
            "struct Square: Shape { var side: Double; func area() -> Double { side * side } }",
            "let shape: any Shape = Square(side: 3)", "shape.area()",
        ])
    }

    @Test func laterDeclarationsShadowEarlierOnes() throws {
        try expectTranscript([
            "let x = 1", "x + 1", "let x = \"one\"", "x.count",
            "func f() -> Int { 1 }", "f()", "func f() -> Int { 2 }", "f()",
            "var counter = 10", "counter += 1", "counter",
            "struct Item { var weight: Int }", "let old = Item(weight: 1)",
            "struct Item { var name: String }", "Item(name: \"new\")", "old.weight",
        ])
    }

    /// CI starts with an empty cache: the first start's notice is for the person, on
    /// standard error, and never part of the transcript.
    @Test func aColdModuleCacheLeavesTheTranscriptAlone() throws {
        let home = EvalHarness.cacheHome.appendingPathComponent("cold-\(UUID().uuidString)")
        try expectTranscript(
            ["let x = 1", "x + 1", "let x = \"one\"", "x.count"],
            environment: ["XDG_CACHE_HOME": home.path])
    }
}
