import Streams
import Testing

/// The general append/prepend: Publishers.Concatenate built from a publisher, a sequence or
/// variadic values.
@Suite struct ConcatenateTests {
    @Test func appendSubscribesToTheSuffixOnlyWhenThePrefixFinishes() {
        let first = ControlledPublisher<Int, Never>()
        let second = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(3))
        let joined: Publishers.Concatenate<ControlledPublisher<Int, Never>, ControlledPublisher<Int, Never>> =
            first.append(second)
        joined.subscribe(recorder)
        #expect(first.requests == [.max(3)])
        #expect(second.requests.isEmpty)
        first.send(1)
        first.send(completion: .finished)
        // The suffix is asked only for the demand still outstanding.
        #expect(second.requests == [.max(2)])
        second.send(2)
        second.send(3)
        second.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .value(3), .finished])
    }

    @Test func demandArrivingLaterGoesToTheLivePart() {
        let first = PassthroughSubject<Int, Never>()
        let second = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .none)
        first.append(second).subscribe(recorder)
        first.send(completion: .finished)
        #expect(second.requests.isEmpty)
        recorder.request(.max(2))
        #expect(second.requests == [.max(2)])
        #expect(recorder.history == [.subscription])
    }

    @Test func appendValuesAndSequencesComeAfterTheUpstream() {
        let subject = PassthroughSubject<Int, Never>()
        let variadic = Recorder<Int, Never>()
        let sequence = Recorder<Int, Never>(initialDemand: .max(3))
        let appended: Publishers.Concatenate<PassthroughSubject<Int, Never>, Publishers.Sequence<[Int], Never>> =
            subject.append(8, 9)
        appended.subscribe(variadic)
        let ranged:
            Publishers.Concatenate<PassthroughSubject<Int, Never>, Publishers.Sequence<ClosedRange<Int>, Never>> =
                subject.append(5...9)
        ranged.subscribe(sequence)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(variadic.history == [.subscription, .value(1), .value(8), .value(9), .finished])
        #expect(sequence.history == [.subscription, .value(1), .value(5), .value(6)])
        sequence.request(.unlimited)
        #expect(sequence.values == [1, 5, 6, 7, 8, 9])
        #expect(sequence.history.last == .finished)
    }

    @Test func prependSendsItsValuesBeforeSubscribingToTheUpstream() {
        let upstream = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, Never>(initialDemand: .max(3))
        let prepended: Publishers.Concatenate<Publishers.Sequence<[Int], Never>, ControlledPublisher<Int, Never>> =
            upstream.prepend(0, 1)
        prepended.subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(0), .value(1)])
        #expect(upstream.requests == [.max(1)])
        upstream.send(2)
        upstream.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(0), .value(1), .value(2), .finished])

        let fromSequence = Recorder<String, Never>()
        ["c"].generalPublisher.prepend(["a", "b"]).subscribe(fromSequence)
        #expect(fromSequence.values == ["a", "b", "c"])
        let fromPublisher = Recorder<String, Never>()
        let joined: Publishers.Concatenate<AnyPublisher<String, Never>, AnyPublisher<String, Never>> =
            ["c"].generalPublisher.prepend(["a", "b"].generalPublisher)
        joined.subscribe(fromPublisher)
        #expect(fromPublisher.history == [.subscription, .value("a"), .value("b"), .value("c"), .finished])
    }

    @Test func aFailingPrefixEndsTheStreamWithoutTheSuffix() {
        let first = PassthroughSubject<Int, TestError>()
        let second = ControlledPublisher<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        first.append(second).subscribe(recorder)
        first.send(1)
        first.send(completion: .failure(.oops))
        #expect(recorder.history == [.subscription, .value(1), .failure("oops")])
        #expect(second.requests.isEmpty)
        second.send(2)
        #expect(recorder.history == [.subscription, .value(1), .failure("oops")])
    }

    @Test func aFailingSuffixFailsTheStream() {
        let recorder = Recorder<Int, TestError>()
        [1].publisher.setFailureType(to: TestError.self).eraseToAnyPublisher()
            .append(Fail<Int, TestError>(error: .other)).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .failure("other")])
    }

    @Test func cancelReachesWhicheverPartIsLive() {
        let first = ControlledPublisher<Int, Never>()
        let second = ControlledPublisher<Int, Never>()
        let early = Recorder<Int, Never>()
        first.append(second).subscribe(early)
        early.cancel()
        #expect(first.cancelCount == 1)
        first.send(completion: .finished)
        #expect(second.requests.isEmpty)
        #expect(early.history == [.subscription])

        let third = ControlledPublisher<Int, Never>()
        let fourth = ControlledPublisher<Int, Never>()
        let late = Recorder<Int, Never>()
        third.append(fourth).subscribe(late)
        third.send(completion: .finished)
        late.cancel()
        #expect(third.cancelCount == 0)
        #expect(fourth.cancelCount == 1)
        fourth.send(5)
        #expect(late.history == [.subscription])
    }

    @Test func eventsFromAFinishedPrefixAreIgnored() {
        let first = ControlledPublisher<Int, Never>()
        let second = ControlledPublisher<Int, Never>()
        let recorder = Recorder<Int, Never>()
        first.append(second).subscribe(recorder)
        first.send(completion: .finished)
        #expect(first.send(9) == .none)
        first.send(completion: .finished)
        second.send(1)
        #expect(recorder.history == [.subscription, .value(1)])
    }

    @Test func concatenateIsEquatableWhenBothPartsAre() {
        let empty = Empty<Int, Never>()
        #expect(empty.append(empty) == empty.append(empty))
        #expect(empty.append(empty) != empty.append(Empty(completeImmediately: false)))
    }
}
