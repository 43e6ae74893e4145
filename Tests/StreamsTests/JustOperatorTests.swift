import Streams
import Testing

/// `Just`'s own operators (Combine's overloads): each returns Combine's type, runs its
/// closure once when the operator is applied (not at subscription), and sends what the
/// general operator would send.
@Suite struct JustOperatorTests {
    /// A `mapError` transformation for publishers that cannot fail.
    static func unreachable(_ never: Never) -> TestError {}

    @Test func mapIsEagerAndGivesAJust() {
        var calls = 0
        let mapped: Just<String> = Just(7).map { value in
            calls += 1
            return "#\(value)"
        }
        #expect(calls == 1)
        #expect(mapped.output == "#7")
        #expect(recordedEvents(of: mapped) == [.subscription, .value("#7"), .finished])
        #expect(recordedEvents(of: mapped) == [.subscription, .value("#7"), .finished])
        #expect(calls == 1)
    }

    @Test func tryMapGivesAResultPublisher() {
        var calls = 0
        let parsed: Result<Int, any Error>.Publisher = Just("12").tryMap { text in
            calls += 1
            guard let number = Int(text) else { throw TestError.oops }
            return number
        }
        #expect(calls == 1)
        #expect(recordedEvents(of: parsed) == [.subscription, .value(12), .finished])
        let failed: Result<Int, any Error>.Publisher = Just("x").tryMap { text in
            guard let number = Int(text) else { throw TestError.oops }
            return number
        }
        #expect(recordedEvents(of: failed) == [.subscription, .failure("oops")])
    }

    @Test func mapErrorAndSetFailureTypeGiveResultPublishers() {
        // `Just` cannot fail, so the transformation (which takes `Never`) cannot run.
        let mapped: Result<Int, TestError>.Publisher = Just(1).mapError(Self.unreachable)
        #expect(recordedEvents(of: mapped) == [.subscription, .value(1), .finished])
        let typed: Result<Int, TestError>.Publisher = Just(2).setFailureType(to: TestError.self)
        #expect(recordedEvents(of: typed) == [.subscription, .value(2), .finished])
    }

    @Test func filterAndCompactMapGiveOptionalPublishers() {
        var calls = 0
        let kept: Optional<Int>.Publisher = Just(4).filter { value in
            calls += 1
            return value.isMultiple(of: 2)
        }
        let dropped: Optional<Int>.Publisher = Just(3).filter { $0.isMultiple(of: 2) }
        #expect(calls == 1)
        #expect(recordedEvents(of: kept) == [.subscription, .value(4), .finished])
        #expect(recordedEvents(of: dropped) == [.subscription, .finished])

        let number: Optional<Int>.Publisher = Just("42").compactMap { text in
            calls += 1
            return Int(text)
        }
        let none: Optional<Int>.Publisher = Just("x").compactMap { Int($0) }
        #expect(calls == 2)
        #expect(recordedEvents(of: number) == [.subscription, .value(42), .finished])
        #expect(recordedEvents(of: none) == [.subscription, .finished])
    }

    @Test func reduceAndScanFoldTheValueNow() {
        var calls = 0
        let total: Result<Int, Never>.Publisher = Just(5).reduce(10) { sum, value in
            calls += 1
            return sum + value
        }
        let partial: Result<String, Never>.Publisher = Just(5).scan("") { text, value in
            calls += 1
            return text + "\(value)"
        }
        #expect(calls == 2)
        #expect(recordedEvents(of: total) == [.subscription, .value(15), .finished])
        #expect(recordedEvents(of: partial) == [.subscription, .value("5"), .finished])

        let tried: Result<Int, any Error>.Publisher = Just(5).tryReduce(1) { $0 * $1 }
        let failed: Result<Int, any Error>.Publisher = Just(5).tryScan(0) { _, _ in throw TestError.other }
        #expect(recordedEvents(of: tried) == [.subscription, .value(5), .finished])
        #expect(recordedEvents(of: failed) == [.subscription, .failure("other")])
    }

    @Test func collectCountAndSameJustOperators() {
        let collected: Just<[Int]> = Just(3).collect()
        #expect(recordedEvents(of: collected) == [.subscription, .value([3]), .finished])
        let counted: Just<Int> = Just("a").count()
        #expect(recordedEvents(of: counted) == [.subscription, .value(1), .finished])

        var calls = 0
        let just = Just(9)
        let same: [Just<Int>] = [
            just.first(), just.last(), just.min(), just.max(),
            just.min { _, _ in
                calls += 1
                return true
            },
            just.max { _, _ in
                calls += 1
                return true
            },
            just.removeDuplicates(),
            just.removeDuplicates { _, _ in
                calls += 1
                return true
            },
            just.replaceError(with: 0), just.replaceEmpty(with: 0), just.retry(3),
        ]
        #expect(calls == 0)
        for publisher in same {
            #expect(recordedEvents(of: publisher) == [.subscription, .value(9), .finished])
        }
        // Combine asks the throwing predicate once, comparing the value with itself.
        var compared: [String] = []
        let unique: Result<Int, any Error>.Publisher = just.tryRemoveDuplicates { previous, next in
            compared.append("\(previous)=\(next)")
            return false
        }
        #expect(compared == ["9=9"])
        #expect(recordedEvents(of: unique) == [.subscription, .value(9), .finished])
        let failing: Result<Int, any Error>.Publisher = just.tryRemoveDuplicates { _, _ in throw TestError.oops }
        #expect(recordedEvents(of: failing) == [.subscription, .failure("oops")])
    }

