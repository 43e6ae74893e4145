import Streams
import Testing

/// Combine's operator fusions: `tryMap` after `map`, `map`/`tryMap` after `tryMap`,
/// `tryFilter` after `filter`, `filter`/`tryFilter` after `tryFilter`, `map` after
/// `compactMap`. Each gives one stage of Combine's type over the original upstream, and
/// the fused stage behaves like the two stages it replaces.
/// Sequences are published with `generalPublisher`, because `Publishers.Sequence`'s own
/// eager overloads would replace the stages under test.
@Suite struct OperatorFusionTests {
    @Test func mapThenTryMapIsOneTryMap() {
        let subject = PassthroughSubject<Int, TestError>()
        let fused: Publishers.TryMap<PassthroughSubject<Int, TestError>, String> =
            subject.map { $0 * 10 }.tryMap { value in
                guard value < 30 else { throw TestError.other }
                return "\(value)"
            }
        let recorder = Recorder<String, any Error>()
        fused.subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        subject.send(4)
        #expect(recorder.history == [.subscription, .value("10"), .value("20"), .failure("other")])
    }

    @Test func mapThenTryMapPassesTheUpstreamFailure() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, any Error>()
        subject.map { $0 + 1 }.tryMap { $0 * 2 }.subscribe(recorder)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value(4), .failure("oops")])
    }

    @Test func tryMapThenMapAndTryMapStayOneTryMap() {
        let numbers = [1, 2, 3, 4].generalPublisher
        let mapped: Publishers.TryMap<AnyPublisher<Int, Never>, String> =
            numbers.tryMap { value -> Int in
                guard value != 3 else { throw TestError.oops }
                return value * 2
            }.map { "<\($0)>" }
        let recorder = Recorder<String, any Error>()
        mapped.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value("<2>"), .value("<4>"), .failure("oops")])

        let twice: Publishers.TryMap<AnyPublisher<Int, Never>, Int> =
            numbers.tryMap { $0 + 1 }.tryMap { value -> Int in
                guard value != 4 else { throw TestError.other }
                return value * 100
            }
        let second = Recorder<Int, any Error>()
        twice.subscribe(second)
        #expect(second.history == [.subscription, .value(200), .value(300), .failure("other")])
    }

    @Test func fusedTryMapKeepsDemand() {
        let recorder = Recorder<Int, any Error>(initialDemand: .max(2))
        [1, 2, 3].generalPublisher.map { $0 * 2 }.tryMap { $0 + 1 }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(3), .value(5)])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(3), .value(5), .value(7), .finished])
    }

    @Test func filterThenTryFilterIsOneTryFilter() {
        var asked: [Int] = []
        let fused: Publishers.TryFilter<AnyPublisher<Int, Never>> =
            (1...8).generalPublisher.filter { $0.isMultiple(of: 2) }.tryFilter { value in
                asked.append(value)
                guard value < 8 else { throw TestError.oops }
                return value != 4
            }
        let recorder = Recorder<Int, any Error>()
        fused.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(2), .value(6), .failure("oops")])
        // The second predicate is asked only about values the first one keeps.
        #expect(asked == [2, 4, 6, 8])
    }

    @Test func tryFilterThenFilterAndTryFilterStayOneTryFilter() {
        var asked: [Int] = []
        let filtered: Publishers.TryFilter<AnyPublisher<Int, Never>> =
            (1...6).generalPublisher.tryFilter { value in
                guard value < 6 else { throw TestError.other }
                return value > 1
            }.filter { value in
                asked.append(value)
                return value.isMultiple(of: 2)
            }
        let recorder = Recorder<Int, any Error>()
        filtered.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(2), .value(4), .failure("other")])
        #expect(asked == [2, 3, 4, 5])

        let twice: Publishers.TryFilter<AnyPublisher<Int, Never>> =
            (1...6).generalPublisher.tryFilter { $0 > 2 }.tryFilter { value in
                guard value < 5 else { throw TestError.oops }
                return true
            }
        let second = Recorder<Int, any Error>()
        twice.subscribe(second)
        #expect(second.history == [.subscription, .value(3), .value(4), .failure("oops")])
    }

    @Test func fusedTryFilterHandsBackDemandForDroppedValues() {
        let recorder = Recorder<Int, any Error>(initialDemand: .max(1))
        (1...7).generalPublisher.filter { $0 > 1 }.tryFilter { $0.isMultiple(of: 3) }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(3)])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(3), .value(6)])
    }

    @Test func compactMapThenMapIsOneCompactMap() {
        var mapped: [Int] = []
        let fused: Publishers.CompactMap<AnyPublisher<String, Never>, String> =
            ["1", "x", "3"].generalPublisher.compactMap { Int($0) }.map { value in
                mapped.append(value)
                return "#\(value)"
            }
        let recorder = Recorder<String, Never>(initialDemand: .max(1))
        fused.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value("#1")])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value("#1"), .value("#3"), .finished])
        // `map` never sees the values `compactMap` dropped.
        #expect(mapped == [1, 3])
    }

    @Test func compactMapThenMapPassesFailure() {
        let subject = PassthroughSubject<String, TestError>()
        let recorder = Recorder<Int, TestError>()
        subject.compactMap { Int($0) }.map { $0 * 2 }.subscribe(recorder)
        subject.send("4")
        subject.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value(8), .failure("oops")])
    }
}
