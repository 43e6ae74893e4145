import Pipelines
import Testing

/// Each operator against the standard library's eager chain on the same input.
@Suite struct OperatorTests {
    static let inputs: [[Int]] = [[], [7], [1, 2, 3, 4, 5, 6], [-3, 0, 3, 8, -8, 5, 5, 12]]

    @Test(arguments: inputs) func map(input: [Int]) {
        #expect(Pipeline<Int, Int>().map { $0 * 3 }.run(input) == input.map { $0 * 3 })
        #expect(Pipeline<Int, Int>().map { "\($0)" }.run(input) == input.map { "\($0)" })
    }

    @Test(arguments: inputs) func filter(input: [Int]) {
        let isEven: (Int) -> Bool = { $0.isMultiple(of: 2) }
        #expect(Pipeline<Int, Int>().filter(isEven).run(input) == input.filter(isEven))
    }

    @Test(arguments: inputs) func compactMapDropsNils(input: [Int]) {
        let halfOfEven: (Int) -> Int? = { $0.isMultiple(of: 2) ? $0 / 2 : nil }
        #expect(Pipeline<Int, Int>().compactMap(halfOfEven).run(input) == input.compactMap(halfOfEven))
    }

    @Test func compactMapParsesStrings() {
        let input = ["1", "two", "3", "", "-4"]
        #expect(Pipeline<String, String>().compactMap { Int($0) }.run(input) == [1, 3, -4])
        #expect(Pipeline<String, String>().compactMap { Int($0) }.run(input) == input.compactMap { Int($0) })
    }

    @Test(arguments: inputs) func flatMapOverArrays(input: [Int]) {
        let expanded: (Int) -> [Int] = { Array(repeating: $0, count: abs($0) % 3) }
        #expect(Pipeline<Int, Int>().flatMap(expanded).run(input) == input.flatMap(expanded))
    }

    @Test func flatMapOverStringsGivesCharacters() {
        let words = ["ab", "", "cde"]
        let characters: [Character] = Pipeline<String, String>().flatMap { $0 }.run(words)
        #expect(characters == ["a", "b", "c", "d", "e"])
        #expect(characters == words.flatMap { $0 })
    }

    @Test func optionalReturningFlatMapIsCompactMap() {
        // Called through a protocol so that the test itself compiles without the
        // deprecation warning that a direct call (rightly) gets.
        let pipeline = Pipeline<String, String>().deprecatedOptionalFlatMap { Int($0) }
        #expect(pipeline.run(["1", "x", "2"]) == [1, 2])
    }

    @Test(arguments: inputs, [0, 1, 3, 100]) func prefix(input: [Int], maxLength: Int) {
        #expect(Pipeline<Int, Int>().prefix(maxLength).run(input) == Array(input.prefix(maxLength)))
    }

    @Test(arguments: inputs) func prefixWhile(input: [Int]) {
        let isSmall: (Int) -> Bool = { $0 < 5 }
        #expect(Pipeline<Int, Int>().prefix(while: isSmall).run(input) == Array(input.prefix(while: isSmall)))
    }

    @Test(arguments: inputs, [0, 1, 3, 100]) func dropFirst(input: [Int], count: Int) {
        #expect(Pipeline<Int, Int>().dropFirst(count).run(input) == Array(input.dropFirst(count)))
    }

    @Test(arguments: inputs) func dropFirstDefaultsToOne(input: [Int]) {
        #expect(Pipeline<Int, Int>().dropFirst().run(input) == Array(input.dropFirst()))
    }

    @Test(arguments: inputs) func dropWhile(input: [Int]) {
        let isSmall: (Int) -> Bool = { $0 < 5 }
        #expect(Pipeline<Int, Int>().drop(while: isSmall).run(input) == Array(input.drop(while: isSmall)))
    }

    @Test(arguments: inputs) func scanEmitsEveryPartialResult(input: [Int]) {
        #expect(Pipeline<Int, Int>().scan(0, +).run(input) == runningTotals(input))
    }

    @Test func scanCanChangeTheType() {
        let joined = Pipeline<Int, Int>().scan("") { $0 + String($1) }
        #expect(joined.run([1, 2, 3]) == ["1", "12", "123"])
    }

