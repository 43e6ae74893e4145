import Streams
import Testing

/// The general replaceEmpty, drop(while:), prefix(while:), output(at:)/output(in:) and the
/// try-variants tryDrop, tryPrefix, tryCompactMap, tryLast, tryReduce, tryScan,
/// tryRemoveDuplicates, tryFirst.
@Suite struct SelectingOperatorTests {
    @Test func replaceEmptySendsTheReplacementWhenNothingCame() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        let replaced: Publishers.ReplaceEmpty<PassthroughSubject<Int, Never>> = subject.replaceEmpty(with: 7)
        replaced.subscribe(recorder)
        subject.send(completion: .finished)
        #expect(recorder.history == [.subscription])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(7), .finished])
    }

    @Test func replaceEmptyPassesValuesAndFailuresOn() {
        let values = Recorder<Int, Never>()
        [1, 2].generalPublisher.replaceEmpty(with: 7).subscribe(values)
        #expect(values.history == [.subscription, .value(1), .value(2), .finished])
        let failing = Recorder<Int, TestError>()
        Fail<Int, TestError>(error: .oops).replaceEmpty(with: 7).subscribe(failing)
        #expect(failing.history == [.subscription, .failure("oops")])
        #expect(Empty<Int, Never>().replaceEmpty(with: 1) == Empty<Int, Never>().replaceEmpty(with: 1))
        #expect(Empty<Int, Never>().replaceEmpty(with: 1) != Empty<Int, Never>().replaceEmpty(with: 2))
    }

    @Test func replaceEmptyCancelReachesTheUpstream() {
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, Never>()
        upstream.replaceEmpty(with: 0).subscribe(recorder)
        recorder.cancel()
        upstream.send(completion: .finished)
        #expect(recorder.history == [.subscription])
        #expect(upstream.cancelCount == 1)
    }

    @Test func dropWhileSkipsOnlyTheLeadingValuesAndReturnsTheirDemand() {
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(2))
        var asked: [Int] = []
        let dropped: Publishers.DropWhile<ControlledPublisher<Int, Never>> = upstream.drop { value in
            asked.append(value)
            return value < 3
        }
        dropped.subscribe(recorder)
        #expect(upstream.requests == [.max(2)])
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(3) == .none)
        #expect(upstream.send(2) == .none)
        upstream.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(3), .value(2), .finished])
        #expect(asked == [1, 3])
    }

    @Test func tryDropWhileFailsWithTheThrownError() {
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, any Error>()
        let dropped: Publishers.TryDropWhile<ControlledPublisher<Int, Never>> = upstream.tryDrop { value in
            if value == 0 { throw TestError.oops }
            return value < 3
        }
        dropped.subscribe(recorder)
        upstream.send(1)
        upstream.send(0)
        #expect(recorder.history == [.subscription, .failure("oops")])
        #expect(upstream.cancelCount == 1)

        let passing = Recorder<Int, any Error>()
        [1, 5, 0].generalPublisher.tryDrop { value in
            if value == 0 { throw TestError.oops }  // not asked again after 5
            return value < 3
        }.subscribe(passing)
        #expect(passing.history == [.subscription, .value(5), .value(0), .finished])
    }

    @Test func prefixWhileFinishesAtTheFirstRejectedValue() {
        let upstream = ControlledPublisher<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        let taken: Publishers.PrefixWhile<ControlledPublisher<Int, TestError>> = upstream.prefix { $0 < 3 }
        taken.subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        upstream.send(3)
        upstream.send(1)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
        #expect(upstream.cancelCount == 1)

        let failing = Recorder<Int, TestError>()
        Fail<Int, TestError>(error: .other).prefix { _ in true }.subscribe(failing)
        #expect(failing.history == [.subscription, .failure("other")])
    }

    @Test func tryPrefixWhileFailsWithTheThrownError() {
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, any Error>()
        let taken: Publishers.TryPrefixWhile<ControlledPublisher<Int, Never>> = upstream.tryPrefix { value in
            if value == 0 { throw TestError.oops }
            return true
        }
        taken.subscribe(recorder)
        upstream.send(1)
        upstream.send(0)
        #expect(recorder.history == [.subscription, .value(1), .failure("oops")])
        #expect(upstream.cancelCount == 1)
        let finishing = Recorder<Int, any Error>()
        [1, 5, 2].generalPublisher.tryPrefix { $0 < 3 }.subscribe(finishing)
        #expect(finishing.history == [.subscription, .value(1), .finished])
    }

    @Test func tryCompactMapSkipsNilAndFailsWithTheThrownError() {
        let upstream = ControlledPublisher<String, Never>()
        let recorder = Recorder<Int, any Error>(initialDemand: .max(5))
        let parsed: Publishers.TryCompactMap<ControlledPublisher<String, Never>, Int> = upstream.tryCompactMap { text in
            if text.isEmpty { return nil }
            guard let number = Int(text) else { throw TestError.other }
            return number
        }
        parsed.subscribe(recorder)
        #expect(upstream.send("1") == .none)
        #expect(upstream.send("") == .max(1))
        upstream.send("x")
        upstream.send("3")
        #expect(recorder.history == [.subscription, .value(1), .failure("other")])
        #expect(upstream.cancelCount == 1)
    }

    @Test func tryLastSendsTheLastAcceptedValueOrFails() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, any Error>(initialDemand: .max(1))
        let last: Publishers.TryLastWhere<PassthroughSubject<Int, Never>> = subject.tryLast { $0.isMultiple(of: 2) }
        last.subscribe(recorder)
        [1, 2, 3, 4, 5].forEach(subject.send)
        #expect(recorder.history == [.subscription])
        subject.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(4), .finished])

        let upstream = ControlledPublisher<Int, Never>()
        let thrown = Recorder<Int, any Error>()
        upstream.tryLast { _ in throw TestError.oops }.subscribe(thrown)
        upstream.send(1)
        #expect(thrown.history == [.subscription, .failure("oops")])
        #expect(upstream.cancelCount == 1)

        let none = Recorder<Int, any Error>()
        [1, 3].generalPublisher.tryLast { $0.isMultiple(of: 2) }.subscribe(none)
        #expect(none.history == [.subscription, .finished])
    }

    @Test func generalTryOperatorsCancelTheUpstreamWhenTheyThrow() {
        let reduced = ControlledPublisher<Int, Never>()
        let reducedRecorder = Recorder<Int, any Error>()
        let sum: Publishers.TryReduce<ControlledPublisher<Int, Never>, Int> = reduced.tryReduce(0) { total, value in
            if value < 0 { throw TestError.oops }
            return total + value
        }
        sum.subscribe(reducedRecorder)
        reduced.send(1)
        reduced.send(-1)
        #expect(reducedRecorder.history == [.subscription, .failure("oops")])
        #expect(reduced.cancelCount == 1)

        let scanned = ControlledPublisher<Int, Never>()
        let scannedRecorder = Recorder<Int, any Error>()
        let running: Publishers.TryScan<ControlledPublisher<Int, Never>, Int> = scanned.tryScan(0) { total, value in
            if value < 0 { throw TestError.other }
            return total + value
        }
        running.subscribe(scannedRecorder)
        scanned.send(2)
        scanned.send(-1)
        #expect(scannedRecorder.history == [.subscription, .value(2), .failure("other")])
        #expect(scanned.cancelCount == 1)

        let repeated = ControlledPublisher<Int, Never>()
        let repeatedRecorder = Recorder<Int, any Error>()
        let distinct: Publishers.TryRemoveDuplicates<ControlledPublisher<Int, Never>> =
            repeated.tryRemoveDuplicates { previous, value in
                if value < 0 { throw TestError.oops }
                return previous == value
            }
        distinct.subscribe(repeatedRecorder)
        repeated.send(1)
        #expect(repeated.send(1) == .max(1))
        repeated.send(-1)
        #expect(repeatedRecorder.history == [.subscription, .value(1), .failure("oops")])
        #expect(repeated.cancelCount == 1)

        let searched = ControlledPublisher<Int, Never>()
        let searchedRecorder = Recorder<Int, any Error>()
        let first: Publishers.TryFirstWhere<ControlledPublisher<Int, Never>> = searched.tryFirst { value in
            if value < 0 { throw TestError.other }
            return value > 5
        }
        first.subscribe(searchedRecorder)
        searched.send(1)
        searched.send(-1)
        #expect(searchedRecorder.history == [.subscription, .failure("other")])
        #expect(searched.cancelCount == 1)
    }

    @Test func firstAndLastWhereOnAGeneralPublisher() {
        let first = Recorder<Int, Never>()
        let firstWhere: Publishers.FirstWhere<AnyPublisher<Int, Never>> = [1, 4, 6].generalPublisher.first { $0 > 3 }
        firstWhere.subscribe(first)
        #expect(first.history == [.subscription, .value(4), .finished])
        let last = Recorder<Int, Never>()
        let lastWhere: Publishers.LastWhere<AnyPublisher<Int, Never>> = [1, 4, 6, 2].generalPublisher.last { $0 > 3 }
        lastWhere.subscribe(last)
        #expect(last.history == [.subscription, .value(6), .finished])
    }

    @Test func outputAtAndInSelectPositionsThenFinish() {
        let subject = PassthroughSubject<String, Never>()
        let single = Recorder<String, Never>()
        let range = Recorder<String, Never>()
        let atTwo: Publishers.Output<PassthroughSubject<String, Never>> = subject.output(at: 2)
        atTwo.subscribe(single)
        subject.output(in: 1...2).subscribe(range)
        ["a", "b", "c", "d"].forEach(subject.send)
        #expect(single.history == [.subscription, .value("c"), .finished])
        #expect(range.history == [.subscription, .value("b"), .value("c"), .finished])
    }
}
