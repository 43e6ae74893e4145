import Pipelines
import Testing

/// Counts calls from inside closures.
final class Counter {
    var count = 0
}

/// A sequence that counts how many elements have been pulled from it: 0, 1, 2, ...
/// forever.
struct CountingNaturals: Sequence {
    let pulls: Counter

    func makeIterator() -> AnyIterator<Int> {
        var next = 0
        return AnyIterator {
            pulls.count += 1
            defer { next += 1 }
            return next
        }
    }
}

@Suite struct ReuseTests {
    @Test func runningTwiceGivesTheSameResult() {
        let pipeline = Pipeline<Int, Int>()
            .dropFirst(1)
            .drop(while: { $0 < 3 })
            .scan(0, +)
            .prefix(3)
        let input = [1, 2, 3, 4, 5, 6, 7]
        let first = pipeline.run(input)
        #expect(first == [3, 7, 12])
        #expect(pipeline.run(input) == first)
        #expect(Array(input.lazy.through(pipeline)) == first)
        #expect(Array(input.lazy.through(pipeline)) == first)
        #expect(pipeline.run(input, into: 0, +=) == 22)
    }

    @Test func eachIteratorStartsAfresh() {
        let pipeline = Pipeline<Int, Int>().scan(0, +).prefix(2)
        let outputs = [1, 2, 3].lazy.through(pipeline)
        var first = outputs.makeIterator()
        var second = outputs.makeIterator()
        #expect(first.next() == 1)
        #expect(second.next() == 1)
        #expect(first.next() == 3)
        #expect(first.next() == nil)
        #expect(second.next() == 3)
    }

    @Test func extendingAPipelineLeavesTheOriginalAlone() {
        let base = Pipeline<Int, Int>().map { $0 + 1 }
        let extended = base.filter { $0 > 2 }
        #expect(base.run([1, 2, 3]) == [2, 3, 4])
        #expect(extended.run([1, 2, 3]) == [3, 4])
    }
}

@Suite struct LazinessTests {
    @Test func buildingDoesNoWork() {
        let calls = Counter()
        let pipeline = Pipeline<Int, Int>()
            .map { value -> Int in
                calls.count += 1
                return value
            }
            .filter { _ in
                calls.count += 1
                return true
            }
        _ = pipeline.then(Pipeline<Int, Int>().prefix(1))
        _ = [1, 2, 3].lazy.through(pipeline)
        #expect(calls.count == 0)
    }

    @Test func lazyRunningPullsOnlyWhatEachOutputNeeds() {
        let mapCalls = Counter()
        let pulls = Counter()
        let pipeline = Pipeline<Int, Int>()
            .map { value -> Int in
                mapCalls.count += 1
                return value * 10
            }
            .filter { $0.isMultiple(of: 20) }
        var iterator = CountingNaturals(pulls: pulls).lazy.through(pipeline).makeIterator()
        #expect(pulls.count == 0)
        #expect(iterator.next() == 0)
        #expect(pulls.count == 1)
        #expect(mapCalls.count == 1)
        #expect(iterator.next() == 20)  // 1 is mapped to 10 and filtered out on the way
        #expect(pulls.count == 3)
        #expect(mapCalls.count == 3)
    }

    @Test func flatMapOutputsComeOutOneAtATime() {
        let pulls = Counter()
        let pipeline = Pipeline<Int, Int>().flatMap { [$0, $0, $0] }
        var iterator = CountingNaturals(pulls: pulls).lazy.through(pipeline).makeIterator()
        #expect(Array(repeating: 0, count: 3) == [iterator.next(), iterator.next(), iterator.next()])
        #expect(pulls.count == 1)
        #expect(iterator.next() == 1)
        #expect(pulls.count == 2)
    }

    @Test func stepsAfterFlatMapRunOnlyForTheOutputsPulled() {
        let laterCalls = Counter()
        let pipeline = Pipeline<Int, Int>()
            .flatMap { [$0, $0 + 1, $0 + 2] }
            .map { value -> Int in
                laterCalls.count += 1
                return value * 10
            }
        var iterator = [1, 5].lazy.through(pipeline).makeIterator()
        #expect(laterCalls.count == 0)
        #expect(iterator.next() == 10)
        #expect(laterCalls.count == 1)  // not 3: the rest of the segment waits unmapped
        #expect(iterator.next() == 20)
        #expect(laterCalls.count == 2)
        #expect(Array(IteratorSequence(iterator)) == [30, 50, 60, 70])
        #expect(laterCalls.count == 6)
    }

    @Test func prefixStopsPullingFromAnInfiniteSequence() {
        let pulls = Counter()
        let firstThree = Pipeline<Int, Int>().prefix(3)
        #expect(firstThree.run(CountingNaturals(pulls: pulls)) == [0, 1, 2])
        #expect(pulls.count == 3)

        pulls.count = 0
        #expect(Array(CountingNaturals(pulls: pulls).lazy.through(firstThree)) == [0, 1, 2])
        #expect(pulls.count == 3)

        pulls.count = 0
        #expect(firstThree.run(CountingNaturals(pulls: pulls), into: 0, +=) == 3)
        #expect(pulls.count == 3)

        pulls.count = 0
        #expect(CountingNaturals(pulls: pulls).lazy.through(firstThree).reduce(0, +) == 3)
        #expect(pulls.count == 3)
    }

    @Test func prefixAfterFilterAndFlatMapStopsAsSoonAsItIsDone() {
        let pulls = Counter()
        let segmentElements = Counter()
        let pipeline = Pipeline<Int, Int>()
            .filter { $0.isMultiple(of: 2) }
            .flatMap { value in
                (0..<1000).lazy.map { _ in
                    segmentElements.count += 1
                    return value
                }
            }
            .prefix(1500)
        let outputs = pipeline.run(CountingNaturals(pulls: pulls))
        #expect(outputs.count == 1500)
        #expect(pulls.count == 3)  // 0 gives 1000, 1 is filtered out, 2 gives the last 500
        #expect(segmentElements.count == 1500)
    }

    @Test func prefixZeroPullsNothing() {
        let pulls = Counter()
        let none = Pipeline<Int, Int>().map { $0 + 1 }.prefix(0).map { $0 * 2 }
        #expect(none.run(CountingNaturals(pulls: pulls)).isEmpty)
        #expect(Array(CountingNaturals(pulls: pulls).lazy.through(none)).isEmpty)
        #expect(pulls.count == 0)
    }

    @Test func prefixWhileStopsAtTheFirstFailure() {
        let pulls = Counter()
        let small = Pipeline<Int, Int>().prefix(while: { $0 < 4 })
        #expect(small.run(CountingNaturals(pulls: pulls)) == [0, 1, 2, 3])
        #expect(pulls.count == 5)  // the fifth element, 4, is the one that fails
    }

    @Test func thenStopsWhenTheSecondPipelineIsDone() {
        let pulls = Counter()
        let pipeline = Pipeline<Int, Int>().map { $0 * 2 }.then(Pipeline<Int, Int>().prefix(2))
        #expect(pipeline.run(CountingNaturals(pulls: pulls)) == [0, 2])
        #expect(pulls.count == 2)
    }
}