    @Test(arguments: inputs) func thenComposes(input: [Int]) {
        let evens = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }
        let labelled = Pipeline<Int, Int>().map { "#\($0)" }
        #expect(evens.then(labelled).run(input) == input.filter { $0.isMultiple(of: 2) }.map { "#\($0)" })
    }

    @Test(arguments: inputs) func identityPassesEverythingThrough(input: [Int]) {
        #expect(Pipeline<Int, Int>().run(input) == input)
    }

    @Test func documentedExample() {
        let evensDoubled = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }.map { $0 * 2 }
        #expect(evensDoubled.run([1, 2, 3, 4]) == [4, 8])
        #expect(Array([1, 2, 3, 4].lazy.through(evensDoubled)) == [4, 8])
        #expect(evensDoubled.run([1, 2, 3, 4], into: 0, +=) == 12)
        #expect(evensDoubled.run([1, 2, 3, 4], into: Set()) { $0.insert($1) } == [4, 8])
        #expect([1, 2, 3, 4].lazy.through(evensDoubled).reduce(0, +) == 12)
    }

    @Test func lazyReduceWithAThrowingClosureStillWorks() throws {
        struct TooBig: Error {}
        let doubled = [1, 2, 3].lazy.through(Pipeline<Int, Int>().map { $0 * 2 })
        #expect(
            try doubled.reduce(0) { total, value in
                guard value < 10 else { throw TooBig() }
                return total + value
            } == 12)
        #expect(throws: TooBig.self) {
            try doubled.reduce(into: 0) { _, value in if value > 4 { throw TooBig() } }
        }
    }

    @Test func descriptionListsTheSteps() {
        let evensDoubled = Pipeline<Int, Int>().filter { $0.isMultiple(of: 2) }.map { $0 * 2 }
        #expect(evensDoubled.description == "Pipeline<Int, Int>: filter -> map")
        let labelled = evensDoubled.then(Pipeline<Int, Int>().prefix(2).map { "#\($0)" })
        #expect(labelled.description == "Pipeline<Int, String>: filter -> map -> prefix(2) -> map")
        #expect(Pipeline<String, String>().description == "Pipeline<String, String>: no steps")
    }

    @Test(arguments: inputs) func chainMatchesTheStandardLibrary(input: [Int]) {
        let pipeline = Pipeline<Int, Int>()
            .map { $0 * 3 }
            .filter { $0.isMultiple(of: 2) }
            .flatMap { (value: Int) -> [Int] in [value, value + 1] }
            .compactMap { $0.isMultiple(of: 5) ? nil : $0 }
            .map { $0 + 1 }
        let expected: [Int] = input.map { $0 * 3 }
            .filter { $0.isMultiple(of: 2) }
            .flatMap { (value: Int) -> [Int] in [value, value + 1] }
            .compactMap { $0.isMultiple(of: 5) ? nil : $0 }
            .map { $0 + 1 }
        #expect(pipeline.run(input) == expected)
        #expect(Array(input.lazy.through(pipeline)) == expected)
        #expect(pipeline.run(input, into: 0, +=) == expected.reduce(0, +))
    }
}

/// The standard library has no `scan`; this is its meaning, written out.
func runningTotals(_ values: [Int]) -> [Int] {
    var total = 0
    return values.map { value in
        total += value
        return total
    }
}

/// Reaches the deprecated optional-returning `flatMap` without a deprecation warning in
/// the tests: a call through a protocol requirement isn't checked for deprecation.
protocol OptionalFlatMapping<Input, Output> {
    associatedtype Input
    associatedtype Output
    func flatMap<NewOutput>(_ transform: @escaping (Output) -> NewOutput?) -> Pipeline<Input, NewOutput>
}

extension Pipeline: OptionalFlatMapping {}

extension OptionalFlatMapping {
    func deprecatedOptionalFlatMap<NewOutput>(
        _ transform: @escaping (Output) -> NewOutput?
    ) -> Pipeline<Input, NewOutput> {
        flatMap(transform)
    }
}
