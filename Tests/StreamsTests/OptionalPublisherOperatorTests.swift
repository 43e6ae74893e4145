import Streams
import Testing

/// `Optional.Publisher`'s own operators (Combine's overloads): Combine's types, closures
/// run when the operator is applied, and Combine's answers for a publisher without a
/// value.
@Suite struct OptionalPublisherOperatorTests {
    let some: Int? = 4
    let none: Int? = nil
    let empty: [Event<Int>] = [.subscription, .finished]

    @Test func mapCompactMapAndFilterAreEager() {
        var calls = 0
        let mapped: Optional<String>.Publisher = some.publisher.map { value in
            calls += 1
            return "#\(value)"
        }
        let compact: Optional<Int>.Publisher = some.publisher.compactMap { value in
            calls += 1
            return value > 5 ? value : nil
        }
        let filtered: Optional<Int>.Publisher = some.publisher.filter { value in
            calls += 1
            return value > 3
        }
        #expect(calls == 3)
        #expect(recordedEvents(of: mapped) == [.subscription, .value("#4"), .finished])
        #expect(recordedEvents(of: compact) == empty)
        #expect(recordedEvents(of: filtered) == [.subscription, .value(4), .finished])

        let notCalled: Optional<String>.Publisher = none.publisher.map { value in
            calls += 1
            return "\(value)"
        }
        #expect(calls == 3)
        #expect(recordedEvents(of: notCalled) == [.subscription, .finished])
        #expect(calls == 3)
    }

    @Test func chainsOfMapsAndFiltersCompileWithoutAnnotations() {
        let chain = some.publisher.map { $0 + 1 }.map { $0 * 10 }.filter { $0 > 20 }.compactMap { $0 }
        #expect(chain.output == 50)
    }

    @Test func foldsAndCountsFollowCombineWithoutAValue() {
        let total: Optional<Int>.Publisher = some.publisher.reduce(10, +)
        let partial: Optional<Int>.Publisher = some.publisher.scan(1, *)
        #expect(recordedEvents(of: total) == [.subscription, .value(14), .finished])
        #expect(recordedEvents(of: partial) == [.subscription, .value(4), .finished])
        #expect(recordedEvents(of: none.publisher.reduce(10, +)) == empty)

        let counted: Optional<Int>.Publisher = some.publisher.count()
        #expect(recordedEvents(of: counted) == [.subscription, .value(1), .finished])
        #expect(recordedEvents(of: none.publisher.count()) == empty)

        let collected: Optional<[Int]>.Publisher = some.publisher.collect()
        #expect(recordedEvents(of: collected) == [.subscription, .value([4]), .finished])
        #expect(recordedEvents(of: none.publisher.collect()) == [.subscription, .value([]), .finished])
    }

    @Test func predicatesGiveOptionalBools() {
        let containsWhere: Optional<Bool>.Publisher = some.publisher.contains { $0 > 3 }
        let allSatisfy: Optional<Bool>.Publisher = some.publisher.allSatisfy { $0 > 5 }
        let contains: Optional<Bool>.Publisher = some.publisher.contains(4)
        #expect(recordedEvents(of: containsWhere) == [.subscription, .value(true), .finished])
        #expect(recordedEvents(of: allSatisfy) == [.subscription, .value(false), .finished])
        #expect(recordedEvents(of: contains) == [.subscription, .value(true), .finished])
        let noAnswer: [Event<Bool>] = [.subscription, .finished]
        #expect(recordedEvents(of: none.publisher.contains(4)) == noAnswer)
        #expect(recordedEvents(of: none.publisher.allSatisfy { _ in true }) == noAnswer)
    }

    @Test func selectionsAndSamePublisherOperators() {
        var calls = 0
        let value: [Event<Int>] = [.subscription, .value(4), .finished]
        let same: [Optional<Int>.Publisher] = [
            some.publisher.first(), some.publisher.last(), some.publisher.min(), some.publisher.max(),
            some.publisher.min { _, _ in
                calls += 1
                return true
            },
            some.publisher.max { _, _ in
                calls += 1
                return true
            },
            some.publisher.removeDuplicates(),
            some.publisher.removeDuplicates { _, _ in
                calls += 1
                return true
            },
            some.publisher.replaceError(with: 0), some.publisher.retry(1),
            some.publisher.first { $0 == 4 }, some.publisher.last { $0 == 4 },
            some.publisher.prefix(while: { $0 == 4 }), some.publisher.drop(while: { $0 != 4 }),
            some.publisher.dropFirst(0), some.publisher.prefix(1),
            some.publisher.output(at: 0), some.publisher.output(in: 0...2),
        ]
        #expect(calls == 0)
        for publisher in same {
            #expect(recordedEvents(of: publisher) == value)
        }
        let dropped: [Optional<Int>.Publisher] = [
            some.publisher.first { $0 > 4 }, some.publisher.last { $0 > 4 },
            some.publisher.prefix(while: { $0 > 4 }), some.publisher.drop(while: { $0 == 4 }),
            some.publisher.dropFirst(), some.publisher.prefix(0),
            some.publisher.output(at: 1), some.publisher.output(in: 1...2), some.publisher.output(in: 0..<0),
        ]
        for publisher in dropped {
            #expect(recordedEvents(of: publisher) == empty)
        }
    }

    @Test func replaceEmptyGivesAJustAndIgnoreOutputAnEmpty() {
        let filled: Just<Int> = none.publisher.replaceEmpty(with: 7)
        let kept: Just<Int> = some.publisher.replaceEmpty(with: 7)
        #expect(filled.output == 7)
        #expect(kept.output == 4)
        let ignored: Empty<Int, Never> = some.publisher.ignoreOutput()
        #expect(recordedEvents(of: ignored) == empty)
    }
}
