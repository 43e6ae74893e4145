import Streams
import Testing

/// The conditional `Equatable` conformances Combine declares for its operator publishers:
/// two publishers are equal when their upstreams (and parameters) are. Every stored part
/// is varied on its own, so a comparison that forgets one is caught.
@Suite struct PublisherEquatableTests {
    /// Checks that `make` gives equal publishers for equal inputs, and unequal ones when
    /// any single input (of `count`) differs.
    private func expectComparesEveryPosition<P: Equatable>(
        _ count: Int, sourceLocation: SourceLocation = #_sourceLocation, _ make: ([Just<Int>]) -> P
    ) {
        let base = (0..<count).map(Just.init)
        #expect(make(base) == make((0..<count).map(Just.init)), sourceLocation: sourceLocation)
        for position in 0..<count {
            var changed = base
            changed[position] = Just(99)
            #expect(make(changed) != make(base), "upstream \(position) differs", sourceLocation: sourceLocation)
        }
    }

    @Test func mergeOfEveryArityComparesItsUpstreams() {
        expectComparesEveryPosition(2) { Publishers.Merge($0[0], $0[1]) }
        expectComparesEveryPosition(3) { Publishers.Merge3($0[0], $0[1], $0[2]) }
        expectComparesEveryPosition(4) { Publishers.Merge4($0[0], $0[1], $0[2], $0[3]) }
        expectComparesEveryPosition(5) { Publishers.Merge5($0[0], $0[1], $0[2], $0[3], $0[4]) }
        expectComparesEveryPosition(6) { Publishers.Merge6($0[0], $0[1], $0[2], $0[3], $0[4], $0[5]) }
        expectComparesEveryPosition(7) { Publishers.Merge7($0[0], $0[1], $0[2], $0[3], $0[4], $0[5], $0[6]) }
        expectComparesEveryPosition(8) { Publishers.Merge8($0[0], $0[1], $0[2], $0[3], $0[4], $0[5], $0[6], $0[7]) }
        #expect(Just(1).merge(with: Just(2)) == Publishers.Merge(Just(1), Just(2)))
    }

    @Test func mergeManyComparesItsPublishersInOrder() {
        expectComparesEveryPosition(3) { Publishers.MergeMany($0) }
        #expect(Publishers.MergeMany(Just(1), Just(2)) == Publishers.MergeMany([Just(1), Just(2)]))
        #expect(Publishers.MergeMany(Just(1), Just(2)) != Publishers.MergeMany(Just(2), Just(1)))
        #expect(Publishers.MergeMany(Just(1)) != Publishers.MergeMany(Just(1), Just(1)))
        #expect(Publishers.MergeMany(Just(1)).merge(with: Just(2)) == Publishers.MergeMany(Just(1), Just(2)))
        #expect(Publishers.MergeMany<Just<Int>>([]) == Publishers.MergeMany<Just<Int>>([]))
    }

    @Test func zipAndCombineLatestCompareTheirUpstreams() {
        expectComparesEveryPosition(2) { Publishers.Zip($0[0], $0[1]) }
        expectComparesEveryPosition(3) { Publishers.Zip3($0[0], $0[1], $0[2]) }
        expectComparesEveryPosition(4) { Publishers.Zip4($0[0], $0[1], $0[2], $0[3]) }
        expectComparesEveryPosition(2) { Publishers.CombineLatest($0[0], $0[1]) }
        expectComparesEveryPosition(3) { Publishers.CombineLatest3($0[0], $0[1], $0[2]) }
        expectComparesEveryPosition(4) { Publishers.CombineLatest4($0[0], $0[1], $0[2], $0[3]) }
        #expect(Just(1).zip(Just("a")) == Just(1).zip(Just("a")))
        #expect(Just(1).combineLatest(Just("a")) != Just(1).combineLatest(Just("b")))
    }

    // `Just` has its own, eager versions of `first()`, `last()`, `collect()`,
    // `setFailureType(to:)`, `dropFirst(_:)`, `prefix(_:)`, `output(at:)` and `retry(_:)`
    // (Combine's overloads, which return a `Just`, an `Optional.Publisher` or a
    // `Result.Publisher`), so those operator types are made directly below, or applied to
    // a `Fail`, which has no versions of its own.
    @Test func singleUpstreamOperatorsCompareTheirUpstream() {
        expectComparesEveryPosition(1) { Publishers.First(upstream: $0[0]) }
        expectComparesEveryPosition(1) { Publishers.Last(upstream: $0[0]) }
        expectComparesEveryPosition(1) { Publishers.Collect(upstream: $0[0]) }
        expectComparesEveryPosition(1) { Publishers.SetFailureType<Just<Int>, TestError>(upstream: $0[0]) }
    }

    @Test func operatorsWithParametersCompareThemToo() {
        let failing = Fail<Int, TestError>(error: .oops)
        expectComparesEveryPosition(1) { Publishers.Drop(upstream: $0[0], count: 2) }
        #expect(failing.dropFirst(2) != failing.dropFirst(3))

        expectComparesEveryPosition(1) { Publishers.Output(upstream: $0[0], range: 0..<2) }
        #expect(failing.prefix(2) != failing.prefix(3))
        #expect(failing.output(at: 1) == failing.output(in: 1..<2), "the same range, however it was written")

        expectComparesEveryPosition(1) { $0[0].collect(2) }
        #expect(Just(1).collect(2) != Just(1).collect(3))

        expectComparesEveryPosition(1) { Publishers.Retry(upstream: $0[0], retries: 2) }
        #expect(failing.retry(2) != failing.retry(3))
        #expect(Publishers.Retry(upstream: failing, retries: nil) != failing.retry(2), "unlimited is not 2")

        #expect(failing.replaceError(with: 1) == failing.replaceError(with: 1))
        #expect(failing.replaceError(with: 1) != failing.replaceError(with: 2))
        #expect(failing.replaceError(with: 1) != Fail<Int, TestError>(error: .other).replaceError(with: 1))
    }
}