    @Test func predicatesGiveJustsOfBool() {
        var calls = 0
        let containsWhere: Just<Bool> = Just(4).contains { value in
            calls += 1
            return value > 3
        }
        let allSatisfy: Just<Bool> = Just(4).allSatisfy { value in
            calls += 1
            return value > 5
        }
        let contains: Just<Bool> = Just(4).contains(5)
        #expect(calls == 2)
        #expect(recordedEvents(of: containsWhere) == [.subscription, .value(true), .finished])
        #expect(recordedEvents(of: allSatisfy) == [.subscription, .value(false), .finished])
        #expect(recordedEvents(of: contains) == [.subscription, .value(false), .finished])

        let tryContains: Result<Bool, any Error>.Publisher = Just(4).tryContains { _ in throw TestError.oops }
        let tryAll: Result<Bool, any Error>.Publisher = Just(4).tryAllSatisfy { $0 == 4 }
        #expect(recordedEvents(of: tryContains) == [.subscription, .failure("oops")])
        #expect(recordedEvents(of: tryAll) == [.subscription, .value(true), .finished])
    }

    @Test func selectionsGiveOptionalPublishers() {
        var calls = 0
        let firstWhere: Optional<Int>.Publisher = Just(2).first { value in
            calls += 1
            return value > 1
        }
        let lastWhere: Optional<Int>.Publisher = Just(2).last { value in
            calls += 1
            return value > 2
        }
        let dropWhile: Optional<Int>.Publisher = Just(2).drop { value in
            calls += 1
            return value > 1
        }
        let prefixWhile: Optional<Int>.Publisher = Just(2).prefix { value in
            calls += 1
            return value > 1
        }
        #expect(calls == 4)
        #expect(recordedEvents(of: firstWhere) == [.subscription, .value(2), .finished])
        #expect(recordedEvents(of: lastWhere) == [.subscription, .finished])
        #expect(recordedEvents(of: dropWhile) == [.subscription, .finished])
        #expect(recordedEvents(of: prefixWhile) == [.subscription, .value(2), .finished])

        let value: [Event<Int>] = [.subscription, .value(2), .finished]
        let empty: [Event<Int>] = [.subscription, .finished]
        let dropped: Optional<Int>.Publisher = Just(2).dropFirst()
        #expect(recordedEvents(of: dropped) == empty)
        #expect(recordedEvents(of: Just(2).dropFirst(0)) == value)
        let prefixed: Optional<Int>.Publisher = Just(2).prefix(1)
        #expect(recordedEvents(of: prefixed) == value)
        #expect(recordedEvents(of: Just(2).prefix(0)) == empty)
        let atZero: Optional<Int>.Publisher = Just(2).output(at: 0)
        #expect(recordedEvents(of: atZero) == value)
        #expect(recordedEvents(of: Just(2).output(at: 1)) == empty)
        let inRange: Optional<Int>.Publisher = Just(2).output(in: 0..<3)
        #expect(recordedEvents(of: inRange) == value)
        #expect(recordedEvents(of: Just(2).output(in: 1...)) == empty)
        #expect(recordedEvents(of: Just(2).output(in: ..<1)) == value)
        // As in Combine, only the range's lower bound counts.
        #expect(recordedEvents(of: Just(2).output(in: 0..<0)) == value)
    }

    @Test func chainsOfMapsAndFiltersCompileWithoutAnnotations() {
        // With Combine's non-escaping closures these chains are ambiguous (see the note in
        // Just+Operators.swift); `.output` also checks that each step kept a `Just`.
        let mapped = Just(5).map { $0 + 1 }.map { $0 * 3 }.map { $0 - 1 }
        #expect(mapped.output == 17)
        let tried = Just(5).map { $0 + 1 }.tryMap { $0 * 3 }.map { $0 - 1 }
        #expect(recordedEvents(of: tried) == [.subscription, .value(17), .finished])
        let filtered = Just(5).filter { $0 > 1 }.filter { $0 > 2 }.filter { $0 > 3 }
        #expect(filtered.output == 5)
        let compact = Just("5").compactMap { Int($0) }.map { $0 * 2 }.map { $0 + 1 }
        #expect(compact.output == 11)
    }

    @Test func keyPathAndGeneralOperatorsStillResolve() {
        // A key path picks the general key-path `map` (as in Combine), without ambiguity.
        #expect(recordedEvents(of: Just("abc").map(\.count)) == [.subscription, .value(3), .finished])
        // Operators `Just` has no version of are the general ones.
        #expect(recordedEvents(of: Just(1).collect(2)) == [.subscription, .value([1]), .finished])
        #expect(recordedEvents(of: Just(1).tryFilter { $0 > 0 }) == [.subscription, .value(1), .finished])
    }

    @Test func ignoreOutputAppendAndPrepend() {
        let ignored: Empty<Int, Never> = Just(1).ignoreOutput()
        #expect(recordedEvents(of: ignored) == [.subscription, .finished])

        let appended: Publishers.Sequence<[Int], Never> = Just(1).append(2, 3)
        let prepended: Publishers.Sequence<[Int], Never> = Just(1).prepend(3, 2)
        #expect(appended.sequence == [1, 2, 3])
        #expect(prepended.sequence == [3, 2, 1])
        let fromSequence: Publishers.Sequence<[Int], Never> = Just(0).append(1...2)
        let beforeSequence: Publishers.Sequence<[Int], Never> = Just(0).prepend(stride(from: 3, to: 0, by: -1))
        #expect(recordedEvents(of: fromSequence) == [.subscription, .value(0), .value(1), .value(2), .finished])
        #expect(beforeSequence.sequence == [3, 2, 1, 0])
    }
}
