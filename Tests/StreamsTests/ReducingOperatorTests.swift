import Streams
import Testing

/// The general (non-eager) count, contains, allSatisfy, min/max and ignoreOutput: each
/// reads the upstream with unlimited demand and holds its one answer until it is asked for.
@Suite struct ReducingOperatorTests {
    @Test func countSendsTheCountWhenTheUpstreamFinishes() {
        let subject = PassthroughSubject<String, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(1))
        let counted: Publishers.Count<PassthroughSubject<String, Never>> = subject.count()
        counted.subscribe(recorder)
        ["a", "b", "c"].forEach(subject.send)
        #expect(recorder.history == [.subscription])
        subject.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(3), .finished])
    }

    @Test func countReadsEverythingBeforeAnyDemandAndWaitsToSend() {
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        upstream.count().subscribe(recorder)
        #expect(upstream.requests == [.unlimited])
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        #expect(recorder.history == [.subscription])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(2), .finished])
        #expect(upstream.cancelCount == 0)
    }

    @Test func countOfAnEmptyStreamIsZero() {
        let recorder = Recorder<Int, Never>()
        [Int]().generalPublisher.count().subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(0), .finished])
    }

    @Test func countPassesOnAFailureAndStopsWhenCancelled() {
        let subject = PassthroughSubject<Int, TestError>()
        let failing = Recorder<Int, TestError>()
        subject.count().subscribe(failing)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(failing.history == [.subscription, .failure("oops")])

        let upstream = ControlledPublisher<Int, Never>()
        let cancelled = Recorder<Int, Never>()
        upstream.count().subscribe(cancelled)
        upstream.send(1)
        cancelled.cancel()
        upstream.send(completion: .finished)
        #expect(cancelled.history == [.subscription])
        #expect(upstream.cancelCount == 1)
    }

    @Test func countIsEquatableWhenItsUpstreamIs() {
        #expect(Empty<Int, Never>().count() == Empty<Int, Never>().count())
        #expect(Empty<Int, Never>().count() != Empty<Int, Never>(completeImmediately: false).count())
    }

    @Test func containsFinishesEarlyAndCancelsTheUpstream() {
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Bool, Never>(initialDemand: .max(1))
        let search: Publishers.Contains<ControlledPublisher<Int, Never>> = upstream.contains(2)
        search.subscribe(recorder)
        #expect(upstream.requests.contains(.unlimited))
        upstream.send(1)
        #expect(recorder.history == [.subscription])
        upstream.send(2)
        #expect(recorder.history == [.subscription, .value(true), .finished])
        #expect(upstream.cancelCount == 1)
        upstream.send(2)
        #expect(recorder.history == [.subscription, .value(true), .finished])
    }

    @Test func containsSendsFalseWhenTheUpstreamFinishesWithoutIt() {
        let recorder = Recorder<Bool, Never>()
        [1, 3, 5].generalPublisher.contains(2).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(false), .finished])
    }

    @Test func containsHoldsItsAnswerUntilDemanded() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Bool, Never>(initialDemand: .none)
        subject.contains(where: { $0 > 10 }).subscribe(recorder)
        subject.send(11)
        #expect(recorder.history == [.subscription])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(true), .finished])
    }

    @Test func containsWherePassesOnAFailure() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Bool, TestError>()
        let search: Publishers.ContainsWhere<PassthroughSubject<Int, TestError>> = subject.contains { $0 < 0 }
        search.subscribe(recorder)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .failure("oops")])
    }

    @Test func tryContainsFailsWithTheThrownErrorAndCancelsTheUpstream() {
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Bool, any Error>()
        let search: Publishers.TryContainsWhere<ControlledPublisher<Int, Never>> = upstream.tryContains { value in
            if value == 0 { throw TestError.other }
            return value > 10
        }
        search.subscribe(recorder)
        upstream.send(1)
        upstream.send(0)
        #expect(recorder.history == [.subscription, .failure("other")])
        #expect(upstream.cancelCount == 1)

        let found = Recorder<Bool, any Error>()
        [1, 20].generalPublisher.tryContains { $0 > 10 }.subscribe(found)
        #expect(found.history == [.subscription, .value(true), .finished])
        let missing = Recorder<Bool, any Error>()
        [1, 2].generalPublisher.tryContains { $0 > 10 }.subscribe(missing)
        #expect(missing.history == [.subscription, .value(false), .finished])
    }

    @Test func containsIsEquatableWhenItsUpstreamIs() {
        #expect(Empty<Int, Never>().contains(1) == Empty<Int, Never>().contains(1))
        #expect(Empty<Int, Never>().contains(1) != Empty<Int, Never>().contains(2))
    }

    @Test func allSatisfySendsFalseAtTheFirstRejectedValue() {
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Bool, Never>(initialDemand: .max(1))
        let check: Publishers.AllSatisfy<ControlledPublisher<Int, Never>> = upstream.allSatisfy { $0 > 0 }
        check.subscribe(recorder)
        #expect(upstream.requests.contains(.unlimited))
        upstream.send(1)
        #expect(recorder.history == [.subscription])
        upstream.send(-1)
        #expect(recorder.history == [.subscription, .value(false), .finished])
        #expect(upstream.cancelCount == 1)
    }

    @Test func allSatisfySendsTrueWhenEveryValuePassesOrNoneCame() {
        let all = Recorder<Bool, Never>()
        [1, 2, 3].generalPublisher.allSatisfy { $0 > 0 }.subscribe(all)
        #expect(all.history == [.subscription, .value(true), .finished])
        let none = Recorder<Bool, Never>()
        [Int]().generalPublisher.allSatisfy { _ in false }.subscribe(none)
        #expect(none.history == [.subscription, .value(true), .finished])
        let failing = Recorder<Bool, TestError>()
        Fail<Int, TestError>(error: .oops).allSatisfy { _ in true }.subscribe(failing)
        #expect(failing.history == [.subscription, .failure("oops")])
    }

    @Test func tryAllSatisfyFailsWithTheThrownError() {
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Bool, any Error>()
        let check: Publishers.TryAllSatisfy<ControlledPublisher<Int, Never>> = upstream.tryAllSatisfy { value in
            if value == 0 { throw TestError.oops }
            return true
        }
        check.subscribe(recorder)
        upstream.send(0)
        #expect(recorder.history == [.subscription, .failure("oops")])
        #expect(upstream.cancelCount == 1)
        let passing = Recorder<Bool, any Error>()
        [1, 2].generalPublisher.tryAllSatisfy { $0 > 0 }.subscribe(passing)
        #expect(passing.history == [.subscription, .value(true), .finished])
    }

    @Test func minAndMaxSendTheExtremeWhenTheUpstreamFinishes() {
        let subject = PassthroughSubject<Int, Never>()
        let lowest = Recorder<Int, Never>(initialDemand: .max(1))
        let highest = Recorder<Int, Never>(initialDemand: .max(1))
        let minimum: Publishers.Comparison<PassthroughSubject<Int, Never>> = subject.min()
        let maximum: Publishers.Comparison<PassthroughSubject<Int, Never>> = subject.max()
        minimum.subscribe(lowest)
        maximum.subscribe(highest)
        [3, 1, 4, 1, 5, 9, 2].forEach(subject.send)
        #expect(lowest.history == [.subscription])
        subject.send(completion: .finished)
        #expect(lowest.history == [.subscription, .value(1), .finished])
        #expect(highest.history == [.subscription, .value(9), .finished])
    }

    @Test func minAndMaxByAnOrderingKeepTheFirstOfEqualValues() {
        let words = ["bb", "a", "cc", "d"]
        let shortest = Recorder<String, Never>()
        words.generalPublisher.min { $0.count < $1.count }.subscribe(shortest)
        #expect(shortest.history == [.subscription, .value("a"), .finished])
        let longest = Recorder<String, Never>()
        words.generalPublisher.max { $0.count < $1.count }.subscribe(longest)
        #expect(longest.history == [.subscription, .value("bb"), .finished])
    }

    @Test func minOfNothingJustFinishesAndFailuresPassOn() {
        let empty = Recorder<Int, Never>()
        [Int]().generalPublisher.min().subscribe(empty)
        #expect(empty.history == [.subscription, .finished])
        let failing = Recorder<Int, TestError>()
        Fail<Int, TestError>(error: .oops).max().subscribe(failing)
        #expect(failing.history == [.subscription, .failure("oops")])
    }

    @Test func tryMinAndTryMaxFailWithTheThrownErrorAndCancelTheUpstream() {
        let ordered = Recorder<Int, any Error>()
        let minimum: Publishers.TryComparison<AnyPublisher<Int, Never>> = [2, 1, 3].generalPublisher.tryMin { $0 < $1 }
        minimum.subscribe(ordered)
        #expect(ordered.history == [.subscription, .value(1), .finished])
        let largest = Recorder<Int, any Error>()
        [2, 1, 3].generalPublisher.tryMax { $0 < $1 }.subscribe(largest)
        #expect(largest.history == [.subscription, .value(3), .finished])

        let upstream = ControlledPublisher<Int, Never>()
        let thrown = Recorder<Int, any Error>()
        upstream.tryMax { _, _ in throw TestError.other }.subscribe(thrown)
        upstream.send(1)  // nothing to compare with yet
        #expect(thrown.history == [.subscription])
        upstream.send(2)
        #expect(thrown.history == [.subscription, .failure("other")])
        #expect(upstream.cancelCount == 1)
    }

    @Test func ignoreOutputPassesOnOnlyTheCompletionWithoutAnyDemand() {
        let upstream = ControlledPublisher<Int, TestError>()
        let recorder = Recorder<Never, TestError>(initialDemand: .none)
        let ignored: Publishers.IgnoreOutput<ControlledPublisher<Int, TestError>> = upstream.ignoreOutput()
        ignored.subscribe(recorder)
        #expect(upstream.requests == [.unlimited])
        #expect(upstream.send(1) == .none)
        upstream.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .failure("oops")])

        let finished = Recorder<Never, Never>()
        [1, 2].generalPublisher.ignoreOutput().subscribe(finished)
        #expect(finished.history == [.subscription, .finished])
        #expect(Empty<Int, Never>().ignoreOutput() == Empty<Int, Never>().ignoreOutput())
    }

    @Test func ignoreOutputCancelReachesTheUpstream() {
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Never, Never>()
        upstream.ignoreOutput().subscribe(recorder)
        recorder.cancel()
        upstream.send(completion: .finished)
        #expect(recorder.history == [.subscription])
        #expect(upstream.cancelCount == 1)
    }

    /// As in Combine, every operator that needs the whole upstream (or searches it) asks it
    /// for everything at once: values a subject sends before the downstream's first
    /// request still count, and the answer waits for that request.
    @Test func reduceLikeOperatorsReadTheUpstreamBeforeAnyDemand() {
        func answer<P: Publisher>(_ makePublisher: (PassthroughSubject<Int, Never>) -> P) -> [P.Output]
        where P.Output: Equatable {
            let subject = PassthroughSubject<Int, Never>()
            let recorder = Recorder<P.Output, P.Failure>(initialDemand: .none)
            makePublisher(subject).subscribe(recorder)
            subject.send(1)
            subject.send(2)
            subject.send(completion: .finished)
            guard recorder.values.isEmpty else { return [] }  // sent without demand
            recorder.request(.max(1))
            return recorder.values
        }
        #expect(answer { $0.count() } == [2])
        #expect(answer { $0.contains(2) } == [true])
        #expect(answer { $0.allSatisfy { $0 > 0 } } == [true])
        #expect(answer { $0.min() } == [1])
        #expect(answer { $0.max() } == [2])
        #expect(answer { $0.reduce(0, +) } == [3])
        #expect(answer { $0.tryReduce(0, +) } == [3])
        #expect(answer { $0.collect() } == [[1, 2]])
        #expect(answer { $0.first() } == [1])
        #expect(answer { $0.first { $0 > 1 } } == [2])
        #expect(answer { $0.tryFirst { $0 > 1 } } == [2])
        #expect(answer { $0.last() } == [2])
        #expect(answer { $0.last { $0 < 2 } } == [1])
        #expect(answer { $0.tryLast { $0 < 2 } } == [1])

        let upstream = ControlledPublisher<Int, Never>()
        let firsts = Recorder<Int, Never>(initialDemand: .none)
        upstream.first().subscribe(firsts)
        #expect(upstream.requests == [.unlimited])
        upstream.send(5)
        #expect(upstream.cancelCount == 1)
        firsts.request(.max(1))
        #expect(firsts.history == [.subscription, .value(5), .finished])
    }
}
