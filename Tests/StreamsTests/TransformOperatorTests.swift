import Streams
import Testing

/// map, key-path map, compactMap, filter, mapError, setFailureType, replaceNil,
/// replaceError, tryMap, tryFilter: values, completion, failure, cancel and demand.
@Suite struct TransformOperatorTests {
    struct Point: Equatable {
        var x: Int
        var y: Int
        var z: Int
    }

    @Test func mapValuesCompletionAndFailure() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<String, TestError>()
        subject.map { "\($0 * 2)" }.subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value("2"), .value("4"), .failure("oops")])
    }

    @Test func mapDemandAndCancel() {
        let recorder = Recorder<Int, Never>(initialDemand: .max(2))
        [1, 2, 3].generalPublisher.map { $0 * 10 }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(10), .value(20)])
        recorder.cancel()
        recorder.request(.max(1))
        #expect(recorder.values == [10, 20])
    }

    @Test func keyPathMaps() {
        let points = [Point(x: 1, y: 2, z: 3)].publisher
        let one = Recorder<Int, Never>()
        points.map(\.x).subscribe(one)
        #expect(one.history == [.subscription, .value(1), .finished])
        var pairs: [String] = []
        let two = points.map(\.x, \.y).sink { pairs.append("\($0.0),\($0.1)") }
        let three = points.map(\.x, \.y, \.z).sink { pairs.append("\($0.0),\($0.1),\($0.2)") }
        #expect(pairs == ["1,2", "1,2,3"])
        two.cancel()
        three.cancel()
    }

    @Test func compactMapDropsNilAndReturnsDemand() {
        let recorder = Recorder<Int, Never>(initialDemand: .max(2))
        ["1", "x", "2", "3"].generalPublisher.compactMap { Int($0) }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
    }

    @Test func filterKeepsDemandExact() {
        let recorder = Recorder<Int, Never>(initialDemand: .max(2))
        (1...10).generalPublisher.filter { $0.isMultiple(of: 3) }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(3), .value(6)])
        recorder.request(.unlimited)
        #expect(recorder.history == [.subscription, .value(3), .value(6), .value(9), .finished])
    }

    @Test func filterPassesFailureAndStopsAfterCancel() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        subject.filter { $0 > 0 }.subscribe(recorder)
        subject.send(-1)
        subject.send(1)
        recorder.cancel()
        subject.send(2)
        subject.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value(1)])

        let failing = Recorder<Int, TestError>()
        Fail<Int, TestError>(error: .oops).filter { _ in true }.subscribe(failing)
        #expect(failing.history == [.subscription, .failure("oops")])
    }

    @Test func mapErrorConvertsOnlyFailures() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        subject.mapError { _ in TestError.other }.subscribe(recorder)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value(1), .failure("other")])
    }

    @Test func setFailureTypeRetypesAndPassesValues() {
        let recorder = Recorder<Int, TestError>(initialDemand: .max(1))
        [1, 2].generalPublisher.setFailureType(to: TestError.self).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1)])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func replaceNil() {
        let recorder = Recorder<Int, Never>()
        [1, nil, 3].generalPublisher.replaceNil(with: 0).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(0), .value(3), .finished])
    }

    @Test func replaceErrorSendsValueThenFinishes() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, Never>()
        subject.replaceError(with: -1).subscribe(recorder)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value(1), .value(-1), .finished])
    }

    @Test func replaceErrorWaitsForDemand() {
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        Fail<Int, TestError>(error: .oops).replaceError(with: 9).subscribe(recorder)
        #expect(recorder.history == [.subscription])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(9), .finished])
    }

    @Test func replaceErrorPassesFinish() {
        let recorder = Recorder<Int, Never>()
        [1].publisher.setFailureType(to: TestError.self).replaceError(with: 0).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .finished])
    }

    @Test func tryMapFailsOnThrowAndCancelsUpstream() {
        let subject = PassthroughSubject<Int, Never>()
        var cancelled = false
        let recorder = Recorder<Int, any Error>()
        subject
            .handleEvents(receiveCancel: { cancelled = true })
            .tryMap { value -> Int in
                if value == 2 { throw TestError.oops }
                return value * 10
            }
            .subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(recorder.history == [.subscription, .value(10), .failure("oops")])
        #expect(cancelled)
    }

    @Test func tryMapPassesUpstreamFailureAndDemand() {
        let failing = Recorder<Int, any Error>()
        Fail<Int, TestError>(error: .other).tryMap { $0 }.subscribe(failing)
        #expect(failing.history == [.subscription, .failure("other")])

        let limited = Recorder<Int, any Error>(initialDemand: .max(1))
        [1, 2].publisher.tryMap { $0 }.subscribe(limited)
        #expect(limited.history == [.subscription, .value(1)])
        limited.request(.max(1))
        #expect(limited.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func tryMapCancel() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, any Error>()
        subject.tryMap { $0 }.subscribe(recorder)
        subject.send(1)
        recorder.cancel()
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1)])
    }

    @Test func tryFilter() {
        let recorder = Recorder<Int, any Error>(initialDemand: .max(1))
        (1...6).publisher.tryFilter { value in
            if value == 5 { throw TestError.oops }
            return value.isMultiple(of: 2)
        }.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(2)])
        recorder.request(.unlimited)
        #expect(recorder.history == [.subscription, .value(2), .value(4), .failure("oops")])
    }
}
