import Foundation
import Streams
import Testing

/// Combine's prefix(untilOutputFrom:), drop(untilOutputFrom:), assertNoFailure,
/// breakpoint, breakpointOnError, Record (and its coding), and AnySubscriber wrapping a
/// subject.
@Suite struct AddedCombineOperatorTests {
    // MARK: prefix(untilOutputFrom:)

    @Test func prefixPassesValuesUntilTheOtherSendsThenFinishes() {
        let upstream = ControlledPublisher<Int, Never>()
        let stop = ControlledPublisher<String, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(3))
        upstream.prefix(untilOutputFrom: stop).subscribe(recorder)
        #expect(stop.requests == [.max(1)])
        #expect(upstream.requests == [.max(3)])
        upstream.send(1)
        upstream.send(2)
        stop.send("stop")
        upstream.send(3)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
        #expect(upstream.cancelCount == 1)
    }

    @Test func prefixIgnoresTheOthersCompletion() {
        let upstream = ControlledPublisher<Int, TestError>()
        let stop = ControlledPublisher<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        upstream.prefix(untilOutputFrom: stop).subscribe(recorder)
        stop.send(completion: .failure(.oops))
        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1), .finished])
    }

    @Test func prefixFinishesAtOnceWhenTheOtherHasAlreadySent() {
        let recorder = Recorder<Int, Never>()
        [1, 2].publisher.prefix(untilOutputFrom: Just(0)).subscribe(recorder)
        #expect(recorder.history == [.subscription, .finished])
    }

    @Test func prefixCancelsBothOnCancel() {
        let upstream = ControlledPublisher<Int, Never>()
        let stop = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, Never>()
        upstream.prefix(untilOutputFrom: stop).subscribe(recorder)
        recorder.cancel()
        upstream.send(1)
        #expect(upstream.cancelCount == 1)
        #expect(stop.cancelCount == 1)
        #expect(recorder.history == [.subscription])
    }

    // MARK: drop(untilOutputFrom:)

    @Test func dropDropsValuesUntilTheOtherSends() {
        let upstream = ControlledPublisher<Int, Never>()
        let start = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(4))
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        #expect(start.requests == [.max(1)])
        #expect(upstream.requests == [.max(4)])
        #expect(upstream.send(1) == .none)
        start.send(0)
        upstream.send(2)
        upstream.send(3)
        #expect(recorder.history == [.subscription, .value(2), .value(3)])
    }

    @Test func dropEndsWithTheOthersCompletionBeforeItSends() {
        let upstream = ControlledPublisher<Int, TestError>()
        let start = ControlledPublisher<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        start.send(completion: .failure(.oops))
        upstream.send(1)
        #expect(recorder.history == [.subscription, .failure("oops")])
        #expect(upstream.cancelCount == 1)
    }

    @Test func dropIgnoresTheOthersCompletionAfterItSent() {
        let upstream = ControlledPublisher<Int, TestError>()
        let start = ControlledPublisher<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        start.send(1)
        start.send(completion: .failure(.oops))
        upstream.send(5)
        upstream.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(5), .finished])
    }

    // MARK: assertNoFailure

    @Test func assertNoFailurePassesValuesAndFinish() {
        let recorder = Recorder<Int, Never>()
        [1, 2].publisher.setFailureType(to: TestError.self).assertNoFailure().subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test func assertNoFailureStopsTheProgramOnFailure() async {
        await #expect(processExitsWith: .failure) {
            _ = Fail<Int, TestError>(error: .oops).assertNoFailure("settings").sink { _ in }
        }
    }

    // MARK: breakpoint

    @Test func breakpointPassesEverythingWhenNoClosureAsksToStop() {
        var seen: [Int] = []
        let recorder = Recorder<Int, TestError>()
        Record<Int, TestError>(output: [1, 2], completion: .failure(.oops))
            .breakpoint(
                receiveOutput: {
                    seen.append($0)
                    return false
                }, receiveCompletion: { _ in false }
            )
            .breakpoint()
            .subscribe(recorder)
        #expect(seen == [1, 2])
        #expect(recorder.history == [.subscription, .value(1), .value(2), .failure("oops")])
    }

    @Test func breakpointOnErrorRaisesATrapOnFailure() async {
        await #expect(processExitsWith: .signal(SIGTRAP)) {
            _ = Fail<Int, TestError>(error: .oops).breakpointOnError().sink(
                receiveCompletion: { _ in }, receiveValue: { _ in })
        }
    }

    @Test func breakpointOnErrorLetsAFinishPass() {
        let recorder = Recorder<Int, TestError>()
        Record<Int, TestError>(output: [1], completion: .finished).breakpointOnError().subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .finished])
    }

    // MARK: Record

    @Test func recordReplaysItsOutputAtTheSubscribersPaceThenItsCompletion() {
        let record = Record<Int, TestError>(output: [1, 2, 3], completion: .failure(.oops))
        let recorder = Recorder<Int, TestError>(initialDemand: .max(2))
        record.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
        recorder.request(.max(1))
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .failure("oops")])
        let again = Recorder<Int, TestError>()
        record.subscribe(again)
        #expect(again.values == [1, 2, 3])
    }

    @Test func recordBuiltByAClosureHoldsWhatItReceived() {
        let record = Record<String, TestError> { recording in
            recording.receive("a")
            recording.receive("b")
            recording.receive(completion: .finished)
        }
        #expect(record.recording.output == ["a", "b"])
        #expect(recordedEvents(of: record) == [.subscription, .value("a"), .value("b"), .finished])
        let empty = Record<Int, Never> { _ in }
        #expect(recordedEvents(of: empty) == [.subscription, .finished])
    }

    // MARK: Record's coding

    @Test func aRecordEncodesItsValuesAndCompletionWithCombinesKeysAndDecodesComplete() throws {
        struct Failure: Error, Codable, Equatable { let code: Int }
        let record = Record<Int, Failure>(output: [1, 2], completion: .failure(Failure(code: 7)))
        let data = try JSONEncoder().encode(record)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let recording = object?["recording"] as? [String: Any]
        #expect(recording?["output"] as? [Int] == [1, 2])
        #expect(recording?["completion"] != nil)
        let decoded = try JSONDecoder().decode(Record<Int, Failure>.self, from: data)
        #expect(decoded.recording.output == [1, 2])
        #expect(decoded.recording.completion == .failure(Failure(code: 7)))
    }

    // MARK: AnySubscriber(subject)

    @Test func anySubscriberWrappingASubjectFeedsItAsSubscribeDoes() {
        let upstream = ControlledPublisher<Int, Never>()
        let subject = PassthroughSubject<Int, Never>()
        upstream.subscribe(AnySubscriber(subject))
        // The subject asks its feed only once it has a subscriber with demand.
        #expect(upstream.requests == [])
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        #expect(upstream.requests == [.unlimited])
        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1), .finished])
    }
}
