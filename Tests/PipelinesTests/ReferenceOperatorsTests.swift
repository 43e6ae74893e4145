import Pipelines
import Testing

@Suite struct ReferenceOperatorsTests {
    static let inputs: [[Int]] = [[], [4], [3, -1, 4, 1, -5, 9, 2, 6]]

    @Test(arguments: inputs) func mappedMatchesMap(input: [Int]) {
        #expect(input.mapped { $0 * $0 } == input.map { $0 * $0 })
        #expect(input.lazy.filter { $0 > 0 }.mapped { -$0 } == input.filter { $0 > 0 }.map { -$0 })
    }

    @Test(arguments: inputs) func flatMappedMatchesFlatMap(input: [Int]) {
        let expanded: (Int) -> [Int] = { Array(repeating: $0, count: abs($0) % 3) }
        #expect(input.flatMapped(expanded) == input.flatMap(expanded))
    }

    @Test func flatMappedOverStringsGivesCharacters() {
        #expect(["ab", "", "c"].flatMapped { $0 } == ["a", "b", "c"])
    }

    @Test(arguments: inputs) func compactMappedMatchesCompactMap(input: [Int]) {
        let positive: (Int) -> Int? = { $0 > 0 ? $0 : nil }
        #expect(input.compactMapped(positive) == input.compactMap(positive))
        #expect(["1", "two", "3"].compactMapped { Int($0) } == [1, 3])
    }

    @Test func errorsPropagate() {
        struct Stop: Error {}
        #expect(throws: Stop.self) { try [1, 2].mapped { _ -> Int in throw Stop() } }
        #expect(throws: Stop.self) { try [1, 2].flatMapped { _ -> [Int] in throw Stop() } }
        #expect(throws: Stop.self) { try [1, 2].compactMapped { _ -> Int? in throw Stop() } }
    }
}
