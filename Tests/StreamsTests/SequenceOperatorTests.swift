import Streams
import Testing

/// `Publishers.Sequence`'s own operators (Combine's overloads): each returns Combine's
/// type, works on the sequence when the operator is applied (closures run then, not at
/// subscription), and sends what the general operator would send.
@Suite struct SequenceOperatorTests {
    @Test func mapFilterAndCompactMapAreEagerAndGiveSequences() {
        var calls = 0
        let squares: Publishers.Sequence<[Int], Never> = [1, 2, 3].publisher.map { value in
            calls += 1
            return value * value
        }
        #expect(calls == 3)
        #expect(squares.sequence == [1, 4, 9])
        #expect(recordedEvents(of: squares) == [.subscription, .value(1), .value(4), .value(9), .finished])
        #expect(calls == 3)

        let evens: Publishers.Sequence<[Int], Never> = (1...6).publisher.filter { value in
            calls += 1
            return value.isMultiple(of: 2)
        }
        #expect(calls == 9)
        #expect(evens.sequence == [2, 4, 6])

        let numbers: Publishers.Sequence<[Int], TestError> = ["1", "x", "3"].publisher
            .setFailureType(to: TestError.self)
            .compactMap { text in
                calls += 1
                return Int(text)
            }
        #expect(calls == 12)
        #expect(recordedEvents(of: numbers) == [.subscription, .value(1), .value(3), .finished])
    }

    @Test func eagerSequencesStillHonourDemand() {
        let recorder = Recorder<Int, Never>(initialDemand: .max(2))
        (1...10).publisher.filter { $0.isMultiple(of: 3) }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(3), .value(6)])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(3), .value(6), .value(9), .finished])
    }

    @Test func replaceNilSetFailureTypeAndIgnoreOutput() {
        let filled: Publishers.Sequence<[Int?], Never> = [1, nil, 3].publisher.replaceNil(with: 0)
        #expect(filled.sequence == [1, 0, 3])
        let typed: Publishers.Sequence<ClosedRange<Int>, TestError> = (1...2).publisher.setFailureType(
            to: TestError.self)
        #expect(recordedEvents(of: typed) == [.subscription, .value(1), .value(2), .finished])
        let ignored: Empty<Int, Never> = [1, 2].publisher.ignoreOutput()
        #expect(recordedEvents(of: ignored) == [.subscription, .finished])
    }

    @Test func reduceScanAndCollectRunNow() {
        var calls = 0
        let total: Result<Int, Never>.Publisher = [1, 2, 3].publisher.reduce(10) { sum, value in
            calls += 1
            return sum + value
        }
        let running: Publishers.Sequence<[Int], Never> = [1, 2, 3].publisher.scan(0) { sum, value in
            calls += 1
            return sum + value
        }
        #expect(calls == 6)
        #expect(recordedEvents(of: total) == [.subscription, .value(16), .finished])
        #expect(recordedEvents(of: running) == [.subscription, .value(1), .value(3), .value(6), .finished])

        let product: Result<Int, any Error>.Publisher = [2, 3].publisher.tryReduce(1) { $0 * $1 }
        #expect(recordedEvents(of: product) == [.subscription, .value(6), .finished])
        let failed: Result<Int, any Error>.Publisher = [2, 3].publisher.tryReduce(1) { _, _ in throw TestError.oops }
        #expect(recordedEvents(of: failed) == [.subscription, .failure("oops")])

        let collected: Result<[Int], Never>.Publisher = (1...3).publisher.collect()
        #expect(recordedEvents(of: collected) == [.subscription, .value([1, 2, 3]), .finished])
        let empty: Result<[Int], Never>.Publisher = [Int]().publisher.collect()
        #expect(recordedEvents(of: empty) == [.subscription, .value([]), .finished])
    }

    @Test func predicatesGiveResultPublishers() {
        var asked: [Int] = []
        let hasEven: Result<Bool, Never>.Publisher = [1, 2, 3].publisher.contains { value in
            asked.append(value)
            return value.isMultiple(of: 2)
        }
        #expect(asked == [1, 2])
        #expect(recordedEvents(of: hasEven) == [.subscription, .value(true), .finished])
        let allSmall: Result<Bool, Never>.Publisher = [1, 2, 3].publisher.allSatisfy { $0 < 3 }
        #expect(recordedEvents(of: allSmall) == [.subscription, .value(false), .finished])
        let hasTwo: Result<Bool, Never>.Publisher = [1, 2, 3].publisher.contains(2)
        #expect(recordedEvents(of: hasTwo) == [.subscription, .value(true), .finished])

        let throwing: Result<Bool, any Error>.Publisher = [1].publisher.tryContains { _ in throw TestError.other }
        #expect(recordedEvents(of: throwing) == [.subscription, .failure("other")])
        let allPositive: Result<Bool, any Error>.Publisher = [1, 2].publisher.tryAllSatisfy { $0 > 0 }
        #expect(recordedEvents(of: allPositive) == [.subscription, .value(true), .finished])
    }

    @Test func dropAndPrefixKeepTheSequenceLazyWhereCombineDoes() {
        let dropped: Publishers.Sequence<DropFirstSequence<ClosedRange<Int>>, Never> = (1...4).publisher.dropFirst(2)
        #expect(recordedEvents(of: dropped) == [.subscription, .value(3), .value(4), .finished])
        let prefixed: Publishers.Sequence<PrefixSequence<PartialRangeFrom<Int>>, Never> = (1...).publisher.prefix(2)
        #expect(recordedEvents(of: prefixed) == [.subscription, .value(1), .value(2), .finished])

        var asked: [Int] = []
        let dropWhile: Publishers.Sequence<DropWhileSequence<[Int]>, Never> = [1, 2, 3, 1].publisher.drop { value in
            asked.append(value)
            return value < 2
        }
        #expect(asked == [1, 2])
        #expect(recordedEvents(of: dropWhile) == [.subscription, .value(2), .value(3), .value(1), .finished])
        let prefixWhile: Publishers.Sequence<[Int], Never> = [1, 2, 3, 1].publisher.prefix { $0 < 3 }
        #expect(prefixWhile.sequence == [1, 2])
    }

    @Test func selectionsGiveOptionalPublishers() {
        let numbers = [3, 1, 4, 1, 5].publisher
        let none: [Event<Int>] = [.subscription, .finished]
        func one(_ value: Int) -> [Event<Int>] { [.subscription, .value(value), .finished] }

        let first: Optional<Int>.Publisher = numbers.first()
        let last: Optional<Int>.Publisher = numbers.last()
        let min: Optional<Int>.Publisher = numbers.min()
        let max: Optional<Int>.Publisher = numbers.max()
        #expect(recordedEvents(of: first) == one(3))
        #expect(recordedEvents(of: last) == one(5))
        #expect(recordedEvents(of: min) == one(1))
        #expect(recordedEvents(of: max) == one(5))
        #expect(recordedEvents(of: [Int]().publisher.first()) == none)
        #expect(recordedEvents(of: [Int]().publisher.max()) == none)

        let firstWhere: Optional<Int>.Publisher = numbers.first { $0 > 3 }
        let lastWhere: Optional<Int>.Publisher = numbers.last { $0 < 3 }
        let minBy: Optional<Int>.Publisher = numbers.min { $0 > $1 }
        let maxBy: Optional<Int>.Publisher = numbers.max { $0 > $1 }
        #expect(recordedEvents(of: firstWhere) == one(4))
        #expect(recordedEvents(of: lastWhere) == one(1))
        #expect(recordedEvents(of: minBy) == one(5))
        #expect(recordedEvents(of: maxBy) == one(1))

        let atTwo: Optional<Int>.Publisher = numbers.output(at: 2)
        #expect(recordedEvents(of: atTwo) == one(4))
        #expect(recordedEvents(of: numbers.output(at: 9)) == none)
        let inRange: Publishers.Sequence<[Int], Never> = numbers.output(in: 1..<3)
        #expect(inRange.sequence == [1, 4])
    }

    @Test func countIsAJustOrAResult() {
        let counted: Just<Int> = [1, 2, 3].publisher.count()
        #expect(recordedEvents(of: counted) == [.subscription, .value(3), .finished])
        let failable: Result<Int, TestError>.Publisher = [1, 2].publisher.setFailureType(to: TestError.self).count()
        #expect(recordedEvents(of: failable) == [.subscription, .value(2), .finished])
        let unordered: Result<Int, Never>.Publisher = Set([1, 2]).publisher.count()
        #expect(recordedEvents(of: unordered) == [.subscription, .value(2), .finished])
    }

    @Test func chainsOfMapsAndFiltersCompileWithoutAnnotations() {
        let chain = [1, 2, 3].publisher.map { $0 + 1 }.map { $0 * 10 }.filter { $0 > 20 }.filter { $0 < 50 }
        #expect(chain.sequence == [30, 40])
        let compact = ["1", "x", "3"].publisher.compactMap { Int($0) }.compactMap { $0 }.map { $0 * 2 }
        #expect(compact.sequence == [2, 6])
    }

    @Test func keyPathAndGeneralOperatorsStillResolve() {
        #expect(
            recordedEvents(of: ["a", "bc"].publisher.map(\.count)) == [.subscription, .value(1), .value(2), .finished])
        // Without `Never` failure, `first()` is the general operator.
        let first: Publishers.First<Publishers.Sequence<[Int], TestError>> = [1, 2].publisher
            .setFailureType(to: TestError.self)
            .first()
        #expect(recordedEvents(of: first) == [.subscription, .value(1), .finished])
        // Combine has no `tryMap` of its own for a sequence: it is the general operator.
        let tried: Publishers.TryMap<Publishers.Sequence<[Int], Never>, Int> = [1, 2].publisher.tryMap { $0 }
        #expect(recordedEvents(of: tried) == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func removeDuplicatesDropsRepeats() {
        let changes: Publishers.Sequence<[Int], Never> = [1, 1, 2, 2, 2, 1, 3].publisher.removeDuplicates()
        #expect(changes.sequence == [1, 2, 1, 3])
    }

    @Test func appendAndPrependKeepTheCollectionType() {
        let numbers = [1, 2].publisher
        let appended: Publishers.Sequence<[Int], Never> = numbers.append(3, 4)
        let prepended: Publishers.Sequence<[Int], Never> = numbers.prepend(-1, 0)
        #expect(appended.sequence == [1, 2, 3, 4])
        #expect(prepended.sequence == [-1, 0, 1, 2])
        #expect(numbers.append(5...6).sequence == [1, 2, 5, 6])
        #expect(numbers.prepend(stride(from: 3, to: 1, by: -1)).sequence == [3, 2, 1, 2])
        #expect(numbers.append([9].publisher).sequence == [1, 2, 9])
        #expect(numbers.prepend([9].publisher).sequence == [9, 1, 2])
        let text: Publishers.Sequence<String, Never> = "bc".publisher.prepend("a")
        #expect(recordedEvents(of: text) == [.subscription, .value("a"), .value("b"), .value("c"), .finished])
    }
}
